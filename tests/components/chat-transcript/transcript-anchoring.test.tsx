import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../src/lib/chat';
import { Transcript } from '../../../src/features/chat/components/transcript';
import { framesPassed } from '../support/frames';
import { fakeScrollLayout } from './fake-scroll-layout';
import { mockActions } from './mock-actions';

const actions = mockActions();

/** Ten messages, the last a reply `words` words long so far. */
function streaming(words: number): ConversationMessage[] {
  return [
    ...Array.from({ length: 9 }, (_, i) => ({
      id: `m${i}`,
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `Message number ${i + 1}`,
      createdAt: 0,
    })),
    { id: 'reply', role: 'assistant', content: 'word '.repeat(words), createdAt: 0, status: 'streaming' },
  ];
}

const transcript = (messages: ConversationMessage[]) => (
  <Transcript
    messages={messages}
    busy={false}
    editingId={null}
    rendering={{ plain: true, jsonMode: false }}
    actions={actions}
  />
);

const jump = () => screen.queryByRole('button', { name: /^Jump to latest/ });

/** The transcript at its end, its first row `shrink()` px shorter than its text makes it. */
async function opened(shrink: () => number) {
  const utils = render(transcript(streaming(10)));
  const list = screen.getByRole('list', { name: 'Transcript' });
  const layout = fakeScrollLayout(list, {
    rowHeight: (row) =>
      80 + Math.floor((row.textContent?.length ?? 0) / 4) - (row === list.firstElementChild ? shrink() : 0),
  });
  utils.rerender(transcript(streaming(10)));
  await waitFor(() => expect(layout.top()).toBe(layout.max()));
  return { ...utils, layout };
}

describe('Transcript following while rows change size', () => {
  it('keeps following when the browser moves the view up as a row above shrinks and the reply grows', async () => {
    let shrink = 0;
    const { rerender, layout } = await opened(() => shrink);
    await act(async () => {
      // What scroll anchoring does: a row above the view gets shorter, and the view moves up by as
      // much to keep showing the same words; in the same frame, the reply below grows.
      shrink = 40;
      layout.scroller.scrollTop = layout.top() - 40;
      rerender(transcript(streaming(300)));
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    await waitFor(() => expect(layout.top()).toBe(layout.max()));
    expect(jump()).toBeNull();
  });

  it('still stops following when the reader drags the scrollbar up while the reply grows', async () => {
    const { rerender, layout } = await opened(() => 0);
    // A press on the scroller itself, not on a row, is on its scrollbar.
    fireEvent.pointerDown(layout.scroller);
    await act(async () => {
      layout.scroller.scrollTop = layout.top() - 200;
      rerender(transcript(streaming(300)));
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(await screen.findByRole('button', { name: 'Jump to latest' })).toBeVisible();
    fireEvent.pointerUp(window);
    // Letting go of the scrollbar asks for a frame: once it has run, the view is still where it was.
    await act(() => framesPassed(2));
    expect(layout.top()).toBeLessThan(layout.max() - 100);
  });
});

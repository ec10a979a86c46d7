import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ConversationMessage, MessageError } from '../../../src/lib/chat';
import { Transcript } from '../../../src/features/chat/components/transcript';
import { framesPassed } from '../support/frames';
import { fakeScrollLayout } from './fake-scroll-layout';
import { mockActions } from './mock-actions';

const actions = mockActions();

function conversation(count: number): ConversationMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `m${i}`,
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: `Message number ${i + 1}`,
    createdAt: 0,
  }));
}

/** The conversation with a reply streaming at its end, `words` words long so far. */
function streaming(words: number, extra: Partial<ConversationMessage> = {}): ConversationMessage[] {
  return [
    ...conversation(10),
    {
      id: 'reply',
      role: 'assistant',
      content: 'word '.repeat(words),
      createdAt: 0,
      status: 'streaming',
      ...extra,
    },
  ];
}

const failure: MessageError = {
  kind: 'stream',
  message: 'The connection was lost.',
  status: null,
  code: null,
  type: null,
  param: null,
  hint: null,
  requestId: null,
  rateLimit: null,
};

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

async function opened(messages: ConversationMessage[]) {
  const utils = render(transcript(messages));
  const layout = fakeScrollLayout(screen.getByRole('list', { name: 'Transcript' }));
  // Layout arrived after the first render: the content changing asks for the end again.
  utils.rerender(transcript([...messages]));
  await waitFor(() => expect(layout.top()).toBe(layout.max()));
  return { ...utils, layout };
}

describe('Transcript following the conversation', () => {
  it('keeps the end in view while a reply streams', async () => {
    const { rerender, layout } = await opened(streaming(10));
    for (const words of [60, 200, 400]) {
      const before = layout.max();
      rerender(transcript(streaming(words)));
      await waitFor(() => expect(layout.top()).toBe(layout.max()));
      expect(layout.max()).toBeGreaterThan(before);
    }
    expect(jump()).toBeNull();
  });

  it('stops following when the reader scrolls up, and offers Jump to latest', async () => {
    const { rerender, layout } = await opened(streaming(10));
    await act(() => layout.scrollByReader(100));
    expect(await screen.findByRole('button', { name: 'Jump to latest' })).toBeVisible();
    rerender(transcript(streaming(300)));
    // The reply grew, and the follower's frames have run since: the reader stays where they are.
    await waitFor(() => expect(layout.max()).toBeGreaterThan(400));
    await act(() => framesPassed(2));
    expect(layout.top()).toBe(100);
  });

  it('stops following on a key that scrolls up, before the scroll arrives', async () => {
    const { layout } = await opened(streaming(10));
    fireEvent.keyDown(layout.scroller, { key: 'PageUp' });
    expect(await screen.findByRole('button', { name: 'Jump to latest' })).toBeVisible();
    // A scroll event of ours that lands after the key, the view still at the end (the reader's own
    // scroll not come yet), does not take the stop back.
    fireEvent.scroll(layout.scroller);
    await act(() => framesPassed(2));
    expect(screen.getByRole('button', { name: 'Jump to latest' })).toBeVisible();
  });

  it('jumps to the end when the button is pressed, and follows again', async () => {
    const { rerender, layout } = await opened(streaming(10));
    await act(() => layout.scrollByReader(0));
    const button = await screen.findByRole('button', { name: 'Jump to latest' });
    await userEvent.setup({ delay: null }).click(button);
    await waitFor(() => expect(layout.top()).toBe(layout.max()));
    await waitFor(() => expect(jump()).toBeNull());
    rerender(transcript(streaming(300)));
    await waitFor(() => expect(layout.top()).toBe(layout.max()));
  });

  it('follows again once the reader scrolls back down to the end', async () => {
    const { rerender, layout } = await opened(streaming(10));
    await act(() => layout.scrollByReader(50));
    await screen.findByRole('button', { name: 'Jump to latest' });
    await act(() => layout.scrollByReader(layout.max() - 30));
    await waitFor(() => expect(jump()).toBeNull());
    rerender(transcript(streaming(300)));
    await waitFor(() => expect(layout.top()).toBe(layout.max()));
  });

  it('brings a new user message into view even when the reader had scrolled up', async () => {
    const { rerender, layout } = await opened(conversation(20));
    await act(() => layout.scrollByReader(0));
    await screen.findByRole('button', { name: 'Jump to latest' });
    const sent: ConversationMessage[] = [
      ...conversation(20),
      { id: 'sent', role: 'user', content: 'A new question', createdAt: 0 },
      { id: 'answer', role: 'assistant', content: '', createdAt: 0, status: 'pending' },
    ];
    rerender(transcript(sent));
    await waitFor(() => expect(layout.rowInView(20)).toBe(true));
    expect(layout.rowInView(21)).toBe(true);
    await waitFor(() => expect(jump()).toBeNull());
  });

  it('does not move a reader who scrolled up when the reply fails, and the button says it failed', async () => {
    const { rerender, layout } = await opened(streaming(10));
    await act(() => layout.scrollByReader(40));
    await screen.findByRole('button', { name: 'Jump to latest' });
    rerender(transcript(streaming(20, { status: 'error', error: failure })));
    expect(await screen.findByRole('button', { name: 'Jump to latest: the reply failed' })).toBeVisible();
    await act(() => framesPassed(2));
    expect(layout.top()).toBe(40);
  });
});

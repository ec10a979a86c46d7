import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Transcript } from '../../../src/features/chat/components/transcript';
import type { ConversationMessage } from '../../../src/lib/chat';
import { mockActions } from './mock-actions';

const browserMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = browserMatchMedia;
});

/** A phone held upright: 390 px wide, so every `max-width` query below 640 px matches. */
function onPhone() {
  window.matchMedia = (query: string) => {
    const list = browserMatchMedia(query);
    const phone = /max-width:\s*6[0-3]\d/.test(query);
    return Object.defineProperty(list, 'matches', { get: () => phone || list.matches });
  };
}

const messages: ConversationMessage[] = [
  { id: 'u1', role: 'user', content: 'Hi', createdAt: 0 },
  {
    id: 'a1',
    role: 'assistant',
    content: 'Hello',
    createdAt: 1,
    status: 'complete',
    finish_reason: 'stop',
    timings: { requestStartedAt: 0, firstTokenAt: 1, endedAt: 2 },
  },
];

describe('message actions on a phone', () => {
  it('keeps one row of the common buttons and puts the rest behind More', async () => {
    onPhone();
    const actions = mockActions();
    render(
      <Transcript
        messages={messages}
        busy={false}
        blocked={null}
        editingId={null}
        rendering={{ plain: true, jsonMode: false }}
        actions={actions}
      />,
    );
    const group = screen.getByRole('group', { name: 'Actions for message 2' });
    const more = group.querySelector('details')!;
    const inRow = within(group)
      .getAllByRole('button')
      .filter((b) => !more.contains(b))
      .map((b) => b.textContent);
    expect(inRow).toEqual(['Copy', 'Edit', 'Regenerate']);
    expect(more).not.toHaveAttribute('open');
    await userEvent.click(within(group).getByText('More'));
    expect(more).toHaveAttribute('open');
    await userEvent.click(within(more).getByRole('button', { name: 'Delete message 2' }));
    expect(actions.remove).toHaveBeenCalledWith('a1');
    expect(within(more).getByRole('button', { name: 'Continue from here (message 2)' })).toBeVisible();
  });
});

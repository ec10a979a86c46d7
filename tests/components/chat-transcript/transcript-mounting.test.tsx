import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ConversationMessage } from '../../../src/lib/chat';
import type { MessageActions } from '../../../src/features/chat/components/message-actions';
import { Transcript } from '../../../src/features/chat/components/transcript';

const actions: MessageActions = {
  startEdit: vi.fn(),
  cancelEdit: vi.fn(),
  save: vi.fn(),
  remove: vi.fn(),
  move: vi.fn(),
  insertAfter: vi.fn(),
  continueFrom: vi.fn(),
  regenerate: vi.fn(),
};

function conversation(count: number): ConversationMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `m${i}`,
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: `Message number ${i + 1}`,
    createdAt: 0,
  }));
}

const labels = () =>
  within(screen.getByRole('list', { name: 'Transcript' }))
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.getAttribute('aria-label') === 'Transcript')
    .map((item) => item.getAttribute('aria-label'));

const transcript = (messages: ConversationMessage[]) => (
  <Transcript
    messages={messages}
    busy={false}
    editingId={null}
    rendering={{ plain: false, jsonMode: false }}
    actions={actions}
  />
);

describe('Transcript of a long conversation', () => {
  it('opens with its last rows, then mounts the earlier ones above them, in order', async () => {
    const messages = conversation(60);
    render(transcript(messages));
    // The first render: the last 24 rows, numbered as in the whole conversation.
    expect(labels()).toHaveLength(24);
    expect(labels()[0]).toBe('user message 37');
    expect(labels().at(-1)).toBe('assistant message 60');
    await waitFor(() => expect(labels()).toHaveLength(60));
    expect(labels()).toEqual(messages.map((m, i) => `${m.role} message ${i + 1}`));
  });

  it('shows a short conversation whole at once', () => {
    render(transcript(conversation(10)));
    expect(labels()).toHaveLength(10);
  });

  it('shows the last rows at once when messages are removed while earlier ones wait', () => {
    const { rerender } = render(transcript(conversation(60)));
    rerender(transcript(conversation(30)));
    expect(labels().at(-1)).toBe('assistant message 30');
    expect(labels().length).toBeGreaterThanOrEqual(24);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Transcript } from '../../../src/features/chat/components/transcript';
import type { Conversation } from '../../../src/lib/chat';
import { exportConversation } from '../../../src/lib/chat/conversation-format';
import { readSharedConversation, sharedData, shareFragment } from '../../../src/lib/chat/share-link';
import { mockActions } from '../chat-transcript/mock-actions';

const sent: Conversation = {
  id: 'c1',
  title: 'Rivers',
  createdAt: 1,
  updatedAt: 2,
  model: 'svc-chat',
  systemPrompt: '',
  parameters: {},
  messages: [
    { id: 'u1', role: 'user', content: 'Name a river', createdAt: 1 },
    { id: 'a1', role: 'assistant', content: 'The Nile runs', createdAt: 2, status: 'interrupted' },
  ],
  branches: {
    u1: [null, [{ id: 'a0', role: 'assistant', content: 'The Dan', createdAt: 2, status: 'stopped' }]],
  },
};

// Only what reading an export needs; the request-body defaults are not used by a conversation export.
const defaults = { model: 'svc-chat', createId: () => 'id', now: 10 } as unknown as Parameters<
  typeof readSharedConversation
>[1];

describe('a shared link', () => {
  it('does not carry the sender’s "interrupted" or "stopped" labels to the one who opens it', async () => {
    const fragment = await shareFragment(exportConversation(sent));
    const opened = await readSharedConversation(sharedData(`#${fragment}`)!, defaults);
    if (!opened.ok) throw new Error(opened.reason);
    const { conversation } = opened;
    expect(conversation.messages.map((m) => m.content)).toEqual(['Name a river', 'The Nile runs']);
    expect(conversation.messages[1]).not.toHaveProperty('status');
    expect(conversation.branches?.u1?.[1]?.[0]).not.toHaveProperty('status');
    render(
      <Transcript
        messages={conversation.messages}
        busy={false}
        blocked={null}
        editingId={null}
        rendering={{ plain: true, jsonMode: false }}
        actions={mockActions()}
      />,
    );
    expect(screen.getByText('The Nile runs')).toBeVisible();
    expect(document.body).not.toHaveTextContent(/interrupted|stopped/i);
  });
});

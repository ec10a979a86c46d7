import { describe, expect, it } from 'vitest';
import { readHandoff } from '../../../../src/lib/chat/conversation-handoff';
import { carriesHandoff, handoffState } from '../../../../src/lib/chat/handoff-state';
import type { Conversation } from '../../../../src/lib/chat/conversation-types';

const NOW = 1_800_000_000_000;
const conversation: Conversation = {
  id: 'c-1',
  title: 'Continued',
  createdAt: 10,
  updatedAt: 20,
  model: 'svc-chat',
  systemPrompt: 'Be brief.',
  parameters: { temperature: 1 },
  messages: [
    { id: 'u', role: 'user', content: 'Hi', createdAt: 11 },
    { id: 'a', role: 'assistant', content: 'Hello', createdAt: 12, status: 'complete' },
  ],
};

describe('a conversation handed to the chat page in a navigation’s state', () => {
  it('reads back what was handed over', () => {
    const read = readHandoff(structuredClone(handoffState(conversation)), NOW);
    expect(read).toEqual({
      ok: true,
      conversation: expect.objectContaining({ id: 'c-1', title: 'Continued' }),
    });
    if (read?.ok) expect(read.conversation.messages.map((m) => m.content)).toEqual(['Hi', 'Hello']);
  });

  it('is nothing for a state that hands nothing over', () => {
    for (const state of [null, undefined, 'text', 7, {}, { other: 1 }, []]) {
      expect(carriesHandoff(state)).toBe(false);
      expect(readHandoff(state, NOW)).toBeNull();
    }
    // An inherited key is not one the state carries.
    expect(readHandoff(Object.create(handoffState(conversation)), NOW)).toBeNull();
  });

  it('refuses, with where and why, a handoff of the wrong shape or an id that names an Object member', () => {
    const wrong = readHandoff({ svcConversationHandoff: { ...conversation, messages: 'none' } }, NOW);
    expect(wrong?.ok).toBe(false);
    if (wrong && !wrong.ok) expect(wrong.issues[0]!.path).toBe('$.messages');
    for (const value of [null, 42, { id: 7 }])
      expect(readHandoff({ svcConversationHandoff: value }, NOW)?.ok).toBe(false);
    const proto = readHandoff({ svcConversationHandoff: { ...conversation, id: '__proto__' } }, NOW);
    expect(proto?.ok).toBe(false);
  });

  it('brings a date past now back to now', () => {
    const read = readHandoff(handoffState({ ...conversation, updatedAt: NOW * 10 }), NOW);
    expect(read?.ok && read.conversation.updatedAt).toBe(NOW);
  });
});

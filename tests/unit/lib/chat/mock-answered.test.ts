/**
 * The mark on a function's result that auto-run took from the mock (`answeredBy: 'mock'`): kept
 * through a stored record, an export and a share link, refused when it is anything else, dropped when
 * a person edits the result's text, and never sent.
 */
import { describe, expect, it } from 'vitest';
import { buildChatRequest } from '../../../../src/lib/chat/build-request';
import { readStoredConversation } from '../../../../src/lib/chat/conversation-checks';
import { exportConversation } from '../../../../src/lib/chat/conversation-format';
import { parseConversationImport } from '../../../../src/lib/chat/conversation-import';
import type { Conversation, ConversationMessage } from '../../../../src/lib/chat/conversation-types';
import { editMessage, withEdit } from '../../../../src/lib/chat/message-edits';
import { readSharedConversation, shareFragment, sharedData } from '../../../../src/lib/chat/share-link';
import { ajv } from '../../../../src/lib/function-schema/ajv-instance';
import { metaSchemaCheckOf } from '../../../../src/lib/function-schema/meta-schema';

const NOW = 1_700_000_000_000;
const metaSchema = metaSchemaCheckOf({ ajv });
const defaults = () => {
  let n = 0;
  return { model: 'svc-chat', createId: () => `new${++n}`, now: NOW, metaSchema };
};

const result = (answeredBy: unknown = 'mock'): ConversationMessage =>
  ({
    id: 'f1',
    role: 'function',
    name: 'calculate',
    content: '42',
    answeredBy,
    createdAt: 3,
  }) as ConversationMessage;

function conversation(last: ConversationMessage = result()): Conversation {
  return {
    id: 'c1',
    title: 'Mocked',
    createdAt: 1,
    updatedAt: 3,
    model: 'svc-chat',
    systemPrompt: '',
    parameters: {},
    messages: [
      { id: 'u1', role: 'user', content: 'Compute', createdAt: 1 },
      {
        id: 'a1',
        role: 'assistant',
        content: '',
        function_call: { name: 'calculate', arguments: '{"expression": "2 * 21"}' },
        status: 'complete',
        createdAt: 2,
      },
      last,
    ],
  };
}

describe('a result answered by a mock', () => {
  it('keeps its mark through a stored record, an export and a share link', async () => {
    const stored = readStoredConversation(JSON.parse(JSON.stringify(conversation())), 'c1', NOW);
    expect(stored.ok && stored.conversation.messages[2]!.answeredBy).toBe('mock');
    const text = exportConversation(conversation(), new Date(0));
    const back = parseConversationImport(text, defaults());
    expect(back.ok && back.conversation.messages[2]!.answeredBy).toBe('mock');
    const shared = await readSharedConversation(sharedData(`#${await shareFragment(text)}`)!, defaults());
    expect(shared.ok && shared.conversation.messages[2]!.answeredBy).toBe('mock');
  });

  it('refuses a mark that is not "mock", naming where', () => {
    const stored = readStoredConversation(
      JSON.parse(JSON.stringify(conversation(result('human')))),
      'c1',
      NOW,
    );
    expect(stored.ok ? [] : stored.issues.map((i) => i.path)).toEqual(['$.messages[2].answeredBy']);
  });

  it('loses the mark when a person changes its text, and keeps it for other edits', () => {
    const messages = conversation().messages;
    expect(editMessage(messages, 'f1', { content: '43' })[2]!.answeredBy).toBeUndefined();
    expect(editMessage(messages, 'f1', { content: '42' })[2]!.answeredBy).toBe('mock');
    expect(editMessage(messages, 'f1', { name: 'calc' })[2]!.answeredBy).toBe('mock');
    // Save & resend edits the user-message form of a result through the same rule.
    const asUser = {
      id: 'u2',
      role: 'user',
      content: 'Result of the function calculate:\n42',
      answeredBy: 'mock',
      createdAt: 3,
    } as const;
    expect(withEdit(asUser, { content: 'Result of the function calculate:\n43' }).answeredBy).toBeUndefined();
  });

  it('is kept only on a function’s result, not on an assistant or system message', () => {
    const c = conversation();
    c.messages[1] = { ...c.messages[1]!, answeredBy: 'mock' };
    const stored = readStoredConversation(JSON.parse(JSON.stringify(c)), 'c1', NOW);
    expect(stored.ok && stored.conversation.messages.map((m) => m.answeredBy)).toEqual([
      undefined,
      undefined,
      'mock',
    ]);
  });

  it('is never sent', () => {
    const body = buildChatRequest({ model: 'svc-chat', messages: conversation().messages, stream: false });
    expect(JSON.stringify(body)).not.toContain('answeredBy');
    expect(body.messages.at(-1)).toEqual({ role: 'function', name: 'calculate', content: '42' });
  });
});

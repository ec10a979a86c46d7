/**
 * A reply's `refusal` (the model declined, in its own words) through every way a conversation leaves
 * and comes back: export, import of a file or of a pasted request, share link, stored record and the
 * versions kept at a fork. A refusal that is not text is refused like any mistyped field.
 */
import { describe, expect, it } from 'vitest';
import { readStoredConversation } from '../../../../src/lib/chat/conversation-checks';
import { exportConversation } from '../../../../src/lib/chat/conversation-format';
import { parseConversationImport } from '../../../../src/lib/chat/conversation-import';
import type { Conversation, ConversationMessage } from '../../../../src/lib/chat/conversation-types';
import { messageCopyText } from '../../../../src/lib/chat/message-copy-text';
import { readSharedConversation, shareFragment, sharedData } from '../../../../src/lib/chat/share-link';
import { ajv } from '../../../../src/lib/function-schema/ajv-instance';
import { metaSchemaCheckOf } from '../../../../src/lib/function-schema/meta-schema';

const metaSchema = metaSchemaCheckOf({ ajv });

const NOW = 1_700_000_000_000;
const REFUSAL = 'I can’t help with that.';

function defaults() {
  let n = 0;
  return { model: 'svc-chat', createId: () => `new${++n}`, now: NOW, metaSchema };
}

const refused = (id: string, refusal: unknown = REFUSAL): ConversationMessage =>
  ({
    id,
    role: 'assistant',
    content: '',
    refusal,
    status: 'complete',
    createdAt: 2,
  }) as ConversationMessage;

function conversation(reply: ConversationMessage = refused('a1')): Conversation {
  return {
    id: 'c1',
    title: 'Refused',
    createdAt: 1,
    updatedAt: 2,
    model: 'svc-chat',
    systemPrompt: '',
    parameters: {},
    messages: [{ id: 'u1', role: 'user', content: 'Do the thing', createdAt: 1 }, reply],
  };
}

describe('a refusal in a stored or exported conversation', () => {
  it('comes back from an export, a share link and a stored record', async () => {
    const text = exportConversation(conversation(), new Date(0));
    const back = parseConversationImport(text, defaults());
    expect(back.ok && back.conversation.messages[1]).toMatchObject({ content: '', refusal: REFUSAL });

    const shared = await readSharedConversation(sharedData(`#${await shareFragment(text)}`)!, defaults());
    expect(shared.ok && shared.conversation.messages[1]!.refusal).toBe(REFUSAL);

    const stored = readStoredConversation(JSON.parse(JSON.stringify(conversation())), 'c1', NOW);
    expect(stored.ok && stored.conversation.messages[1]!.refusal).toBe(REFUSAL);
  });

  it('is kept in a version not shown (a fork’s other reply)', () => {
    const c = conversation(refused('a2', 'Not this time.'));
    c.branches = { a2: [[refused('a1')], null] };
    const back = parseConversationImport(exportConversation(c), defaults());
    expect(back.ok && back.conversation.branches?.a2?.[0]?.[0]?.refusal).toBe(REFUSAL);
  });

  it('is refused when it is not text, on import and in a stored record, naming where', () => {
    const bad = conversation(refused('a1', 42));
    const result = parseConversationImport(exportConversation(bad), defaults());
    expect(result.ok ? [] : result.issues).toEqual([
      { path: '$.conversation.messages[1].refusal', reason: 'must be a string, found number 42' },
    ]);
    const stored = readStoredConversation(JSON.parse(JSON.stringify(bad)), 'c1', NOW);
    expect(stored.ok ? [] : stored.issues.map((i) => i.path)).toEqual(['$.messages[1].refusal']);
  });

  it('is copied with the message', () => {
    expect(messageCopyText({ ...refused('a1'), content: 'Part:' })).toBe(`Part:\n\n${REFUSAL}`);
  });
});

describe('a refusal in a pasted request body', () => {
  const paste = (assistant: Record<string, unknown>) =>
    parseConversationImport(
      JSON.stringify({
        model: 'gpt-4o',
        messages: [
          { role: 'user', content: 'Do the thing' },
          { role: 'assistant', ...assistant },
        ],
      }),
      defaults(),
    );

  it('reads an assistant turn that only refused (content null), and one with refusal null', () => {
    const result = paste({ content: null, refusal: REFUSAL });
    expect(result.ok && result.conversation.messages[1]).toMatchObject({ content: '', refusal: REFUSAL });
    const plain = paste({ content: 'Done.', refusal: null });
    expect(plain.ok && plain.conversation.messages[1]).not.toHaveProperty('refusal');
  });

  it('refuses a refusal that is not text', () => {
    const result = paste({ content: null, refusal: { text: 'no' } });
    expect(result.ok ? [] : result.issues.map((i) => i.path)).toContain('$.messages[1].refusal');
  });
});

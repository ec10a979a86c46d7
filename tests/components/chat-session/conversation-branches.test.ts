import { describe, expect, it } from 'vitest';
import { toConversation } from '../../../src/features/chat/storage/autosave-session';
import { exportConversation, parseConversationExport } from '../../../src/lib/chat/conversation-format';
import { parseConversationImport } from '../../../src/lib/chat/conversation-import';
import { linearPath } from '../../../src/lib/chat/conversation-tree';
import { localService, session } from './session-harness';
import { ajv } from '../../../src/lib/function-schema/ajv-instance';
import { metaSchemaCheckOf } from '../../../src/lib/function-schema/meta-schema';

const metaSchema = metaSchemaCheckOf({ ajv });

const contents = (chat: ReturnType<typeof session>) => chat.getSnapshot().messages.map((m) => m.content);
const defaults = { model: 'svc-chat', createId: () => crypto.randomUUID(), now: 0, metaSchema };

describe('a conversation with versions', () => {
  it('regenerates twice and steps back to the first reply, sending only the path shown', async () => {
    const harness = localService();
    const chat = session(harness);
    await chat.send('Hi');
    const first = chat.getSnapshot().messages[1]!;
    await chat.regenerate();
    await chat.regenerate();
    const third = chat.getSnapshot().messages[1]!;
    expect(new Set([first.id, third.id]).size).toBe(2);
    chat.showVersion(third.id, -1);
    const second = chat.getSnapshot().messages[1]!;
    chat.showVersion(second.id, -1);
    expect(chat.getSnapshot().messages[1]).toEqual(first);
    // A reply asked for now follows the first reply, not the other versions.
    await chat.send('More');
    expect(harness.requests.at(-1)!.body.messages).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: first.content },
      { role: 'user', content: 'More' },
    ]);
  });

  it('edits an earlier message and resends it as a branch; both branches stay reachable', async () => {
    const harness = localService();
    const chat = session(harness);
    await chat.send('One');
    await chat.send('Two');
    const [u1, a1, u2, a2] = chat.getSnapshot().messages;
    await chat.editAndResend(u2!.id, { content: 'Two, edited' });
    const after = chat.getSnapshot().messages;
    expect(after.slice(0, 2)).toEqual([u1, a1]);
    expect(after[2]).toMatchObject({ role: 'user', content: 'Two, edited' });
    expect(after[2]!.id).not.toBe(u2!.id);
    expect(after[3]).toMatchObject({ role: 'assistant', status: 'complete' });
    expect(harness.requests.at(-1)!.body.messages).toEqual([
      { role: 'user', content: 'One' },
      { role: 'assistant', content: a1!.content },
      { role: 'user', content: 'Two, edited' },
    ]);
    chat.showVersion(after[2]!.id, -1);
    expect(chat.getSnapshot().messages).toEqual([u1, a1, u2, a2]);
    chat.showVersion(u2!.id, 1);
    expect(contents(chat)[2]).toBe('Two, edited');
  });

  it('continues from an earlier message as a branch', async () => {
    const chat = session(localService());
    await chat.send('One');
    await chat.send('Two');
    const old = chat.getSnapshot().messages;
    await chat.continueFrom(old[0]!.id);
    expect(chat.getSnapshot().messages).toHaveLength(2);
    chat.showVersion(chat.getSnapshot().messages[1]!.id, -1);
    expect(chat.getSnapshot().messages).toEqual(old);
  });

  it('deletes a message and undoes it, versions and all', async () => {
    const chat = session(localService());
    await chat.send('One');
    await chat.regenerate();
    const before = { messages: chat.getSnapshot().messages, branches: chat.getSnapshot().branches };
    chat.deleteMessage(before.messages[1]!.id);
    expect(chat.getSnapshot().undoable?.label).toBe('Message 2 deleted.');
    // The version before the deleted one takes its place.
    expect(chat.getSnapshot().messages[1]!.id).not.toBe(before.messages[1]!.id);
    expect(chat.undo()).toBe(true);
    expect({ messages: chat.getSnapshot().messages, branches: chat.getSnapshot().branches }).toEqual(before);
    expect(chat.undo()).toBe(false);
  });

  it('ends the chance to undo with the next change or request', async () => {
    const chat = session(localService());
    await chat.send('One');
    chat.editMessage(chat.getSnapshot().messages[0]!.id, { content: 'Uno' });
    expect(chat.getSnapshot().undoable?.label).toBe('Message 1 edited.');
    await chat.send('Two');
    expect(chat.getSnapshot().undoable).toBeNull();
    expect(chat.undo()).toBe(false);
    expect(contents(chat)[0]).toBe('Uno');
  });

  it('saves, exports and imports the tree; the linear export carries the path alone', async () => {
    const chat = session(localService());
    await chat.send('One');
    await chat.regenerate();
    const saved = toConversation(chat.getSnapshot(), 1);
    expect(Object.keys(saved.branches ?? {})).toHaveLength(1);
    const back = parseConversationExport(exportConversation(saved));
    expect(back.ok && back.conversation.branches).toEqual(saved.branches);
    const plain = parseConversationExport(exportConversation(linearPath(saved)));
    expect(plain.ok && plain.conversation.branches).toBeUndefined();
    expect(plain.ok && plain.conversation.messages).toEqual(saved.messages);
  });

  it('refuses a damaged tree on import, saying where and why', async () => {
    const chat = session(localService());
    await chat.send('One');
    await chat.regenerate();
    const saved = toConversation(chat.getSnapshot(), 1);
    const key = Object.keys(saved.branches!)[0]!;
    const noneShown = { ...saved, branches: { [key]: saved.branches![key]!.map((v) => v ?? []) } };
    const result = parseConversationImport(JSON.stringify(noneShown), defaults);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues).toEqual([
      {
        path: '$.branches',
        reason: `the fork after message "${key}" must mark exactly one version as shown (null); it marks 0`,
      },
    ]);
    const notArray = { ...saved, branches: { [key]: 'x' } };
    const second = parseConversationImport(JSON.stringify(notArray), defaults);
    expect(!second.ok && second.issues[0]!.path).toBe(`$.branches[${JSON.stringify(key)}]`);
  });
});

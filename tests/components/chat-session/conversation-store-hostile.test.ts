/**
 * Records planted in IndexedDB (as an older or hostile version may have written them) never reach
 * the page unchecked: a damaged one is a `damaged` StorageError that still exports and deletes, the
 * list's entries are mended (and written back), and out-of-range dates are clamped (issue 26).
 */
import 'fake-indexeddb/auto';
import { createStore, get, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { createConversationStore, StorageError } from '../../../src/features/chat/storage';
import { versionAt } from '../../../src/lib/chat/conversation-tree';

let dbCount = 0;
const NOW = 1_700_000_000_000;

function setup() {
  const store = createStore(`hostile-db-${++dbCount}`, 'conversations');
  let n = 0;
  const conversations = createConversationStore({ store, now: () => NOW, createId: () => `new${++n}` });
  return { store, conversations };
}

const record = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Title ${id}`,
  createdAt: 1,
  updatedAt: 2,
  model: 'svc-chat',
  systemPrompt: '',
  parameters: {},
  messages: [{ id: 'm1', role: 'user', content: 'hello', createdAt: 1 }],
  ...extra,
});

describe('stored records from a hostile or older version', () => {
  it('a record whose error kind is unknown and whose message ids name Object members opens', async () => {
    const { store, conversations } = setup();
    await set(
      'conversation:c1',
      record('c1', {
        updatedAt: 8.64e15,
        messages: [
          { id: '__proto__', role: 'user', content: 'a', createdAt: 1 },
          {
            id: 'constructor',
            role: 'assistant',
            content: '',
            createdAt: 2,
            status: 'error',
            error: { kind: 'weird', message: 'It broke' },
          },
        ],
      }),
      store,
    );
    await set('conversations:index', [{ id: 'c1', title: 'Title c1', updatedAt: 8.64e15 }], store);
    const c = (await conversations.load('c1'))!;
    expect(c.updatedAt).toBe(NOW);
    expect(c.messages[1]!.error).toMatchObject({ kind: 'unexpected', message: 'It broke' });
    expect(versionAt({ messages: c.messages, branches: c.branches ?? {} }, 1)).toBeNull();
  });

  it('a damaged record rejects with a damaged StorageError, and still exports and deletes', async () => {
    const { store, conversations } = setup();
    await set('conversation:bad', record('bad', { messages: 'nope', parameters: null }), store);
    await set('conversations:index', [{ id: 'bad', title: 'Bad one', updatedAt: 5 }], store);
    const error = await conversations.load('bad').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({
      kind: 'damaged',
      message: expect.stringMatching(/stored record is damaged: \$\.messages must be an array/) as string,
      issues: expect.arrayContaining([
        { path: '$.parameters', reason: 'must be an object, found null' },
      ]) as unknown,
    });
    const exported = JSON.parse((await conversations.exportJson('bad'))!) as {
      conversation: { messages: unknown };
    };
    expect(exported.conversation.messages).toBe('nope');
    expect(await conversations.search('bad')).toEqual([{ id: 'bad', title: 'Bad one', updatedAt: 5 }]);
    expect(await conversations.search('hello')).toEqual([]);
    const all = await conversations.exportAllJson();
    expect([all.count, all.damaged]).toEqual([1, 1]);
    await conversations.remove('bad');
    expect(await conversations.list()).toEqual([]);
    conversations.dispose();
  });

  it('a record that is not JSON-shaped at all exports as what JSON can hold', async () => {
    const { store, conversations } = setup();
    const cyclic: Record<string, unknown> = {
      id: 'odd',
      big: 10n,
      when: new Date(0),
      map: new Map([['a', 1]]),
    };
    cyclic.self = cyclic;
    await set('conversation:odd', cyclic, store);
    await expect(conversations.load('odd')).rejects.toMatchObject({ kind: 'damaged' });
    const json = JSON.parse((await conversations.exportJson('odd'))!) as { conversation: unknown };
    expect(json.conversation).toEqual({
      id: 'odd',
      big: '10',
      when: '1970-01-01T00:00:00.000Z',
      map: [['a', 1]],
      self: '[cut]',
    });
  });

  it('list entries out of shape are mended and written back; a future date no longer holds the top', async () => {
    const { store, conversations } = setup();
    await set(
      'conversations:index',
      [
        { id: 'a', title: 7, updatedAt: 'yesterday' },
        { id: 'b', title: 'Pinned', updatedAt: 8.64e15 },
        { title: 'no id' },
        null,
        { id: 'c', title: 'Fine', updatedAt: NOW - 10 },
      ],
      store,
    );
    expect(await conversations.list()).toEqual([
      { id: 'b', title: 'Pinned', updatedAt: NOW },
      { id: 'c', title: 'Fine', updatedAt: NOW - 10 },
      { id: 'a', title: 'Untitled conversation', updatedAt: 0 },
    ]);
    expect(await get('conversations:index', store)).toEqual([
      { id: 'a', title: 'Untitled conversation', updatedAt: 0 },
      { id: 'b', title: 'Pinned', updatedAt: NOW },
      { id: 'c', title: 'Fine', updatedAt: NOW - 10 },
    ]);
  });

  it('an index that is no list reads as empty', async () => {
    const { store, conversations } = setup();
    await set('conversations:index', { evil: true }, store);
    expect(await conversations.list()).toEqual([]);
  });

  it('checkImport reads without saving; saveChecked saves as new, id replaced, dated no later than now', async () => {
    const { conversations } = setup();
    const text = JSON.stringify({
      format: 'svc-playground.conversation',
      version: 1,
      conversation: record('constructor', { updatedAt: 8.64e15 }),
    });
    const checked = await conversations.checkImport(text);
    if (!checked.ok) throw new Error(JSON.stringify(checked.issues));
    expect(await conversations.list()).toEqual([]);
    const saved = await conversations.saveChecked(checked.conversation);
    expect(saved).toMatchObject({ id: 'new1', title: 'Title constructor', updatedAt: NOW });
    const again = await conversations.saveChecked(checked.conversation);
    expect(again.title).toBe('Title constructor (imported)');
    expect((await conversations.load('new1'))!.id).toBe('new1');
  });
});

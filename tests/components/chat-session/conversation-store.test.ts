import 'fake-indexeddb/auto';
import { createStore, type UseStore } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createConversationStore,
  StorageError,
  type ConversationStore,
} from '../../../src/features/chat/storage';
import type { Conversation } from '../../../src/lib/chat';
import { eventually } from '../../support/eventually';

let dbCount = 0;
const freshStore = () => createStore(`test-db-${++dbCount}`, 'conversations');

function conversation(id: string, extra: Partial<Conversation> = {}): Conversation {
  return {
    id,
    title: `Title ${id}`,
    createdAt: 1,
    updatedAt: 1,
    model: 'svc-chat',
    systemPrompt: '',
    parameters: {},
    messages: [],
    ...extra,
  };
}

afterEach(() => vi.useRealTimers());

/** A file of many conversations imported, its result as a file of many (anything else fails). */
async function importMany(store: ConversationStore, text: string) {
  const read = await store.importFile(text);
  if (!read.many) throw new Error('the file should be read as one of many conversations');
  return read.result;
}

describe('conversation store', () => {
  it('creates, lists newest first, renames and loads conversations', async () => {
    let clock = 100;
    const store = createConversationStore({ store: freshStore(), now: () => clock++ });
    const a = await store.create({ model: 'svc-chat' });
    const b = await store.create({ model: 'svc-reasoner', title: 'Second' });
    expect((await store.list()).map((c) => c.id)).toEqual([b.id, a.id]);
    await store.rename(a.id, 'Renamed');
    // Each entry says its model, for the list to show beside the date.
    expect(await store.list()).toEqual([
      { id: a.id, title: 'Renamed', updatedAt: expect.any(Number), model: 'svc-chat' },
      { id: b.id, title: 'Second', updatedAt: b.updatedAt, model: 'svc-reasoner' },
    ]);
    // A pin lists a conversation first, and a later save keeps it.
    await store.setPinned(b.id, true);
    expect((await store.list()).map((c) => [c.id, c.pinned])).toEqual([
      [b.id, true],
      [a.id, undefined],
    ]);
    await store.save({ ...b, title: 'Second, saved', updatedAt: 50 });
    expect((await store.list())[0]).toMatchObject({ id: b.id, pinned: true });
    await store.setPinned(b.id, false);
    expect((await store.list()).map((c) => c.id)).toEqual([a.id, b.id]);
    expect(await store.load(b.id)).toEqual({ ...b, title: 'Second, saved', updatedAt: 50 });
    expect(await store.load('nope')).toBeNull();
  });

  it('survives a new store instance over the same database (a reload)', async () => {
    const db = freshStore();
    await createConversationStore({ store: db }).save(conversation('x'));
    expect(await createConversationStore({ store: db }).load('x')).toEqual(conversation('x'));
  });

  it('marks a reply saved mid-stream as interrupted when loaded, keeping its text', async () => {
    const store = createConversationStore({ store: freshStore() });
    await store.save(
      conversation('s', {
        messages: [
          { id: 'u', role: 'user', content: 'Hi', createdAt: 1 },
          { id: 'a', role: 'assistant', content: 'Half a rep', status: 'streaming', createdAt: 2 },
        ],
      }),
    );
    const loaded = await store.load('s');
    expect(loaded!.messages[1]).toMatchObject({ status: 'interrupted', content: 'Half a rep' });
  });

  it('deletes softly: hidden at once, restorable within the window, purged after it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const store = createConversationStore({ store: freshStore(), undoMs: 5000 });
    await store.save(conversation('keep'));
    await store.save(conversation('gone'));
    const deletion = await store.remove('keep');
    expect((await store.list()).map((c) => c.id)).toEqual(['gone']);
    expect(await deletion.undo()).toBe(true);
    expect((await store.list()).map((c) => c.id).sort()).toEqual(['gone', 'keep']);

    const final = await store.remove('gone');
    await vi.advanceTimersByTimeAsync(5001);
    expect(await final.undo()).toBe(false);
    // The purge itself runs after the timer, as its own IndexedDB transactions.
    await eventually(async () => expect(await store.load('gone')).toBeNull());
    expect((await store.list()).map((c) => c.id)).toEqual(['keep']);
  });

  it('purges a deletion left pending by a previous page once its window has passed', async () => {
    const db = freshStore();
    let clock = 0;
    const first = createConversationStore({ store: db, undoMs: 1000, now: () => clock });
    await first.save(conversation('old'));
    await first.remove('old');
    first.dispose(); // the page went away before the timer fired
    clock = 5000;
    const second = createConversationStore({ store: db, undoMs: 1000, now: () => clock });
    expect(await second.list()).toEqual([]);
    expect(await second.load('old')).toBeNull();
  });

  it('searches titles and message content, ignoring case', async () => {
    const store = createConversationStore({ store: freshStore() });
    await store.save(conversation('t', { title: 'Paris trip', updatedAt: 1 }));
    await store.save(
      conversation('m', {
        updatedAt: 2,
        messages: [{ id: '1', role: 'assistant', content: 'The EIFFEL tower', createdAt: 1 }],
      }),
    );
    await store.save(conversation('n', { title: 'Unrelated' }));
    const asked = { id: 'q', role: 'user' as const, content: 'Where?', createdAt: 1 };
    const reply = (id: string, content: string) => ({
      id,
      role: 'assistant' as const,
      content,
      createdAt: 1,
    });
    await store.save(
      conversation('v', {
        messages: [asked, reply('shown', 'The Louvre')],
        branches: { q: [[reply('hidden', 'Notre-Dame, in another version')], null] },
      }),
    );
    expect((await store.search('notre-dame')).map((c) => c.id)).toEqual(['v']);
    expect((await store.search('paris')).map((c) => c.id)).toEqual(['t']);
    expect((await store.search('eiffel')).map((c) => c.id)).toEqual(['m']);
    expect(await store.search('nothing like this')).toEqual([]);
    expect(await store.search('')).toHaveLength(4);
  });

  it('re-imports an export to the same conversation, under a new id and title when the old one exists', async () => {
    const store = createConversationStore({ store: freshStore(), createId: () => 'copy' });
    const original = conversation('orig', {
      messages: [{ id: 'u', role: 'user', content: 'Hi', createdAt: 1 }],
      parameters: { temperature: 0.5 },
    });
    await store.save(original);
    const json = (await store.exportJson('orig'))!;
    const result = await store.importJson(json);
    const copy = { ...original, id: 'copy', title: 'Title orig (imported)' };
    expect(result).toEqual({ ok: true, conversation: copy });
    expect(await store.load('copy')).toEqual(copy);

    const fresh = createConversationStore({ store: freshStore() });
    expect(await fresh.importJson(json)).toEqual({ ok: true, conversation: original });
  });

  it('imports a plain request body as a new conversation with the default model', async () => {
    const store = createConversationStore({ store: freshStore(), defaultModel: () => 'svc-reasoner' });
    const result = await store.importJson(
      JSON.stringify({
        messages: [
          { role: 'system', content: 'Terse.' },
          { role: 'user', content: 'Hello there' },
        ],
      }),
    );
    expect(result.ok && result.conversation).toMatchObject({
      title: 'Hello there',
      model: 'svc-reasoner',
      systemPrompt: 'Terse.',
      messages: [{ role: 'user', content: 'Hello there' }],
    });
    expect((await store.list()).map((s) => s.title)).toEqual(['Hello there']);
  });

  it('imports all conversations as new ones: ids remapped, titles named apart, bad entries refused alone', async () => {
    let n = 0;
    const store = createConversationStore({ store: freshStore(), createId: () => `new${++n}` });
    await store.save(conversation('a', { title: 'Trip', updatedAt: 5 }));
    await store.save(conversation('b', { title: 'Work', updatedAt: 6 }));
    const { json, count } = await store.exportAllJson();
    expect(count).toBe(2);
    const file = JSON.parse(json) as { conversations: unknown[] };
    file.conversations.push({ title: 'Broken', messages: 'none', id: 'z' });

    const result = await importMany(store, JSON.stringify(file));
    if (!result.ok) throw new Error('the file should be read');
    expect(result.conversations.map((c) => [c.id, c.title])).toEqual([
      ['new1', 'Work (imported)'],
      ['new2', 'Trip (imported)'],
    ]);
    expect(result.refused).toEqual([
      {
        number: 3,
        title: 'Broken',
        issues: expect.arrayContaining([
          { path: '$.conversations[2].messages', reason: expect.stringMatching(/must be an array/) },
        ]),
      },
    ]);
    expect((await store.list()).map((s) => s.title).sort()).toEqual([
      'Trip',
      'Trip (imported)',
      'Work',
      'Work (imported)',
    ]);
    // The originals are untouched.
    expect((await store.load('a'))!.title).toBe('Trip');

    const again = await importMany(store, json);
    expect(again.ok && again.conversations.map((c) => c.title)).toEqual([
      'Work (imported 2)',
      'Trip (imported 2)',
    ]);
  });

  it('gives two entries of one file with the same id and title separate ids and titles', async () => {
    let n = 0;
    const store = createConversationStore({ store: freshStore(), createId: () => `new${++n}` });
    const twice = JSON.stringify([
      conversation('same', { title: 'Twin' }),
      conversation('same', { title: 'Twin' }),
    ]);
    const result = await importMany(store, twice);
    expect(result.ok && result.conversations.map((c) => [c.id, c.title])).toEqual([
      ['same', 'Twin'],
      ['new1', 'Twin (imported)'],
    ]);
    expect(await store.list()).toHaveLength(2);
  });

  it('reports what is wrong with an invalid import and saves nothing', async () => {
    const store = createConversationStore({ store: freshStore() });
    const result = await store.importJson(
      '{"format":"svc-playground.conversation","version":1,"conversation":{}}',
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues).toContainEqual({ path: '$.conversation.id', reason: 'is missing' });
    expect(await store.list()).toEqual([]);
  });

  it('surfaces a full disk as a quota StorageError instead of swallowing it', async () => {
    const real = freshStore();
    const full: UseStore = (mode, callback) =>
      mode === 'readwrite'
        ? Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError'))
        : real(mode, callback);
    const store = createConversationStore({ store: full });
    const error = await store.save(conversation('big')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({
      kind: 'quota',
      message: expect.stringMatching(/save conversation "Title big".*full/),
    });
    expect((error as StorageError).hint).toMatch(/Delete or export/);
  });
});

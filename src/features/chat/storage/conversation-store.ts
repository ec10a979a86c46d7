import { del, delMany, get, getMany, set, setMany, update, type UseStore } from 'idb-keyval';
import {
  compareSummaries,
  type Conversation,
  type ConversationSummary,
} from '../../../lib/chat/conversation-types';
import type { ImportResult } from '../../../lib/chat';
import { importOffThread } from '../../../lib/chat/import-off-thread';
import type { FileReading } from '../../../lib/chat/import-tasks';
import type { StoredIndexEntry as IndexEntry } from '../../../lib/chat/stored-index';
import { newConversationOptions } from '../session';
import { guard, StorageError } from './storage-error';
import {
  CONVERSATIONS_INDEX_KEY as INDEX_KEY,
  conversationKey as keyOf,
  conversationsStore,
} from '../../../lib/chat/conversation-keys';

// What reads back stored data (which an older or hostile version may have written): with the first read.
const loadRecords = () => import('../../../lib/chat/stored-conversations');
// The list's index alone, which every save reads: a first visit saves its blank conversation as the
// page opens, and reads no record (issue 29, item 10).
const loadIndex = () => import('../../../lib/chat/stored-index');

/** Imported records written per transaction. */
const SAVE_BATCH = 500;

export interface ConversationStoreOptions {
  /** An idb-keyval store; defaults to database `svc-playground`, object store `conversations`. */
  store?: UseStore;
  /** How long a deletion can be undone, ms (default 10 000). */
  undoMs?: number;
  now?: () => number;
  createId?: () => string;
  /** The model of an imported request body that names none (default: a new conversation's). */
  defaultModel?: () => string;
}

/** The list's entry of a conversation as saved. */
function entryOf(conversation: Conversation, pinned: boolean): IndexEntry {
  const { id, title, updatedAt, model } = conversation;
  return { id, title, updatedAt, model, ...(pinned ? { pinned: true } : {}) };
}

/** What the list shows of an entry (not whether a deletion is pending). */
function summaryOf({ deletedAt: _pending, ...summary }: IndexEntry): ConversationSummary {
  return summary;
}

/** A deletion that can still be taken back until `purgeAt`. */
export interface PendingDeletion {
  id: string;
  purgeAt: number;
  /** Restores the conversation; false when the window has passed and it is gone. */
  undo(): Promise<boolean>;
}

/**
 * Conversations in IndexedDB: one key per conversation plus an index of `{id, title, updatedAt}` for
 * the sidebar, so listing never reads every conversation. Every method rejects with a `StorageError`
 * (quota, unavailable, damaged, failed) that the UI can show; nothing is swallowed.
 * Nothing read back is trusted: index entries and records are checked as they are read (an entry or
 * date out of shape is mended, a record that cannot be is `damaged`), and what is saved from outside
 * has been checked by the importers.
 */
export function createConversationStore(options: ConversationStoreOptions = {}) {
  const store = options.store ?? conversationsStore();
  const undoMs = options.undoMs ?? 10_000;
  const now = options.now ?? Date.now;
  const createId = options.createId ?? (() => globalThis.crypto.randomUUID());
  const defaultModel = options.defaultModel ?? (() => newConversationOptions().model);
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const readIndex = async (mended?: () => void) =>
    (await loadIndex()).readIndexEntries(await get(INDEX_KEY, store), now(), mended);
  const updateIndex = async (change: (entries: IndexEntry[]) => IndexEntry[]) => {
    const { readIndexEntries } = await loadIndex();
    // Written back mended: a date from the future is stored as now, and no longer holds the top.
    await update<IndexEntry[]>(INDEX_KEY, (entries) => change(readIndexEntries(entries, now())), store);
  };

  /**
   * The record of `id` checked, or null when there is none; a damaged one rejects with a `damaged`
   * StorageError saying why (its raw data stays exportable, `exportJson`).
   */
  async function read(id: string, operation: string): Promise<Conversation | null> {
    const raw: unknown = await get(keyOf(id), store);
    if (raw === undefined) return null;
    const { readStoredConversation, describeIssues } = await loadRecords();
    const result = readStoredConversation(raw, id, now());
    if (result.ok) return result.conversation;
    const detail = `this conversation's stored record is damaged: ${describeIssues(result.issues)}.`;
    throw Object.assign(new StorageError('damaged', operation, detail), { issues: result.issues });
  }

  async function purge(id: string): Promise<void> {
    timers.delete(id);
    let purged = false;
    await updateIndex((entries) => {
      const entry = entries.find((e) => e.id === id);
      purged = entry?.deletedAt !== undefined;
      return purged ? entries.filter((e) => e.id !== id) : entries;
    });
    if (purged) await del(keyOf(id), store);
  }

  async function purgeExpired(entries: IndexEntry[]): Promise<void> {
    const expired = entries.filter(
      (e) => e.deletedAt !== undefined && e.deletedAt + undoMs <= now() && !timers.has(e.id),
    );
    for (const entry of expired) await purge(entry.id);
  }

  async function save(conversation: Conversation): Promise<void> {
    await guard(`save conversation "${conversation.title}"`, async () => {
      await set(keyOf(conversation.id), conversation, store);
      await updateIndex((entries) => {
        // A pin is the list's, not the record's: a save keeps it.
        const was = entries.find((e) => e.id === conversation.id);
        const entry = entryOf(conversation, was?.pinned === true);
        return [...entries.filter((e) => e.id !== conversation.id), entry];
      });
    });
  }

  /**
   * Saves imported conversations as new ones: an id already stored (or taken earlier in the same
   * import) is replaced, so nothing is overwritten, and a title already listed is named apart.
   */
  async function saveImported(imported: readonly Conversation[]): Promise<Conversation[]> {
    const saved = await (
      await loadRecords()
    ).asNewConversations(imported, await readIndex(), createId, now());
    // In batches, each its own transaction: the browser copies every record on the page's thread as
    // it is put, and 30,000 in one transaction held the page for over a second. Records written
    // before a batch fails are taken back, so none is left that the list does not name.
    for (let at = 0; at < saved.length; at += SAVE_BATCH) {
      try {
        await setMany(
          saved.slice(at, at + SAVE_BATCH).map((c) => [keyOf(c.id), c]),
          store,
        );
      } catch (error) {
        await delMany(
          saved.slice(0, at).map((c) => keyOf(c.id)),
          store,
        ).catch(() => undefined);
        throw error;
      }
    }
    const ids = new Set(saved.map((c) => c.id));
    await updateIndex((index) => [
      ...index.filter((e) => !ids.has(e.id)),
      ...saved.map((c) => entryOf(c, false)),
    ]);
    return saved;
  }

  const importDefaults = () => ({ model: defaultModel(), now: now() });
  // Imports are read in a worker, which makes its own ids; ids chosen by the caller (tests) keep it here.
  const importIds = options.createId;

  return {
    /** Visible conversations, most recently updated first. Also purges deletions whose window passed. */
    list: () =>
      guard('list conversations', async () => {
        let mended = false;
        const entries = await readIndex(() => (mended = true));
        if (mended) await updateIndex((mendedEntries) => mendedEntries);
        await purgeExpired(entries);
        return entries
          .filter((e) => e.deletedAt === undefined)
          .map(summaryOf)
          .sort(compareSummaries);
      }),

    /** Pins a conversation to the top of the list, or unpins it; kept in the list's index. */
    setPinned: (id: string, pinned: boolean) =>
      guard(pinned ? 'pin the conversation' : 'unpin the conversation', () =>
        updateIndex((entries) =>
          entries.map((e) => {
            if (e.id !== id) return e;
            const { pinned: _was, ...rest } = e;
            return pinned ? { ...rest, pinned: true } : rest;
          }),
        ),
      ),

    /**
     * Reads a conversation, or null. A reply that was pending or streaming when it was saved was cut
     * off (a reload or crash mid-stream), so it comes back marked `interrupted`, text kept. The record
     * is checked: dates later than now come back as now; one that cannot be read rejects with a
     * `damaged` StorageError (`issues` says why) rather than reaching the page.
     */
    load: (id: string) => guard('load the conversation', () => read(id, 'load the conversation')),

    save,

    /** Creates and saves an empty conversation. */
    create: async (
      init: Partial<Omit<Conversation, 'id' | 'createdAt' | 'updatedAt'>> & { model: string },
    ) => {
      const at = now();
      const conversation: Conversation = {
        title: 'New conversation',
        systemPrompt: '',
        messages: [],
        parameters: {},
        ...init,
        id: createId(),
        createdAt: at,
        updatedAt: at,
      };
      await save(conversation);
      return conversation;
    },

    rename: (id: string, title: string) =>
      guard(`rename the conversation to "${title}"`, async () => {
        const conversation = await read(id, 'rename the conversation');
        if (!conversation)
          throw new StorageError('failed', 'rename the conversation', `no conversation with id ${id}.`);
        await save({ ...conversation, title, updatedAt: now() });
      }),

    /** Hides a conversation now and purges it after the undo window. */
    remove: (id: string): Promise<PendingDeletion> =>
      guard('delete the conversation', async () => {
        const deletedAt = now();
        await updateIndex((entries) => entries.map((e) => (e.id === id ? { ...e, deletedAt } : e)));
        clearTimeout(timers.get(id));
        // A purge that fails here is retried by the next list(); it is not lost.
        timers.set(
          id,
          setTimeout(() => void purge(id).catch(() => undefined), undoMs),
        );
        return {
          id,
          purgeAt: deletedAt + undoMs,
          undo: () =>
            guard('restore the conversation', async () => {
              if (now() >= deletedAt + undoMs) return false;
              clearTimeout(timers.get(id));
              timers.delete(id);
              let restored = false;
              await updateIndex((entries) =>
                entries.map((e) => {
                  if (e.id !== id || e.deletedAt === undefined) return e;
                  restored = true;
                  const { deletedAt: _gone, ...rest } = e;
                  return rest;
                }),
              );
              return restored;
            }),
        };
      }),

    /**
     * Conversations whose title or any message contains `query` (case-insensitive), newest first. A
     * damaged record is found by its listed title only.
     */
    search: (query: string) =>
      guard('search conversations', async () => {
        const needle = query.trim().toLowerCase();
        const entries = (await readIndex()).filter((e) => e.deletedAt === undefined).sort(compareSummaries);
        const summary = summaryOf;
        if (needle === '') return entries.map(summary);
        const records = await getMany<unknown>(
          entries.map((e) => keyOf(e.id)),
          store,
        );
        const { recordHolds } = await loadRecords();
        const at = now();
        return entries.filter((e, i) => recordHolds(e.title, records[i], e.id, needle, at)).map(summary);
      }),

    /**
     * The conversation as export JSON, or null when it does not exist. A damaged record is exported
     * as it is stored (as JSON can hold it), so what it holds is never lost: the file's import then
     * lists what is wrong with it.
     */
    exportJson: (id: string) =>
      guard('export the conversation', async () => {
        const raw: unknown = await get(keyOf(id), store);
        if (raw === undefined) return null;
        const { readStoredConversation, exportRecord } = await loadRecords();
        return exportRecord(readStoredConversation(raw, id, now()), raw);
      }),

    /**
     * Every listed conversation (not those awaiting purge), newest first, as one export document, and
     * how many; `damaged` of them are exported as stored (see `exportJson`).
     */
    exportAllJson: () =>
      guard('export all conversations', async () => {
        const entries = (await readIndex())
          .filter((e) => e.deletedAt === undefined)
          .sort((a, b) => b.updatedAt - a.updatedAt);
        const records = await getMany<unknown>(
          entries.map((e) => keyOf(e.id)),
          store,
        );
        return (await loadRecords()).exportRecords(
          entries.flatMap((e, i) => (records[i] === undefined ? [] : [{ id: e.id, raw: records[i] }])),
          now(),
        );
      }),

    /**
     * Checks one conversation to import (the playground's export or a plain `{"messages": […]}`
     * request body, as `importJson`) without saving it: for showing what a share link holds before
     * it is saved with `saveChecked`.
     */
    checkImport: (text: string): Promise<ImportResult> =>
      guard('read the conversation', () =>
        importOffThread({ kind: 'one', text, defaults: importDefaults() }, importIds),
      ),

    /**
     * Saves a conversation `checkImport` (or `readSharedConversation`) gave as a new one: an id
     * already stored is replaced, a title already listed named apart, dates later than now brought
     * back to now. Resolves to the conversation as saved.
     */
    saveChecked: (conversation: Conversation): Promise<Conversation> =>
      guard('save the conversation', async () => (await saveImported([conversation]))[0]!),

    /**
     * Validates one conversation — the playground's export or a plain `{"messages": […]}` request
     * body — and saves it as a new one (see `saveImported`). Validation failures come back as
     * `{ ok: false, issues }`.
     */
    importJson: (text: string): Promise<ImportResult> =>
      guard('import the conversation', async () => {
        const result = await importOffThread({ kind: 'one', text, defaults: importDefaults() }, importIds);
        if (!result.ok) return result;
        const [conversation] = await saveImported([result.conversation]);
        return { ok: true, conversation: conversation! };
      }),

    /**
     * Imports a file of one conversation or many (`importJson`'s, or the file of every one, or an
     * array of either), each as a new one (see `saveImported`). Of many, entries that fail
     * validation are listed in `refused`; the valid ones go in regardless.
     */
    importFile: (text: string): Promise<FileReading> =>
      guard('import the conversations', async (): Promise<FileReading> => {
        const read = await importOffThread({ kind: 'file', text, defaults: importDefaults() }, importIds);
        if (!read.result.ok) return read;
        if (!read.many)
          return {
            many: false,
            result: { ok: true, conversation: (await saveImported([read.result.conversation]))[0]! },
          };
        return {
          many: true,
          result: { ...read.result, conversations: await saveImported(read.result.conversations) },
        };
      }),

    /** Cancels pending purge timers (the deletions stay marked and are purged by a later list()). */
    dispose: () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type ConversationStore = ReturnType<typeof createConversationStore>;

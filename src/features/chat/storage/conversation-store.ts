import { createStore, del, get, getMany, set, update, type UseStore } from 'idb-keyval';
import {
  exportConversation,
  parseConversationExport,
  type Conversation,
  type ConversationSummary,
  type ImportResult,
} from '../../../lib/chat';
import { guard, StorageError } from './storage-error';

const INDEX_KEY = 'conversations:index';
const keyOf = (id: string) => `conversation:${id}`;

interface IndexEntry extends ConversationSummary {
  /** Set while a deletion can still be undone; the record is purged once the window passes. */
  deletedAt?: number;
}

export interface ConversationStoreOptions {
  /** An idb-keyval store; defaults to database `svc-playground`, object store `conversations`. */
  store?: UseStore;
  /** How long a deletion can be undone, ms (default 10 000). */
  undoMs?: number;
  now?: () => number;
  createId?: () => string;
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
 * (quota, unavailable, failed) that the UI can show; nothing is swallowed.
 */
export function createConversationStore(options: ConversationStoreOptions = {}) {
  const store = options.store ?? createStore('svc-playground', 'conversations');
  const undoMs = options.undoMs ?? 10_000;
  const now = options.now ?? Date.now;
  const createId = options.createId ?? (() => globalThis.crypto.randomUUID());
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const readIndex = async () => (await get<IndexEntry[]>(INDEX_KEY, store)) ?? [];
  const updateIndex = (change: (entries: IndexEntry[]) => IndexEntry[]) =>
    update<IndexEntry[]>(INDEX_KEY, (entries) => change(entries ?? []), store);

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
      const entry: IndexEntry = {
        id: conversation.id,
        title: conversation.title,
        updatedAt: conversation.updatedAt,
      };
      await updateIndex((entries) => [...entries.filter((e) => e.id !== conversation.id), entry]);
    });
  }

  return {
    /** Visible conversations, most recently updated first. Also purges deletions whose window passed. */
    list: () =>
      guard('list conversations', async () => {
        const entries = await readIndex();
        await purgeExpired(entries);
        return entries
          .filter((e) => e.deletedAt === undefined)
          .map(({ id, title, updatedAt }) => ({ id, title, updatedAt }))
          .sort((a, b) => b.updatedAt - a.updatedAt);
      }),

    /**
     * Reads a conversation, or null. A reply that was pending or streaming when it was saved was cut
     * off (a reload or crash mid-stream), so it comes back marked `interrupted`, text kept.
     */
    load: (id: string) =>
      guard('load the conversation', async () => {
        const conversation = await get<Conversation>(keyOf(id), store);
        if (!conversation) return null;
        const messages = conversation.messages.map((m) =>
          m.status === 'pending' || m.status === 'streaming' ? { ...m, status: 'interrupted' as const } : m,
        );
        return { ...conversation, messages };
      }),

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
        const conversation = await get<Conversation>(keyOf(id), store);
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

    /** Conversations whose title or any message contains `query` (case-insensitive), newest first. */
    search: (query: string) =>
      guard('search conversations', async () => {
        const needle = query.trim().toLowerCase();
        const entries = (await readIndex()).filter((e) => e.deletedAt === undefined);
        if (needle === '') return entries.sort((a, b) => b.updatedAt - a.updatedAt);
        const records = await getMany<Conversation | undefined>(
          entries.map((e) => keyOf(e.id)),
          store,
        );
        return records
          .filter((c): c is Conversation => c !== undefined)
          .filter(
            (c) =>
              c.title.toLowerCase().includes(needle) ||
              c.systemPrompt.toLowerCase().includes(needle) ||
              c.messages.some((m) => m.content.toLowerCase().includes(needle)),
          )
          .map(({ id, title, updatedAt }) => ({ id, title, updatedAt }))
          .sort((a, b) => b.updatedAt - a.updatedAt);
      }),

    /** The conversation as export JSON, or null when it does not exist. */
    exportJson: async (id: string) => {
      const conversation = await guard('export the conversation', () => get<Conversation>(keyOf(id), store));
      return conversation ? exportConversation(conversation) : null;
    },

    /**
     * Validates an export and saves it. It gets a new id when one with its id already exists, so an
     * import never overwrites. Validation failures come back as `{ ok: false, issues }`.
     */
    importJson: async (text: string): Promise<ImportResult> => {
      const result = parseConversationExport(text);
      if (!result.ok) return result;
      const existing = await guard('import the conversation', () =>
        get(keyOf(result.conversation.id), store),
      );
      const conversation = existing ? { ...result.conversation, id: createId() } : result.conversation;
      await save(conversation);
      return { ok: true, conversation };
    },

    /** Cancels pending purge timers (the deletions stay marked and are purged by a later list()). */
    dispose: () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type ConversationStore = ReturnType<typeof createConversationStore>;

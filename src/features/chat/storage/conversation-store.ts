import { del, get, getMany, set, setMany, update, type UseStore } from 'idb-keyval';
import type { Conversation, ConversationSummary, ImportResult } from '../../../lib/chat';
import type { ImportManyResult } from '../../../lib/chat/conversation-import';
import { newConversationOptions } from '../session';
import { guard, StorageError } from './storage-error';
import { allMessages } from '../../../lib/chat/conversation-tree';
import {
  CONVERSATIONS_INDEX_KEY as INDEX_KEY,
  conversationKey as keyOf,
  conversationsStore,
} from '../../../lib/chat/conversation-keys';

// Reading and writing export files loads with the first export or import: few visits make one.
const loadFormats = () => import('../../../lib/chat/conversation-import-formats');

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
  /** The model of an imported request body that names none (default: a new conversation's). */
  defaultModel?: () => string;
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
  const store = options.store ?? conversationsStore();
  const undoMs = options.undoMs ?? 10_000;
  const now = options.now ?? Date.now;
  const createId = options.createId ?? (() => globalThis.crypto.randomUUID());
  const defaultModel = options.defaultModel ?? (() => newConversationOptions().model);
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

  /**
   * Saves imported conversations as new ones: an id already stored (or taken earlier in the same
   * import) is replaced, so nothing is overwritten, and a title already listed is named apart.
   */
  async function saveImported(imported: readonly Conversation[]): Promise<Conversation[]> {
    const { importedTitle } = await loadFormats();
    const index = await readIndex();
    // Ids of deletions still undoable count as taken: an undo must not find its id reused.
    const stored = new Set(index.map((e) => e.id));
    const titles = new Set(index.filter((e) => e.deletedAt === undefined).map((e) => e.title));
    const saved = imported.map((conversation) => {
      const id = stored.has(conversation.id) ? createId() : conversation.id;
      const title = importedTitle(conversation.title, titles);
      stored.add(id);
      titles.add(title);
      return { ...conversation, id, title };
    });
    await setMany(
      saved.map((c) => [keyOf(c.id), c]),
      store,
    );
    await updateIndex((index) => [
      ...index.filter((e) => !saved.some((c) => c.id === e.id)),
      ...saved.map(({ id, title, updatedAt }) => ({ id, title, updatedAt })),
    ]);
    return saved;
  }

  const importDefaults = () => ({ model: defaultModel(), createId, now: now() });

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
              // Words of a version not shown find the conversation too.
              allMessages({ messages: c.messages, branches: c.branches ?? {} }).some((m) =>
                m.content.toLowerCase().includes(needle),
              ),
          )
          .map(({ id, title, updatedAt }) => ({ id, title, updatedAt }))
          .sort((a, b) => b.updatedAt - a.updatedAt);
      }),

    /** The conversation as export JSON, or null when it does not exist. */
    exportJson: (id: string) =>
      guard('export the conversation', async () => {
        const conversation = await get<Conversation>(keyOf(id), store);
        return conversation ? (await loadFormats()).exportConversation(conversation) : null;
      }),

    /** Every listed conversation (not those awaiting purge), newest first, as one export document, and how many. */
    exportAllJson: () =>
      guard('export all conversations', async () => {
        const entries = (await readIndex())
          .filter((e) => e.deletedAt === undefined)
          .sort((a, b) => b.updatedAt - a.updatedAt);
        const records = await getMany<Conversation | undefined>(
          entries.map((e) => keyOf(e.id)),
          store,
        );
        const conversations = records.filter((c): c is Conversation => c !== undefined);
        return {
          json: (await loadFormats()).exportConversations(conversations),
          count: conversations.length,
        };
      }),

    /**
     * Validates one conversation — the playground's export or a plain `{"messages": […]}` request
     * body — and saves it as a new one (see `saveImported`). Validation failures come back as
     * `{ ok: false, issues }`.
     */
    importJson: (text: string): Promise<ImportResult> =>
      guard('import the conversation', async () => {
        const result = (await loadFormats()).parseConversationImport(text, importDefaults());
        if (!result.ok) return result;
        const [conversation] = await saveImported([result.conversation]);
        return { ok: true, conversation: conversation! };
      }),

    /**
     * Imports a file of many conversations, each as a new one (see `saveImported`). Entries that
     * fail validation are listed in `refused`; the valid ones go in regardless.
     */
    importAllJson: (text: string): Promise<ImportManyResult> =>
      guard('import the conversations', async () => {
        const result = (await loadFormats()).parseConversationsImport(text, importDefaults());
        if (!result.ok) return result;
        return { ...result, conversations: await saveImported(result.conversations) };
      }),

    /** Cancels pending purge timers (the deletions stay marked and are purged by a later list()). */
    dispose: () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type ConversationStore = ReturnType<typeof createConversationStore>;

import { useIsMounted } from '../../../components/ui/use-is-mounted';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDefaultModel } from '../../../components/params';
import { preloadMarkdownRenderer } from '../../../components/markdown';
import type { Conversation, ConversationSummary, ImportIssue } from '../../../lib/chat';
import type { ImportManyResult } from '../../../lib/chat/conversation-import';
import { importOffThread } from '../../../lib/chat/import-off-thread';
import type { SharedConversation } from '../../../lib/chat/share-link';
import { describeIssues } from '../../../lib/chat/describe-issues';
import type { PastedRequest } from '../../../lib/export-code';
import { useChatStores } from '../use-chat-stores';
import { newWorkbench } from '../functions/workbench-state';
import { newConversationOptions, rememberForNewConversations, setConversationParameter } from '../session';
import {
  autosaveSessions,
  createAutosaver,
  createConversationStore,
  toStorageError,
  type Autosaver,
  type ConversationStore,
  StorageError,
} from '../storage';

/** A deletion the sidebar offers to undo. */
export interface UndoableDeletion {
  title: string;
  undo: () => Promise<boolean>;
}

export interface ConversationsState {
  store: ConversationStore;
  autosaver: Autosaver;
  summaries: ConversationSummary[];
  query: string;
  /** The shown conversation as loaded; its live state is in the sessions store, opened with it. */
  active: Conversation | null;
  /** The last storage failure (quota included), shown until dismissed. */
  storageError: StorageError | null;
  deletion: UndoableDeletion | null;
  importIssues: ImportIssue[] | null;
  /** An address named a conversation this browser does not have; says so until dismissed. */
  missing: string | null;
  /** Why a shared link could not be opened, until dismissed. */
  shareProblem: string | null;
  /** What a share link holds, checked and not yet saved: the user is asked first. */
  sharedOffer: SharedOffer | null;
  /** The conversation whose stored record could not be read, while its storage error is shown. */
  damagedId: string | null;
}

/** A conversation a share link carries, read and checked (title, messages, bytes), waiting for the user to open it. */
export type SharedOffer = Extract<SharedConversation, { ok: true }>['summary'] & {
  conversation: Conversation;
};

/**
 * The conversations of the sidebar and the shown one, in IndexedDB. On mount, a conversation shared
 * in the address's fragment (`initialHash`, `#share=…`) is read and offered (`sharedOffer`): any
 * site can send a visitor to such a link, so nothing in it is saved until the user says so. Then
 * `initialId` (the conversation the address names), else the most recent (creating one when there
 * is none). Every action reports storage failures as `storageError`.
 * Showing a conversation opens it in the sessions store first, so the page never renders it empty;
 * every change of an open conversation is saved. Where replies are drawn as markdown
 * (`drawsMarkdown`), the renderer is fetched as soon as there is a conversation to show.
 */
export function useConversations(
  initialId?: string,
  initialHash = '',
  drawsMarkdown = true,
  initialModel?: string,
) {
  const stores = useChatStores();
  const { sessions, workbenches, saves } = stores;
  // The connection's default chat model, read when a conversation is made (not when the store is).
  const defaultModel = useDefaultModel('chat');
  const latestDefault = useRef(defaultModel);
  useEffect(() => {
    latestDefault.current = defaultModel;
  });
  const [store] = useState(() => createConversationStore());
  const [storageError, setStorageError] = useState<StorageError | null>(null);
  // A deleted conversation's session may still save (a reply finishing): that must not revive it.
  const [deleted] = useState(() => new Set<string>());
  const [autosaver] = useState(() =>
    createAutosaver({
      save: async (conversation) => {
        if (deleted.has(conversation.id)) return;
        await store.save(conversation);
        // Announced so the list (titles, order) follows.
        saves.getState().noteSaved(conversation.id);
      },
      onError: setStorageError,
    }),
  );
  const [summaries, setSummaries] = useState<ConversationSummary[]>([]);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<Conversation | null>(null);
  const [deletion, setDeletion] = useState<UndoableDeletion | null>(null);
  const [importIssues, setImportIssues] = useState<ImportIssue[] | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [shareProblem, setShareProblem] = useState<string | null>(null);
  const [sharedOffer, setSharedOffer] = useState<SharedOffer | null>(null);
  const [damagedId, setDamagedId] = useState<string | null>(null);

  // Storage answers after the page is gone (a test's window torn down, a route left) go nowhere:
  // every step after an await checks this before it sets state.
  const isMounted = useIsMounted();

  const attempt = useCallback(
    async <T>(operation: string, task: () => Promise<T>): Promise<T | undefined> => {
      try {
        const result = await task();
        return isMounted() ? result : undefined;
      } catch (error) {
        if (isMounted()) setStorageError(toStorageError(error, operation));
        return undefined;
      }
    },
    [isMounted],
  );

  const listFor = useCallback(
    (q: string) => attempt('list conversations', () => (q.trim() ? store.search(q) : store.list())),
    [attempt, store],
  );
  const refresh = useCallback(async () => {
    const list = await listFor(query);
    if (list && isMounted()) setSummaries(list);
  }, [listFor, query, isMounted]);
  const search = async (q: string) => {
    setQuery(q);
    const list = await listFor(q);
    if (list && isMounted()) setSummaries(list);
  };

  useEffect(() => saves.subscribe(() => void refresh()), [saves, refresh]);
  useEffect(() => autosaveSessions(sessions, autosaver), [sessions, autosaver]);

  // The conversation's own model and parameters go live with it (and become what a new one starts from).
  const show = useCallback(
    /** `stream` where the conversation came with its own choice (a loaded request), else Settings'. */
    (conversation: Conversation, stream = newConversationOptions().stream) => {
      sessions.getState().actions.open(conversation, { stream });
      workbenches.getState().actions.open(conversation.id, newWorkbench(conversation.functions ?? []));
      rememberForNewConversations(sessions.getState().sessions[conversation.id]!.options);
      setActive(conversation);
    },
    [sessions, workbenches],
  );

  /** Resolves false when there is no such conversation (or it could not be read). */
  const open = useCallback(
    async (id: string): Promise<boolean> => {
      await autosaver.flush().catch(() => undefined);
      const conversation = await attempt('open the conversation', () =>
        store.load(id).catch((error: unknown) => {
          // Said with its way out (export what it holds, or delete it); the rest of the list opens.
          if (error instanceof StorageError && error.kind === 'damaged' && isMounted()) setDamagedId(id);
          throw error;
        }),
      );
      if (!conversation) return false;
      show(conversation);
      return true;
    },
    [attempt, autosaver, show, store, isMounted],
  );

  /** Opens the conversation an address names; one this browser lacks is said, not silently swapped. */
  const openAddressed = useCallback(
    async (id: string): Promise<boolean> => {
      const opened = await open(id);
      if (isMounted()) setMissing(opened ? null : id);
      return opened;
    },
    [open, isMounted],
  );

  /**
   * Resolves false when the shown conversation is still empty: it is the new one, not another blank
   * (given a `model`, that empty conversation takes it, as a new one would have).
   */
  const create = useCallback(
    async (model?: string): Promise<boolean> => {
      const shown = active && !deleted.has(active.id) ? sessions.getState().sessions[active.id] : undefined;
      if (shown && shown.messages.length === 0 && shown.options.systemPrompt.trim() === '') {
        if (model !== undefined && active) setConversationParameter(sessions, active.id, 'model', model);
        return false;
      }
      const { model: chosen, parameters } = newConversationOptions(model ?? latestDefault.current);
      const conversation = await attempt('create a conversation', () =>
        store.create({ model: chosen, parameters }),
      );
      if (!conversation) return false;
      show(conversation);
      await refresh();
      return true;
    },
    [active, attempt, deleted, refresh, sessions, show, store],
  );

  /** Reads and checks the conversation a share link carries, and offers it; nothing is saved yet. */
  const readSharedLink = async (hash: string): Promise<void> => {
    const { sharedData } = await import('../../../lib/chat/share-link');
    const data = sharedData(hash);
    if (data === null) return;
    // Inflated, parsed and checked off the page's thread: a link is anyone's to craft.
    const read = await importOffThread({
      kind: 'share',
      data,
      defaults: { model: latestDefault.current, now: Date.now() },
    }).catch((error: unknown) => ({
      ok: false as const,
      reason: error instanceof Error ? error.message : String(error),
    }));
    if (!isMounted()) return;
    if (!read.ok) setShareProblem(`This shared link could not be opened: ${read.reason}`);
    else setSharedOffer({ ...read.summary, conversation: read.conversation });
  };

  /** Saves the offered shared conversation as a new one (its own dates left behind) and shows it. */
  const acceptShared = async (): Promise<void> => {
    const offer = sharedOffer;
    if (!offer) return;
    const saved = await attempt('save the shared conversation', () => store.saveChecked(offer.conversation));
    if (!saved) return;
    setSharedOffer(null);
    show(saved);
    await refresh();
  };

  useEffect(() => {
    void stores.requestPersistentStorage();
    let cancelled = false;
    void (async () => {
      const list = await attempt('list conversations', () => store.list());
      if (cancelled || !list) return;
      setSummaries(list);
      // One of them is about to be shown, most likely with replies to draw.
      if (drawsMarkdown && (list.length > 0 || initialHash !== '')) preloadMarkdownRenderer();
      if (initialHash !== '') await readSharedLink(initialHash);
      if (cancelled) return;
      let shownId: string | null = null;
      if (initialId !== undefined && (await openAddressed(initialId))) shownId = initialId;
      if (cancelled) return;
      const first = list[0];
      // The newest may be a record no version can open: a new conversation is shown then.
      if (shownId === null && first && (await open(first.id))) shownId = first.id;
      if (cancelled) return;
      if (initialModel === undefined) {
        if (shownId === null) await create();
        return;
      }
      // Asked for a model (the Models page's "Open in chat"): an empty conversation takes it, else a new one.
      const shown = shownId === null ? undefined : sessions.getState().sessions[shownId];
      if (
        shownId !== null &&
        shown &&
        shown.messages.length === 0 &&
        shown.options.systemPrompt.trim() === ''
      ) {
        setConversationParameter(sessions, shownId, 'model', initialModel);
      } else {
        await create(initialModel);
      }
    })();
    return () => {
      cancelled = true;
    };
    // Mount only: opening the first conversation is a one-time step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(
    () => () => {
      void autosaver.dispose().catch(() => undefined);
      store.dispose();
    },
    [autosaver, store],
  );

  const rename = async (id: string, title: string) => {
    await autosaver.flush().catch(() => undefined);
    await attempt('rename the conversation', () => store.rename(id, title));
    // Later saves of an open conversation carry the new title.
    sessions.getState().actions.setTitle(id, title);
    if (active?.id === id) setActive({ ...active, title });
    await refresh();
  };

  const remove = async (id: string, title: string) => {
    await autosaver.flush().catch(() => undefined);
    deleted.add(id);
    const pending = await attempt('delete the conversation', () => store.remove(id));
    if (!pending) {
      deleted.delete(id);
      return;
    }
    workbenches.getState().actions.forget(id);
    setDeletion({
      title,
      undo: async () => {
        deleted.delete(id);
        const restored = (await attempt('restore the conversation', () => pending.undo())) ?? false;
        setDeletion(null);
        await refresh();
        if (restored) await open(id);
        return restored;
      },
    });
    const list = await attempt('list conversations', () => store.list());
    if (!list) return;
    setSummaries(list);
    if (active?.id === id) {
      const next = list[0];
      if (next) await open(next.id);
      else await create();
    }
  };

  /**
   * Imports a file or pasted JSON of one conversation (shown once in) or many (listed); read off the
   * page's thread. `ok` when something went in (a refused text is kept where it was typed); `many`
   * reports a file of many.
   */
  const importText = async (text: string): Promise<{ ok: boolean; many: ImportManyResult | null }> => {
    const read = await attempt('import the conversations', () => store.importFile(text));
    if (!read) return { ok: false, many: null };
    setImportIssues(null);
    if (read.many) {
      await refresh();
      return { ok: read.result.ok && read.result.conversations.length > 0, many: read.result };
    }
    if (!read.result.ok) {
      setImportIssues(read.result.issues);
      return { ok: false, many: null };
    }
    show(read.result.conversation);
    await refresh();
    return { ok: true, many: null };
  };

  /**
   * A pasted request (curl or JSON) opened as a new conversation: the one shown is never replaced.
   * Resolves null when it went in, else the reason, for the paste box to show beside what was pasted.
   */
  const loadRequest = async (pasted: PastedRequest): Promise<string | null> => {
    const path = pasted.url ? new URL(pasted.url).pathname : null;
    if (path !== null && !/\/chat\/completions\/?$/.test(path))
      return `This is a request to ${path}; only chat requests load into the chat page.`;
    const result = await attempt('load the request', () => store.importJson(JSON.stringify(pasted.body)));
    if (!result) return 'The request could not be saved as a conversation: see the storage message above.';
    if (!result.ok) return `The request was not loaded: ${describeIssues(result.issues, 5, ': ')}.`;
    // The request's own stream choice comes with it: loading it again sends what was pasted.
    const body = pasted.body as { stream?: unknown };
    show(result.conversation, typeof body.stream === 'boolean' ? body.stream : undefined);
    await refresh();
    return null;
  };

  /** A link that carries the conversation whole (in its fragment: never sent to a server). */
  const shareLink = async (id: string): Promise<string | null> => {
    const json = await exportJson(id);
    if (json === null) return null;
    const { shareFragment } = await import('../../../lib/chat/share-link');
    return `${window.location.origin}/chat#${await shareFragment(json)}`;
  };

  const exportJson = async (id: string) => {
    await autosaver.flush().catch(() => undefined);
    return (await attempt('export the conversation', () => store.exportJson(id))) ?? null;
  };

  const state: ConversationsState = {
    store,
    autosaver,
    summaries,
    query,
    active,
    storageError,
    deletion,
    importIssues,
    missing,
    shareProblem,
    sharedOffer,
    damagedId,
  };
  return {
    ...state,
    setQuery: (q: string) => void search(q),
    open,
    openAddressed,
    create,
    rename,
    remove,
    importText,
    loadRequest,
    shareLink,
    exportJson,
    dismissStorageError: () => {
      setStorageError(null);
      setDamagedId(null);
    },
    dismissDeletion: () => setDeletion(null),
    dismissImportIssues: () => setImportIssues(null),
    dismissMissing: () => setMissing(null),
    dismissShareProblem: () => setShareProblem(null),
    acceptShared,
    dismissShared: () => setSharedOffer(null),
    reportStorageError: setStorageError,
  };
}

export type ConversationsApi = ReturnType<typeof useConversations>;

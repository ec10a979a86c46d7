import { createStore, type StoreApi } from 'zustand/vanilla';
import { preloadMarkdownRenderer } from '../../../components/markdown';
import type { Conversation, ConversationSummary } from '../../../lib/chat';
import { describeIssues } from '../../../lib/chat/describe-issues';
import { importOffThread } from '../../../lib/chat/import-off-thread';
import type { WorkbenchesStore } from '../functions/workbenches-store';
import { newWorkbench } from '../functions/workbench-state';
import {
  newConversationOptions,
  rememberForNewConversations,
  setConversationParameter,
  type ChatSessionsStore,
} from '../session';
import { autosaveSessions } from '../storage/autosave-session';
import { createAutosaver, type Autosaver } from '../storage/conversation-autosaver';
import {
  createConversationStore,
  type ConversationStore,
  type ConversationStoreOptions,
} from '../storage/conversation-store';
import type { PersistResult } from '../storage/persistent-storage';
import { StorageError, toStorageError } from '../storage/storage-error';
import { isBlank, withSummary, withoutSummary } from './summaries';
import type { ConversationsActions, ConversationsStart, ConversationsState } from './conversations-types';

export type ConversationsStore = StoreApi<ConversationsState>;

export interface ConversationsStoreOptions {
  sessions: ChatSessionsStore;
  workbenches: WorkbenchesStore;
  /** Asks the browser, once, to keep the conversations' storage. */
  requestPersistentStorage?: () => Promise<PersistResult>;
  /** IndexedDB and clock for the conversation records (tests); the app's database otherwise. */
  storage?: ConversationStoreOptions;
}

/** What lives while the page is shown: the records' store, the autosaver, and the run it belongs to. */
interface Run {
  store: ConversationStore;
  autosaver: Autosaver;
  stopAutosave: () => void;
}

/**
 * The conversations: the list, the one shown, search, notices and undo, and the only writer of
 * IndexedDB for them. Showing a conversation opens it in the sessions store first, so the page never
 * renders it empty; every change of an open conversation is saved, and the list follows from what
 * was saved (no re-reading of the index). Answers that arrive after the page has gone change
 * nothing: each step after an await checks that its run is still the current one.
 */
export function createConversationsStore(options: ConversationsStoreOptions): ConversationsStore {
  const { sessions, workbenches } = options;
  let run: Run | null = null;
  let defaultModel = newConversationOptions().model;
  // A deleted conversation's session may still save (a reply finishing): that must not revive it.
  const deleted = new Set<string>();
  // Only the latest search's answer is listed.
  let searchRevision = 0;

  return createStore<ConversationsState>()((set, get) => {
    const live = (at: Run | null): at is Run => at !== null && run === at;

    /** Runs a storage task of this run; a failure is shown, and either gives undefined. */
    const attempt = async <T>(
      operation: string,
      task: (current: Run) => Promise<T>,
    ): Promise<T | undefined> => {
      const at = run;
      if (!at) return undefined;
      try {
        const result = await task(at);
        return live(at) ? result : undefined;
      } catch (error) {
        if (live(at)) set({ storageError: toStorageError(error, operation) });
        return undefined;
      }
    };

    const listAll = () => attempt('list conversations', (at) => at.store.list());
    const relist = async () => {
      const list = await listAll();
      if (list) set({ summaries: list });
    };

    /** The conversation's own model and parameters go live with it (and become what a new one starts from). */
    const show = (conversation: Conversation, stream = newConversationOptions().stream) => {
      sessions.getState().actions.open(conversation, { stream });
      workbenches.getState().actions.open(conversation.id, newWorkbench(conversation.functions ?? []));
      rememberForNewConversations(sessions.getState().sessions[conversation.id]!.options);
      set((s) => ({ activeId: conversation.id, summaries: withSummary(s.summaries, conversation) }));
    };

    const flush = async (at: Run | null = run) => {
      await at?.autosaver.flush().catch(() => undefined);
    };

    const blankShown = (): string | null => {
      const { activeId } = get();
      if (activeId === null || deleted.has(activeId)) return null;
      const shown = sessions.getState().sessions[activeId];
      return shown && isBlank(shown.messages, shown.options.systemPrompt) ? activeId : null;
    };

    /** A listed conversation nobody wrote in yet ("New conversation", no message, no system prompt). */
    const blankListed = async (): Promise<Conversation | null> => {
      // What the shown conversation holds is on disk before any record is judged blank.
      await flush();
      const { activeId, summaries } = get();
      const candidates = summaries.filter((s) => s.title === 'New conversation' && s.id !== activeId);
      for (const candidate of candidates) {
        const record = await attempt('open the conversation', (at) => at.store.load(candidate.id)).catch(
          () => undefined,
        );
        if (record && isBlank(record.messages, record.systemPrompt)) return record;
      }
      return null;
    };

    const actions: ConversationsActions = {
      start(start: ConversationsStart) {
        if (run) void actions.stop();
        const store = createConversationStore(options.storage);
        const autosaver = createAutosaver({
          save: async (conversation) => {
            if (deleted.has(conversation.id)) return;
            await store.save(conversation);
            // The list follows from what was written, not from reading the index back.
            if (live(at) && !deleted.has(conversation.id))
              set((s) => ({ summaries: withSummary(s.summaries, conversation) }));
          },
          onError: (error) => {
            if (live(at)) set({ storageError: error });
          },
        });
        const at: Run = { store, autosaver, stopAutosave: autosaveSessions(sessions, autosaver) };
        run = at;
        // The page shown again starts as it did the first time: its sessions were closed as it went.
        set({ activeId: null, missing: null, query: '', found: null });
        void options.requestPersistentStorage?.();
        void opening(at, start);
      },

      async stop() {
        const at = run;
        if (!at) return;
        run = null;
        at.stopAutosave();
        await at.autosaver.dispose().catch(() => undefined);
        at.store.dispose();
      },

      setDefaultModel(model) {
        defaultModel = model;
      },

      async open(id) {
        await flush();
        const conversation = await attempt('open the conversation', (at) =>
          at.store.load(id).catch((error: unknown) => {
            // Said with its way out (export what it holds, or delete it); the rest of the list opens.
            if (error instanceof StorageError && error.kind === 'damaged' && live(at)) set({ damagedId: id });
            throw error;
          }),
        );
        if (!conversation) return false;
        show(conversation);
        return true;
      },

      async openAddressed(id) {
        const at = run;
        const opened = await actions.open(id);
        if (live(at)) set({ missing: opened ? null : id });
        return opened;
      },

      async create(model) {
        const shown = blankShown();
        if (shown !== null) {
          if (model !== undefined) setConversationParameter(sessions, shown, 'model', model);
          return false;
        }
        // One blank conversation is enough: one already listed is opened rather than another made.
        const blank = await blankListed();
        if (blank) {
          show(blank);
          if (model !== undefined) setConversationParameter(sessions, blank.id, 'model', model);
          return true;
        }
        const { model: chosen, parameters } = newConversationOptions(model ?? defaultModel);
        const conversation = await attempt('create a conversation', (at) =>
          at.store.create({ model: chosen, parameters }),
        );
        if (!conversation) return false;
        show(conversation);
        return true;
      },

      async rename(id, title) {
        await flush();
        const done = await attempt('rename the conversation', (at) =>
          at.store.rename(id, title).then(() => true),
        );
        // Later saves of an open conversation carry the new title.
        sessions.getState().actions.setTitle(id, title);
        if (done) {
          const summary = get().summaries.find((s) => s.id === id);
          if (summary)
            set((s) => ({
              summaries: withSummary(s.summaries, { ...summary, title, updatedAt: Date.now() }),
            }));
        }
      },

      async remove(id, title) {
        await flush();
        deleted.add(id);
        const pending = await attempt('delete the conversation', (at) => at.store.remove(id));
        if (!pending) {
          deleted.delete(id);
          return;
        }
        workbenches.getState().actions.forget(id);
        const removed = get().summaries.find((s) => s.id === id);
        set((s) => ({
          summaries: withoutSummary(s.summaries, id),
          found: s.found?.filter((f) => f !== id) ?? null,
          deletion: {
            title,
            undo: async () => {
              deleted.delete(id);
              const restored = (await attempt('restore the conversation', () => pending.undo())) ?? false;
              set({ deletion: null });
              if (restored && removed) set((st) => ({ summaries: withSummary(st.summaries, removed) }));
              if (restored) await actions.open(id);
              return restored;
            },
          },
        }));
        if (get().activeId === id) {
          const next = get().summaries[0];
          if (!(next && (await actions.open(next.id)))) await actions.create();
        }
      },

      setQuery(query) {
        const revision = ++searchRevision;
        set({ query });
        if (query.trim() === '') {
          set({ found: null });
          return;
        }
        void attempt('search conversations', (at) => at.store.search(query)).then((found) => {
          if (found && revision === searchRevision) set({ found: found.map((f) => f.id) });
        });
      },

      async importText(text) {
        const operation = 'import the conversations';
        let failed = null as StorageError | null;
        const read = await attempt(operation, (at) =>
          at.store.importFile(text).catch((error: unknown) => {
            failed = toStorageError(error, operation);
            throw error;
          }),
        );
        if (!read) {
          // Said where the import was asked for too, not only in the page's storage notice.
          if (failed) set({ importIssues: [{ path: '$', reason: `${failed.message} ${failed.hint}` }] });
          return { ok: false, many: null };
        }
        set({ importIssues: null });
        if (read.many) {
          await relist();
          return { ok: read.result.ok && read.result.conversations.length > 0, many: read.result };
        }
        if (!read.result.ok) {
          set({ importIssues: read.result.issues });
          return { ok: false, many: null };
        }
        show(read.result.conversation);
        return { ok: true, many: null };
      },

      async loadRequest(pasted) {
        const path = pasted.url ? new URL(pasted.url).pathname : null;
        if (path !== null && !/\/chat\/completions\/?$/.test(path))
          return `This is a request to ${path}; only chat requests load into the chat page.`;
        const result = await attempt('load the request', (at) =>
          at.store.importJson(JSON.stringify(pasted.body)),
        );
        if (!result)
          return 'The request could not be saved as a conversation: see the storage message above.';
        if (!result.ok) return `The request was not loaded: ${describeIssues(result.issues, 5, ': ')}.`;
        // The request's own stream choice comes with it: loading it again sends what was pasted.
        const body = pasted.body as { stream?: unknown };
        show(result.conversation, typeof body.stream === 'boolean' ? body.stream : undefined);
        return null;
      },

      async shareLink(id) {
        const json = await actions.exportJson(id);
        if (json === null) return null;
        const { shareFragment } = await import('../../../lib/chat/share-link');
        return `${window.location.origin}/chat#${await shareFragment(json)}`;
      },

      async exportJson(id) {
        await flush();
        return (await attempt('export the conversation', (at) => at.store.exportJson(id))) ?? null;
      },

      async exportAllJson() {
        await flush();
        return (await attempt('export all conversations', (at) => at.store.exportAllJson())) ?? null;
      },

      async load(id) {
        await flush();
        return (await attempt('open the conversation', (at) => at.store.load(id))) ?? null;
      },

      async pin(id, pinned) {
        const done = await attempt(pinned ? 'pin the conversation' : 'unpin the conversation', (at) =>
          at.store.setPinned(id, pinned).then(() => true),
        );
        if (!done) return;
        const summary = get().summaries.find((s) => s.id === id);
        if (summary) set((s) => ({ summaries: withSummary(s.summaries, { ...summary, pinned }) }));
      },

      async exportMarkdown(id) {
        const conversation = await actions.load(id);
        if (!conversation) return null;
        const { conversationMarkdown } = await import('../../../lib/chat/conversation-markdown');
        return conversationMarkdown(conversation);
      },

      async acceptShared() {
        const offer = get().sharedOffer;
        if (!offer) return;
        const saved = await attempt('save the shared conversation', (at) =>
          at.store.saveChecked(offer.conversation),
        );
        if (!saved) return;
        set({ sharedOffer: null });
        show(saved);
      },

      dismissShared: () => set({ sharedOffer: null }),
      dismissStorageError: () => set({ storageError: null, damagedId: null }),
      dismissDeletion: () => set({ deletion: null }),
      dismissImportIssues: () => set({ importIssues: null }),
      dismissMissing: () => set({ missing: null }),
      dismissShareProblem: () => set({ shareProblem: null }),
      reportStorageError: (error) => set({ storageError: error }),
    };

    /** Reads and checks the conversation a share link carries, and offers it; nothing is saved yet. */
    const readSharedLink = async (at: Run, hash: string): Promise<void> => {
      const { sharedData } = await import('../../../lib/chat/share-link');
      const data = sharedData(hash);
      if (data === null) return;
      // Inflated, parsed and checked off the page's thread: a link is anyone's to craft.
      const read = await importOffThread({
        kind: 'share',
        data,
        defaults: { model: defaultModel, now: Date.now() },
      }).catch((error: unknown) => ({
        ok: false as const,
        reason: error instanceof Error ? error.message : String(error),
      }));
      if (!live(at)) return;
      if (!read.ok) set({ shareProblem: `This shared link could not be opened: ${read.reason}` });
      else set({ sharedOffer: { ...read.summary, conversation: read.conversation } });
    };

    /**
     * A shared link in the fragment is offered first (any site can send a visitor to one, so nothing
     * in it is saved until the user says so); then the addressed conversation, else the most recent,
     * else a new one. Asked for a model, an empty conversation takes it, else a new one is made.
     */
    /**
     * Saves the conversation another page handed over, unless it is listed already (the same
     * history entry reloaded): the address names it, so it is opened next as any addressed one.
     */
    const receiveHandoff = async (at: Run, state: unknown, list: readonly ConversationSummary[]) => {
      const operation = 'keep the conversation handed over from another page';
      const { readHandoff } = await import('../../../lib/chat/conversation-handoff');
      const handoff = readHandoff(state, Date.now());
      if (handoff === null || !live(at)) return;
      if (!handoff.ok) {
        set({ storageError: new StorageError('failed', operation, describeIssues(handoff.issues)) });
        return;
      }
      const { conversation } = handoff;
      if (list.some((s) => s.id === conversation.id)) return;
      const saved = await attempt(operation, async (current) => {
        await current.store.save(conversation);
        return true;
      });
      if (saved) set((s) => ({ summaries: withSummary(s.summaries, conversation) }));
    };

    const opening = async (at: Run, start: ConversationsStart): Promise<void> => {
      const { initialId, initialHash = '', drawsMarkdown = true, initialModel, handedOver } = start;
      const list = await listAll();
      if (!live(at) || !list) return;
      set({ summaries: list });
      if (handedOver !== undefined && handedOver !== null) await receiveHandoff(at, handedOver, list);
      if (!live(at)) return;
      // One of them is about to be shown, most likely with replies to draw.
      if (drawsMarkdown && (list.length > 0 || initialHash !== '' || handedOver != null))
        preloadMarkdownRenderer();
      if (initialHash !== '') await readSharedLink(at, initialHash);
      if (!live(at)) return;
      let shownId: string | null = null;
      if (initialId !== undefined && (await actions.openAddressed(initialId))) shownId = initialId;
      if (!live(at)) return;
      const first = list[0];
      // The newest may be a record no version can open: a new conversation is shown then.
      if (shownId === null && first && (await actions.open(first.id))) shownId = first.id;
      if (!live(at)) return;
      if (initialModel === undefined) {
        if (shownId === null) await actions.create();
        return;
      }
      if (shownId !== null && blankShown() === shownId)
        setConversationParameter(sessions, shownId, 'model', initialModel);
      else await actions.create(initialModel);
    };

    return {
      summaries: [] as ConversationSummary[],
      query: '',
      found: null,
      activeId: null,
      storageError: null,
      deletion: null,
      importIssues: null,
      missing: null,
      shareProblem: null,
      sharedOffer: null,
      damagedId: null,
      actions,
    };
  });
}

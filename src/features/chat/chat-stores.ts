import { createConversationsStore, type ConversationsStore } from './conversations/conversations-store';
import { createWorkbenchesStore, type WorkbenchesStore } from './functions/workbenches-store';
import { createChatSessionsStore, type ChatSessionsStore } from './session/chat-sessions-store';
import type { ChatSessionsOptions } from './session/session-types';
import type { ConversationStoreOptions } from './storage/conversation-store';
import { createPersistentStorageRequest, type PersistResult } from './storage/persistent-storage';

/**
 * The chat page's state, one set per app (held by the app's providers, passed by context; see
 * `chat-stores-context.tsx`): no module-level singletons, so nothing outlives an app or leaks from
 * one test into the next.
 */
export interface ChatStores {
  /** The open conversations' live state: messages, status, the request in flight. */
  sessions: ChatSessionsStore;
  /** Each conversation's function tools (definitions text, mocks, auto-run). */
  workbenches: WorkbenchesStore;
  /** The saved conversations: the list, the one shown, search, notices, undo; their only writer. */
  conversations: ConversationsStore;
  /** Asks the browser, once, to keep the conversations' storage. */
  requestPersistentStorage: () => Promise<PersistResult>;
}

export interface ChatStoresOptions extends ChatSessionsOptions {
  /** Where and when conversations are stored (tests); the app's IndexedDB otherwise. */
  storage?: ConversationStoreOptions;
}

export function createChatStores(options: ChatStoresOptions = {}): ChatStores {
  const { storage, ...sessionOptions } = options;
  const sessions = createChatSessionsStore(sessionOptions);
  const workbenches = createWorkbenchesStore((id, functions) =>
    sessions.getState().actions.setOptions(id, { functions }),
  );
  const requestPersistentStorage = createPersistentStorageRequest();
  return {
    sessions,
    workbenches,
    conversations: createConversationsStore({
      sessions,
      workbenches,
      requestPersistentStorage,
      ...(storage ? { storage } : {}),
    }),
    requestPersistentStorage,
  };
}

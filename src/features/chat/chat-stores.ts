import { createWorkbenchesStore, type WorkbenchesStore } from './functions/workbenches-store';
import { createChatSessionsStore, type ChatSessionsStore } from './session/chat-sessions-store';
import type { ChatSessionsOptions } from './session/session-types';
import { createPersistentStorageRequest, type PersistResult } from './storage/persistent-storage';
import { createSavesStore, type SavesStore } from './storage/saves-store';

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
  /** Conversations written to storage, announced for the list. */
  saves: SavesStore;
  /** Asks the browser, once, to keep the conversations' storage. */
  requestPersistentStorage: () => Promise<PersistResult>;
}

export function createChatStores(options: ChatSessionsOptions = {}): ChatStores {
  const sessions = createChatSessionsStore(options);
  const workbenches = createWorkbenchesStore((id, functions) =>
    sessions.getState().actions.setOptions(id, { functions }),
  );
  return {
    sessions,
    workbenches,
    saves: createSavesStore(),
    requestPersistentStorage: createPersistentStorageRequest(),
  };
}

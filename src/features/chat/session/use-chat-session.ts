import { useSyncExternalStore } from 'react';
import type { ChatSession } from './chat-session';
import type { ChatSessionSnapshot } from './session-types';

/** Subscribes a component to a `ChatSession`; re-renders at most once per frame while a reply streams. */
export function useChatSession(session: ChatSession): ChatSessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}

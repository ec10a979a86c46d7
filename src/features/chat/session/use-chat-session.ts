import { useSyncExternalStore } from 'react';
import type { ChatSession } from './chat-session';
import type { ChatSessionSnapshot } from './session-types';

/** Subscribes a component to a `ChatSession`; re-renders at most once per frame while a reply streams. */
export function useChatSession(session: ChatSession): ChatSessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}

/**
 * One value derived from a session, for a component that shows only that: it re-renders when the
 * value changes (compared with Object.is), not on every streaming frame. Select primitives, or
 * values the snapshot keeps by reference.
 */
export function useChatSessionValue<T>(
  session: ChatSession,
  select: (snapshot: ChatSessionSnapshot) => T,
): T {
  const read = () => select(session.getSnapshot());
  return useSyncExternalStore(session.subscribe, read, read);
}

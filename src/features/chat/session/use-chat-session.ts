import { useStore } from 'zustand';
import { useChatStores } from '../use-chat-stores';
import type { ChatSessionActions, ChatSessionSnapshot } from './session-types';

/** What a selector sees for a conversation that is not open (yet, or any more): empty and idle. */
const NOT_OPEN: ChatSessionSnapshot = {
  id: '',
  title: '',
  createdAt: 0,
  messages: [],
  branches: {},
  undoable: null,
  status: 'ready',
  error: null,
  lastRequest: null,
  options: { model: '', systemPrompt: '', parameters: {}, stream: true, replySchema: '' },
  invalidParameters: {},
};

/**
 * One value of an open conversation's live state. The component re-renders when that value changes
 * (Object.is), not on every streaming frame unless it selects what a frame changes (the messages).
 * Select primitives or values the state keeps by reference; `useShallow` for a built object.
 */
export function useChatSession<T>(id: string, select: (session: ChatSessionSnapshot) => T): T {
  return useStore(useChatStores().sessions, (state) => select(state.sessions[id] ?? NOT_OPEN));
}

/** Whether a conversation is open in the sessions store. */
export function useIsSessionOpen(id: string | null): boolean {
  return useStore(useChatStores().sessions, (state) => id !== null && id in state.sessions);
}

/** The sessions' actions (stable: they never change). */
export function useChatSessionActions(): ChatSessionActions {
  return useStore(useChatStores().sessions, (state) => state.actions);
}

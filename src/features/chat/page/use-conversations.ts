import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { useDefaultModel } from '../../../components/params';
import type { ConversationsActions, ConversationsStart, ConversationsState } from '../conversations/conversations-types';
import { useChatStores } from '../use-chat-stores';

/** One value of the conversations store, through a selector (the component re-renders when it changes). */
export function useConversations<T>(select: (state: ConversationsState) => T): T {
  return useStore(useChatStores().conversations, select);
}

/** What can be done to the conversations; the same object for the app's life. */
export function useConversationActions(): ConversationsActions {
  return useChatStores().conversations.getState().actions;
}

/**
 * Starts the conversations as the chat page mounts (the list, then the conversation to show) and
 * stops them as it goes (pending saves written); keeps a new conversation's model the connection's.
 */
export function useConversationsOnPage(start: ConversationsStart): void {
  const actions = useConversationActions();
  const defaultModel = useDefaultModel('chat');
  useEffect(() => actions.setDefaultModel(defaultModel), [actions, defaultModel]);
  useEffect(() => {
    actions.start(start);
    return () => void actions.stop();
    // Mount only: what the page opens with is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actions]);
}

/** The conversations' state and actions as one object, for the list, notices and dialogs. */
export type ConversationsApi = Omit<ConversationsState, 'actions'> & ConversationsActions;

/** Everything of the conversations store; re-renders on any change of it (not for the page itself). */
export function useConversationsApi(): ConversationsApi {
  const state = useStore(useChatStores().conversations);
  return useMemo(() => ({ ...state, ...state.actions }), [state]);
}

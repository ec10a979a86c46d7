import { createContext, useContext, type ReactNode } from 'react';
import type { ChatSessionSnapshot } from './session-types';
import { useChatSession } from './use-chat-session';

const OpenConversationContext = createContext<string | null>(null);

/** Tells what is rendered inside which conversation the page shows (the transcript's cards, the panel). */
export function OpenConversationProvider({ id, children }: { id: string; children: ReactNode }) {
  return <OpenConversationContext value={id}>{children}</OpenConversationContext>;
}

/** The id of the conversation the page shows, or null outside the chat page. */
export function useOpenConversationId(): string | null {
  return useContext(OpenConversationContext);
}

/** `useChatSession` for the conversation the page shows (an empty, idle one outside the page). */
export function useOpenSession<T>(select: (session: ChatSessionSnapshot) => T): T {
  return useChatSession(useOpenConversationId() ?? '', select);
}

/**
 * The navigation state that hands a conversation to the chat page (see `conversation-handoff.ts`,
 * which reads it). Apart from the reading so that pages which only hand over or clear it do not load
 * the conversation checks.
 */
import type { Conversation } from './conversation-types';

export const HANDOFF_KEY = 'svcConversationHandoff';

/** The navigation state that hands `conversation` over. */
export const handoffState = (conversation: Conversation) => ({ [HANDOFF_KEY]: conversation });

/** Whether a navigation's state hands a conversation over (read or not). */
export const carriesHandoff = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && Object.hasOwn(state, HANDOFF_KEY);

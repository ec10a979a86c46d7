/**
 * Reads of where the chat page keeps its conversations in IndexedDB, for the pages that start from
 * one (Compare's "Start from a chat conversation"): features never import each other, so the layout
 * is stated here. Only the chat page's conversations store writes them; a page that hands a
 * conversation over does it through the navigation (`handoff-state.ts`).
 * The names (one key per conversation plus an index of summaries) are in `conversation-keys.ts`, which
 * the chat page's own store uses too; the compare handoff test goes through the real chat page. The
 * chat page opens the most recently updated conversation first.
 */
import { get, type UseStore } from 'idb-keyval';
import { CONVERSATIONS_INDEX_KEY, conversationKey, conversationsStore } from './conversation-keys';
import type { Conversation, ConversationSummary } from './conversation-types';

/** The chat page's conversations, most recently updated first (those deleted, even undoably, left out). */
export async function listConversations(
  store: UseStore = conversationsStore(),
): Promise<ConversationSummary[]> {
  const entries =
    (await get<(ConversationSummary & { deletedAt?: number })[]>(CONVERSATIONS_INDEX_KEY, store)) ?? [];
  return entries
    .filter((e) => e.deletedAt === undefined)
    .map(({ id, title, updatedAt }) => ({ id, title, updatedAt }))
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

/** One of the chat page's conversations, or null. */
export async function loadConversation(
  id: string,
  store: UseStore = conversationsStore(),
): Promise<Conversation | null> {
  return (await get<Conversation>(conversationKey(id), store)) ?? null;
}

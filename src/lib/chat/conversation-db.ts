/**
 * Where the chat page keeps its conversations in IndexedDB, for the pages that hand one over to it
 * or start from one (Compare's "Continue in chat" and "Start from a chat conversation"): features
 * never import each other, so the layout is stated here.
 * The names (one key per conversation plus an index of summaries) are in `conversation-keys.ts`, which
 * the chat page's own store uses too; the compare handoff test goes through the real chat page. The
 * chat page opens the most recently updated conversation first.
 */
import { get, set, update, type UseStore } from 'idb-keyval';
import { CONVERSATIONS_INDEX_KEY, conversationKey, conversationsStore } from './conversation-keys';
import type { Conversation, ConversationSummary } from './conversation-types';

/** Saves a new conversation and lists it; the chat page opens it next (it is the most recent). */
export async function addConversation(
  conversation: Conversation,
  store: UseStore = conversationsStore(),
): Promise<void> {
  await set(conversationKey(conversation.id), conversation, store);
  const entry: ConversationSummary = {
    id: conversation.id,
    title: conversation.title,
    updatedAt: conversation.updatedAt,
  };
  await update<ConversationSummary[]>(
    CONVERSATIONS_INDEX_KEY,
    (entries) => [...(entries ?? []).filter((e) => e.id !== conversation.id), entry],
    store,
  );
}

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

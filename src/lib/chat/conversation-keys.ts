/**
 * Where the chat page's conversations live in IndexedDB: one key per conversation plus an index of
 * summaries. Apart from `conversation-db.ts` (what other pages do with them), so that the chat page,
 * which has its own store, loads only these names with its first script.
 */
import { createStore, type UseStore } from 'idb-keyval';

export const CONVERSATIONS_DATABASE = 'svc-playground';
export const CONVERSATIONS_STORE = 'conversations';
export const CONVERSATIONS_INDEX_KEY = 'conversations:index';
export const conversationKey = (id: string) => `conversation:${id}`;

export function conversationsStore(): UseStore {
  return createStore(CONVERSATIONS_DATABASE, CONVERSATIONS_STORE);
}

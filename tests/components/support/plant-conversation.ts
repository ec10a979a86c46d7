import { set, update } from 'idb-keyval';
import {
  CONVERSATIONS_INDEX_KEY,
  conversationKey,
  conversationsStore,
} from '../../../src/lib/chat/conversation-keys';
import type { Conversation, ConversationSummary } from '../../../src/lib/chat/conversation-types';

/** Puts a conversation where the chat page keeps them, as an earlier visit would have left it. */
export async function plantConversation(conversation: Conversation): Promise<void> {
  const store = conversationsStore();
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

import { useStore } from 'zustand';
import { useChatStores } from '../use-chat-stores';
import type { ReplySchemaState } from './reply-schema-store';

/** A value of the app's reply-schema store, through a selector. */
export function useReplySchema<T>(select: (state: ReplySchemaState) => T): T {
  return useStore(useChatStores().replySchema, select);
}

import { createStore, type StoreApi } from 'zustand/vanilla';

/** The JSON Schema a person pasted to check JSON replies against (in memory, for the app's life). */
export interface ReplySchemaState {
  text: string;
  setText: (text: string) => void;
}

export type ReplySchemaStore = StoreApi<ReplySchemaState>;

export function createReplySchemaStore(): ReplySchemaStore {
  return createStore<ReplySchemaState>()((set) => ({ text: '', setText: (text) => set({ text }) }));
}

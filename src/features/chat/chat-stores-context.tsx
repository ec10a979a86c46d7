import { createContext, useState, type ReactNode } from 'react';
// Types only: this file is in the app's first bundle, the stores' code in the chat page's.
import type { ChatStores } from './chat-stores';

/**
 * Where one app keeps its chat stores. The app's providers make one holder per app; the stores in
 * it are made the first time the chat page (or a piece of it) asks (`useChatStores`), so the chat
 * code loads with the chat page rather than with every page.
 */
export interface ChatStoresHolder {
  current: ChatStores | null;
}

export const ChatStoresContext = createContext<ChatStoresHolder | null>(null);

/** Gives the app its holder; `stores` fills it up front (tests pass theirs to inspect them). */
export function ChatStoresProvider({ stores, children }: { stores?: ChatStores; children: ReactNode }) {
  const [holder] = useState<ChatStoresHolder>(() => ({ current: stores ?? null }));
  return <ChatStoresContext value={holder}>{children}</ChatStoresContext>;
}

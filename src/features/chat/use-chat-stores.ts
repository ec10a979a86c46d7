import { useContext, useState } from 'react';
import { resolveFunctionDialect } from '../../lib/connection';
import { selectActiveConnection, useSettingsStore } from '../../stores';
import { createChatStores, type ChatStores } from './chat-stores';
import { ChatStoresContext, type ChatStoresHolder } from './chat-stores-context';

/** This app's chat stores, made on first use; requests get the Settings defaults as they are at send time. */
function storesOf(holder: ChatStoresHolder): ChatStores {
  holder.current ??= createChatStores({
    requestDefaults: () => useSettingsStore.getState().defaults,
    serverDialect: () => {
      const connection = selectActiveConnection(useSettingsStore.getState());
      return {
        functions: connection ? resolveFunctionDialect(connection) : 'legacy',
        thinkTags: connection?.thinkTags === true,
      };
    },
  });
  return holder.current;
}

/** The app's chat stores; a component rendered alone (in a test) gets a set of its own. */
export function useChatStores(): ChatStores {
  const provided = useContext(ChatStoresContext);
  const [own] = useState<ChatStoresHolder>(() => ({ current: null }));
  return storesOf(provided ?? own);
}

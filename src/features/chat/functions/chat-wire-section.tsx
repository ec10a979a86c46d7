import { WirePane } from '../../../components/wire';
import { useApi } from '../../../stores';
import { useChatStores } from '../use-chat-stores';
import { loadPastedChat } from './load-pasted-chat';

const CHAT_ONLY = ['chat'] as const;

/** The wire pane on the chat page: every exchange, and a paste box that loads a chat request here. */
export function ChatWireSection({ conversationId }: { conversationId: string }) {
  const { baseURL } = useApi();
  const stores = useChatStores();
  return (
    <WirePane
      baseURL={baseURL}
      endpoints={CHAT_ONLY}
      onLoadRequest={(pasted) => loadPastedChat(pasted, stores, conversationId)}
    />
  );
}

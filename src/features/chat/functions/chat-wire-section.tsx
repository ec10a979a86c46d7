import { WirePane } from '../../../components/wire';
import { useApi } from '../../../stores';
import { useLoadRequest } from '../page/load-request-context';

const CHAT_ONLY = ['chat'] as const;

const LOADED = 'Opened as a new conversation; the one you had is kept.';

/**
 * The wire pane on the chat page: every exchange, and a paste box that opens a chat request as a
 * new conversation (never over the one shown).
 */
export function ChatWireSection() {
  const { baseURL } = useApi();
  const loadRequest = useLoadRequest();
  return (
    <WirePane
      baseURL={baseURL}
      endpoints={CHAT_ONLY}
      {...(loadRequest ? { onLoadRequest: loadRequest, loadedMessage: LOADED } : {})}
    />
  );
}

import { WirePane } from '../../../components/wire';
import { useApi } from '../../../stores';
import type { ChatSession } from '../session';
import { useWorkbench } from './functions-context';
import { loadPastedChat } from './load-pasted-chat';

const CHAT_ONLY = ['chat'] as const;

/** The wire pane on the chat page: every exchange, and a paste box that loads a chat request here. */
export function ChatWireSection({ session }: { session: ChatSession }) {
  const { baseURL } = useApi();
  const { workbench } = useWorkbench();
  return (
    <WirePane
      baseURL={baseURL}
      endpoints={CHAT_ONLY}
      onLoadRequest={(pasted) => loadPastedChat(pasted, session, workbench)}
    />
  );
}

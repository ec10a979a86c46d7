import { memo } from 'react';
import { ChatToolsSlot } from '../components/side-panel-sections';
import { ChatParametersPanel } from '../params/chat-parameters-panel';
import { useChatSession, type ChatSessionSnapshot } from '../session';

/** The `param` named by the error of the conversation's last reply, to outline on its control. */
function highlightedParam(session: ChatSessionSnapshot): string | null {
  const last = session.messages.at(-1);
  return session.error?.param ?? (last?.status === 'error' ? (last.error?.param ?? null) : null);
}

/**
 * The parameters and tools beside the transcript. It selects only the param to outline, and each
 * section what it shows, so a streaming reply (a new transcript every frame) does not re-render it;
 * memo, so neither does the page around it (the list refreshing after each save).
 */
export const SidePanel = memo(function SidePanel({ conversationId }: { conversationId: string }) {
  const highlight = useChatSession(conversationId, highlightedParam);
  return (
    <aside aria-label="Parameters" className="flex min-h-0 flex-col gap-3 overflow-y-auto pr-1">
      <ChatParametersPanel conversationId={conversationId} highlight={highlight} />
      <ChatToolsSlot context={{ conversationId }} />
    </aside>
  );
});

import { useNavigate } from 'react-router';
import { handoffState } from '../../lib/chat/handoff-state';
import { continuationOf, type Continuation } from '../../lib/compare/continue-in-chat';
import { useSettingsStore } from '../../stores';

/**
 * "Continue in chat": hands the conversation that continues from a cell to the chat page (which
 * keeps it: its conversations store is the only writer of their records), makes the variant's
 * connection the active one (its model lives there), and opens the chat page at that
 * conversation's address.
 */
export function useContinueInChat(newId: () => string) {
  const navigate = useNavigate();
  const continueInChat = async (from: Continuation) => {
    const conversation = continuationOf(from, Date.now(), newId);
    const settings = useSettingsStore.getState();
    const exists = settings.connections.some((c) => c.id === from.variant.connectionId);
    if (exists && settings.activeId !== from.variant.connectionId)
      settings.selectConnection(from.variant.connectionId);
    await navigate(`/chat/${encodeURIComponent(conversation.id)}`, { state: handoffState(conversation) });
  };
  return { continueInChat };
}

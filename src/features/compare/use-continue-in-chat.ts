import { useState } from 'react';
import { useNavigate } from 'react-router';
import { addConversation } from '../../lib/chat/conversation-db';
import { continuationOf, type Continuation } from '../../lib/compare/continue-in-chat';
import { useSettingsStore } from '../../stores';

/**
 * "Continue in chat": writes the conversation that continues from a cell where the chat page keeps
 * its conversations, makes the variant's connection the active one (its model lives there), and
 * opens the chat page at that conversation's address.
 */
export function useContinueInChat(newId: () => string) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const continueInChat = async (from: Continuation) => {
    setError(null);
    const conversation = continuationOf(from, Date.now(), newId);
    try {
      await addConversation(conversation);
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : String(failure);
      setError(`Could not create the conversation in browser storage: ${reason}`);
      return;
    }
    const settings = useSettingsStore.getState();
    const exists = settings.connections.some((c) => c.id === from.variant.connectionId);
    if (exists && settings.activeId !== from.variant.connectionId)
      settings.selectConnection(from.variant.connectionId);
    await navigate(`/chat/${encodeURIComponent(conversation.id)}`);
  };
  return { continueInChat, error, dismissError: () => setError(null) };
}

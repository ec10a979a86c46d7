import { useEffect } from 'react';
import type { ApiClient } from '../../../lib/api';
import { useChatSessionActions, type ChatTransport } from '../session';

const noClient = (problem: string): ChatTransport => {
  const fail = () => {
    throw new Error(`No server to send to: ${problem}`);
  };
  return { streamChat: fail, createChat: fail };
};

/**
 * Keeps the sessions' client the active connection's, and closes a conversation once the page stops
 * showing it (another is shown, or the page goes): its request is stopped, and it leaves the store
 * when that request has ended and its last state has been saved.
 */
export function useSessionLifecycle(
  conversationId: string | null,
  client: ApiClient | null,
  problem: string | null,
): void {
  const { setTransport, close } = useChatSessionActions();
  // The request code is fetched on the intent to send (the composer's pointer or focus), not here.
  useEffect(() => {
    setTransport(client ?? noClient(problem ?? 'no connection'));
  }, [setTransport, client, problem]);
  useEffect(() => {
    if (conversationId === null) return undefined;
    return () => close(conversationId);
  }, [close, conversationId]);
}

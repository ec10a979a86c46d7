import { useEffect } from 'react';
import type { ApiClient } from '../../../lib/api';
import { whenIdle } from '../../../lib/task-slices';
import { preloadReplyMachinery, useChatSessionActions, type ChatTransport } from '../session';

const noClient = (problem: string): ChatTransport => {
  const fail = () => {
    throw new Error(`No server to send to: ${problem}`);
  };
  return { streamChat: fail, createChat: fail };
};

/**
 * Keeps the sessions' client the active connection's, fetches the request code ahead, and closes a conversation once the page stops
 * showing it (another is shown, or the page goes): its request is stopped, and it leaves the store
 * when that request has ended and its last state has been saved.
 */
export function useSessionLifecycle(
  conversationId: string | null,
  client: ApiClient | null,
  problem: string | null,
): void {
  const { setTransport, close } = useChatSessionActions();
  // The request code is not on the first page; it is fetched when the page is idle, before the
  // first Send (a failed fetch is tried again by the Send, which says so if it fails too).
  useEffect(() => whenIdle(() => void preloadReplyMachinery().catch(() => undefined), 2000), []);
  useEffect(() => {
    setTransport(client ?? noClient(problem ?? 'no connection'));
  }, [setTransport, client, problem]);
  useEffect(() => {
    if (conversationId === null) return undefined;
    return () => close(conversationId);
  }, [close, conversationId]);
}

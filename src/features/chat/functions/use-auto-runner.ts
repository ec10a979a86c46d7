import { useEffect } from 'react';
import { useChatStores } from '../use-chat-stores';
import { startAutoRunner } from './auto-runner';

/** Runs the auto-runner (mock results answering function calls) while conversation `id` is shown. */
export function useAutoRunner(id: string): void {
  const { sessions, workbenches } = useChatStores();
  useEffect(() => startAutoRunner({ sessions, workbenches }, id), [sessions, workbenches, id]);
}

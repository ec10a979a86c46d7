import { useEffect, useRef, useState } from 'react';
import type { ConversationMessage } from '../../../lib/chat';
import { useStickToBottom, type StickToBottom } from './use-stick-to-bottom';

/** The last message has just failed (it is new, or was not failed before). */
function failed(
  last: ConversationMessage | undefined,
  before: { lastId: string | undefined; lastStatus: ConversationMessage['status'] },
): boolean {
  return last?.status === 'error' && (before.lastStatus !== 'error' || before.lastId !== last.id);
}

export interface FollowTranscript extends StickToBottom {
  /** What happened below a reader who scrolled up, for the jump button to say; null when nothing. */
  news: string | null;
}

/**
 * The transcript's scrolling, told by its messages: a user message never seen before (one just
 * sent or added) brings the end into view, however far up the reader was; a growing reply keeps the
 * end in view while the reader follows; a reply that fails shows its error where it happened, or,
 * for a reader who scrolled up, makes the jump button say so.
 * @param mountFrom the first row mounted: earlier rows arriving above change the content too.
 */
export function useFollowTranscript(messages: readonly ConversationMessage[], mountFrom: number) {
  const stick = useStickToBottom(messages.length > 0);
  const { contentChanged, jumpToLatest, reveal, isFollowing, following, contentRef } = stick;
  const [news, setNews] = useState<string | null>(null);
  const last = messages.at(-1);
  const lastUserId = messages.findLast((m) => m.role === 'user')?.id;
  const seen = useRef({ messages, lastUserId, lastStatus: last?.status, lastId: last?.id });

  useEffect(() => {
    const before = seen.current;
    seen.current = { messages, lastUserId, lastStatus: last?.status, lastId: last?.id };
    if (lastUserId !== undefined && lastUserId !== before.lastUserId) {
      // Only a new id: deleting the last exchange also changes the last user message.
      if (!before.messages.some((m) => m.id === lastUserId)) jumpToLatest();
    }
    if (failed(last, before) && isFollowing()) {
      const row = contentRef.current?.children[messages.length - 1 - mountFrom];
      const panel = row?.querySelector('[role="alert"]') ?? row;
      if (panel) reveal(panel);
    }
  }, [messages, lastUserId, last, mountFrom, jumpToLatest, isFollowing, reveal, contentRef]);

  // Without ResizeObserver (and before it reports), the content's own changes ask for the pin.
  const lastLength = last?.content.length;
  const lastStatus = last?.status;
  useEffect(() => contentChanged(), [contentChanged, messages.length, lastLength, lastStatus, mountFrom]);

  // Adjusted while rendering, not an effect later. Back at the end, the news has been seen.
  const [lastSeen, setLastSeen] = useState({ lastId: last?.id, lastStatus: last?.status });
  if (lastSeen.lastId !== last?.id || lastSeen.lastStatus !== last?.status) {
    setLastSeen({ lastId: last?.id, lastStatus: last?.status });
    if (failed(last, lastSeen) && !following) setNews('the reply failed');
  }
  if (following && news !== null) setNews(null);

  return { ...stick, news } satisfies FollowTranscript;
}

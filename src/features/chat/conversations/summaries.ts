import { compareSummaries, type ConversationSummary } from '../../../lib/chat/conversation-types';

/**
 * The list with `summary` in it (replacing its older self), pinned first, then most recently
 * updated. A conversation saved says nothing of its pin: the listed one's is kept.
 */
export function withSummary(
  list: readonly ConversationSummary[],
  summary: ConversationSummary,
): ConversationSummary[] {
  const was = list.find((s) => s.id === summary.id);
  const pinned = summary.pinned ?? was?.pinned;
  const entry: ConversationSummary = {
    id: summary.id,
    title: summary.title,
    updatedAt: summary.updatedAt,
    ...(summary.model !== undefined ? { model: summary.model } : {}),
    ...(pinned === true ? { pinned } : {}),
  };
  return [...list.filter((s) => s.id !== summary.id), entry].sort(compareSummaries);
}

export function withoutSummary(list: readonly ConversationSummary[], id: string): ConversationSummary[] {
  return list.filter((s) => s.id !== id);
}

/** Nothing written in it yet: no message and no system prompt. */
export function isBlank(messages: readonly unknown[], systemPrompt: string): boolean {
  return messages.length === 0 && systemPrompt.trim() === '';
}

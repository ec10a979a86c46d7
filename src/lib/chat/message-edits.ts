import type { ConversationMessage } from './conversation-types';

/**
 * Pure edits of a message list, for the conversation editor. Each returns a new array and throws an
 * Error naming the id or index when the target does not exist, so a stale UI action is loud.
 */

function indexOf(messages: readonly ConversationMessage[], id: string): number {
  const index = messages.findIndex((m) => m.id === id);
  if (index < 0)
    throw new Error(`No message with id "${id}" in this conversation (it may have been deleted).`);
  return index;
}

/** The fields a person may edit by hand. */
export type MessageEdit = Partial<
  Pick<ConversationMessage, 'role' | 'content' | 'images' | 'name' | 'function_call' | 'tool_call_id'>
>;

/**
 * A message with an edit applied. A mock's result whose text a person changed is theirs, no longer
 * the mock's, so the mark goes with the old text. Images stay only on a user message (the editor
 * says so before a role change drops them); an empty list is no list.
 */
export function withEdit(message: ConversationMessage, edit: MessageEdit): ConversationMessage {
  const { answeredBy, images, ...before } = message;
  const keepsMark =
    answeredBy !== undefined && (edit.content === undefined || edit.content === before.content);
  const next: ConversationMessage = { ...before, ...(keepsMark ? { answeredBy } : {}), ...edit };
  const kept = edit.images ?? images;
  delete next.images;
  if (next.role === 'user' && kept && kept.length > 0) next.images = kept;
  return next;
}

export function editMessage(
  messages: readonly ConversationMessage[],
  id: string,
  edit: MessageEdit,
): ConversationMessage[] {
  const index = indexOf(messages, id);
  const next = [...messages];
  next[index] = withEdit(messages[index]!, edit);
  return next;
}

/** Moves a message to `toIndex` in the resulting list. */
export function moveMessage(
  messages: readonly ConversationMessage[],
  id: string,
  toIndex: number,
): ConversationMessage[] {
  const from = indexOf(messages, id);
  if (!Number.isInteger(toIndex) || toIndex < 0 || toIndex >= messages.length) {
    throw new Error(`Cannot move to position ${toIndex}: it must be between 0 and ${messages.length - 1}.`);
  }
  const next = [...messages];
  const [moved] = next.splice(from, 1);
  next.splice(toIndex, 0, moved!);
  return next;
}

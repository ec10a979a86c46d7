/**
 * A conversation another page hands to the chat page (Compare's "Continue in chat"): carried in
 * the history entry's state of the navigation to its address, so that the chat page's
 * conversations store stays the only writer of its records. The state is read as anything from
 * outside is (a history entry outlives the version that wrote it), and the handoff is keyed by
 * the conversation's id, so a reload of that entry opens it again rather than saving a copy.
 */
import { readStoredConversation } from './conversation-checks';
import type { Conversation } from './conversation-types';
import type { Issue } from './json-checks';
import { carriesHandoff, HANDOFF_KEY } from './handoff-state';

export type Handoff = { ok: true; conversation: Conversation } | { ok: false; issues: Issue[] };

/** What a navigation's state hands over: null when it hands over nothing. Never throws. */
export function readHandoff(state: unknown, now: number): Handoff | null {
  if (!carriesHandoff(state)) return null;
  const value = (state as Record<string, unknown>)[HANDOFF_KEY];
  const id = (value as { id?: unknown } | null)?.id;
  // Read as a record stored under its own id: an id that names an Object member is refused too.
  return readStoredConversation(value, typeof id === 'string' ? id : '', now);
}

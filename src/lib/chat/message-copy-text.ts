import type { ConversationMessage } from './conversation-types';

/**
 * What copying a message puts on the clipboard: its text as written (a reply's markdown source, not
 * the rendered words), a refusal's words, and a call as the JSON `{"name", "arguments"}` the wire
 * carries, one per line when a reply makes several — so it can be pasted into a request or a test as it is.
 */
export function messageCopyText(message: ConversationMessage): string {
  const calls = [
    ...(message.function_call ? [message.function_call] : []),
    ...(message.tool_calls ?? []).map((c) => c.function),
  ].map(({ name, arguments: args }) => JSON.stringify({ name, arguments: args }));
  return [message.content, message.refusal ?? '', calls.join('\n')]
    .filter((part) => part !== '')
    .join('\n\n');
}

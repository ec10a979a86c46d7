import type { ConversationMessage } from '../../../lib/chat';
import type { ToolCall } from '../../../protocol/wire';
import type { ChatSessionsStore } from '../session';

/**
 * The results already given for a tools-dialect reply: the `tool` messages right after it, by the call
 * id they answer. `open` is true while nothing else follows them, so more results may still be added.
 */
export function toolResultsOf(
  messages: readonly ConversationMessage[],
  replyIndex: number,
): { results: Map<string, ConversationMessage>; open: boolean } {
  const results = new Map<string, ConversationMessage>();
  let next = replyIndex + 1;
  for (; next < messages.length && messages[next]!.role === 'tool'; next++) {
    const message = messages[next]!;
    if (message.tool_call_id !== undefined) results.set(message.tool_call_id, message);
  }
  return { results, open: replyIndex >= 0 && next === messages.length };
}

/**
 * Adds one call's result as `{role: "tool", tool_call_id, content}` after the reply's other results
 * (`answeredBy` marks one auto-run took from the function's mock). Once every call of the reply has
 * its result, asks for the next reply with all of them: a tools server wants the results of all
 * parallel calls in the same request.
 */
export async function sendToolResult(
  sessions: ChatSessionsStore,
  id: string,
  replyId: string,
  call: ToolCall,
  result: string,
  answeredBy?: 'mock',
): Promise<void> {
  const { sessions: open, actions } = sessions.getState();
  const messages = open[id]?.messages ?? [];
  const replyIndex = messages.findIndex((m) => m.id === replyId);
  const reply = messages[replyIndex];
  if (!reply?.tool_calls) return;
  const { results } = toolResultsOf(messages, replyIndex);
  actions.insertMessage(id, replyIndex + 1 + results.size, {
    role: 'tool',
    tool_call_id: call.id,
    name: call.function.name,
    content: result,
    ...(answeredBy ? { answeredBy } : {}),
  });
  const answered = new Set([...results.keys(), call.id]);
  if (reply.tool_calls.every((c) => answered.has(c.id))) await actions.regenerate(id);
}

import type { ChatSessionsStore } from '../session';
import type { ResultRole } from './workbench-state';

/**
 * Appends a function's result and asks for the next reply. With `function` the result travels as
 * `{role: "function", name, content}` (the legacy form most servers of the format accept); with
 * `user` as a user message that says which function returned it, for servers that refuse that role.
 * `answeredBy` marks a result auto-run took from the function's mock.
 */
export async function sendFunctionResult(
  sessions: ChatSessionsStore,
  id: string,
  name: string,
  result: string,
  role: ResultRole,
  answeredBy?: 'mock',
): Promise<void> {
  const { sessions: open, actions } = sessions.getState();
  const index = open[id]?.messages.length ?? 0;
  const mark = answeredBy ? { answeredBy } : {};
  if (role === 'function')
    actions.insertMessage(id, index, { role: 'function', name, content: result, ...mark });
  else
    actions.insertMessage(id, index, {
      role: 'user',
      content: `Result of the function ${name}:\n${result}`,
      ...mark,
    });
  await actions.regenerate(id);
}

/**
 * When a request that carried a `function` message failed because of it, says so plainly; null when
 * the error has nothing to do with the role.
 */
export function explainRoleRejection(
  error: { status: number | null; param: string | null; message: string } | null | undefined,
  lastSentRole: string | undefined,
): string | null {
  if (!error || lastSentRole !== 'function') return null;
  const aboutRole =
    /messages\[\d+\]\.(role|name)/.test(error.param ?? '') || /\b(role|function)\b/i.test(error.message);
  if (error.status !== 400 && error.status !== 422) return null;
  if (!aboutRole) return null;
  return (
    `The server refused the function result sent with the legacy "function" role (${error.message}). ` +
    'The spec lists only system, user and assistant roles; choose "as a user message" and send the result again.'
  );
}

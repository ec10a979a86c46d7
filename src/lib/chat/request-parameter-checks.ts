import { CHAT_PARAMETER_NAMES } from '../../protocol/parameters';
import {
  checkChatParameter as parameterProblems,
  type ChatParameterName,
} from '../../protocol/request-rules';
import type { ChatParameters } from './chat-parameters';
import type { Issue } from './json-checks';

/**
 * Checks one chat parameter's value (not null: null is unset) by the request rules the service
 * applies (protocol/request-rules), each problem appended at `path` (the parameter's own path).
 */
export function checkChatParameter(
  name: ChatParameterName,
  value: unknown,
  path: string,
  issues: Issue[],
): boolean {
  const problems = parameterProblems(name, value);
  for (const { param, message } of problems)
    issues.push({ path: `${path}${(param ?? name).slice(name.length)}`, reason: message });
  return problems.length === 0;
}

/** `tool_choice` as the conversation's `function_call` (the dialect is chosen per connection when sending). */
function functionChoice(choice: unknown): unknown {
  if (typeof choice === 'string') return choice;
  const name = (choice as { function?: { name?: unknown } } | null)?.function?.name;
  return typeof choice === 'object' && choice !== null && (choice as { type?: unknown }).type === 'function'
    ? { name }
    : choice;
}

/**
 * The chat parameters of a request body, each checked by the request rules (a value the service
 * refuses would be a value the page cannot send). `null` means unset, as servers read it.
 */
export function readRequestParameters(
  body: Readonly<Record<string, unknown>>,
  path: string,
  issues: Issue[],
): ChatParameters {
  const picked: Record<string, unknown> = {};
  for (const name of CHAT_PARAMETER_NAMES) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    if (checkChatParameter(name, value, `${path}.${name}`, issues)) picked[name] = value;
  }
  const choice = body.tool_choice;
  if (choice !== undefined && choice !== null && picked.function_call === undefined) {
    const asCall = functionChoice(choice);
    if (checkChatParameter('function_call', asCall, `${path}.tool_choice`, issues))
      picked.function_call = asCall;
  }
  return picked as ChatParameters;
}

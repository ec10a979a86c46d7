import type { ChatMessage, FunctionDefinition } from '../../protocol/wire';
import { CHAT_PARAMETER_NAMES } from '../../protocol/parameters';
import { checkChatRequest, type ChatRequestFields, type MetaSchemaCheck } from '../../protocol/request-rules';
import type { ChatParameters } from './chat-parameters';
import type { Conversation, ConversationMessage } from './conversation-types';
import { MAX_ISSUES, type Issue } from './json-checks';

/** What a request body does not say and a conversation needs. */
export interface ImportDefaults {
  /** The model when the body names none (what a new conversation would start with). */
  model: string;
  createId: () => string;
  now: number;
  /** The schemas' meta-schema check (Ajv, fetched by the import task before it reads anything). */
  metaSchema: MetaSchemaCheck;
}

/** A message's text: the request rules let through a string or text parts, which the page joins by lines. */
function textOf(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

/**
 * What the chat page cannot hold though the service takes it: it keeps one system prompt, the first
 * message's. Paths and messages are the service's form, like the rules' own.
 */
function holdingProblems(raw: readonly unknown[], issues: Issue[]): void {
  raw.forEach((message, i) => {
    const role = (message as { role?: unknown } | null)?.role;
    if (i > 0 && (role === 'system' || role === 'developer'))
      issues.push({
        path: `$.messages[${i}].role`,
        reason: `Message ${i + 1} is a ${role} message after the first; the chat page keeps one system prompt, the first message's. Merge it into the first or drop it.`,
      });
  });
}

function conversationMessage(message: ChatMessage, defaults: ImportDefaults): ConversationMessage {
  const out: ConversationMessage = {
    id: defaults.createId(),
    role: message.role as ConversationMessage['role'],
    content: textOf(message.content),
    createdAt: defaults.now,
  };
  if (typeof message.refusal === 'string') out.refusal = message.refusal;
  if (message.name !== undefined) out.name = message.name;
  if (message.tool_call_id !== undefined) out.tool_call_id = message.tool_call_id;
  if (message.function_call) out.function_call = { ...message.function_call };
  if (message.tool_calls)
    out.tool_calls = message.tool_calls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.function.name, arguments: c.function.arguments },
    }));
  return out;
}

/** The parameters the request sets; `tool_choice` becomes `function_call` (the dialect is chosen per connection when sending). */
function parametersOf(request: ChatRequestFields): ChatParameters {
  const picked: Record<string, unknown> = {};
  for (const name of CHAT_PARAMETER_NAMES)
    if (request[name] !== undefined) picked[name] = structuredClone(request[name]);
  const choice = request.tool_choice;
  if (choice !== undefined && picked.function_call === undefined)
    picked.function_call = typeof choice === 'string' ? choice : { name: choice.function.name };
  return picked as ChatParameters;
}

function functionsOf(request: ChatRequestFields): FunctionDefinition[] {
  const functions = request.functions ?? request.tools?.map((tool) => tool.function) ?? [];
  // `strict` is the tools dialect's; the page's definitions hold name, description and parameters.
  return structuredClone(functions).map(({ name, description, parameters }) => ({
    name,
    ...(description !== undefined ? { description } : {}),
    ...(parameters !== undefined ? { parameters } : {}),
  }));
}

/** The first line of the first thing the user said, as the sidebar shows titles. */
function titleOf(messages: readonly ConversationMessage[]): string {
  const first = messages.find((m) => m.role === 'user' && m.content.trim() !== '');
  if (!first) return 'Imported conversation';
  const line = first.content.trim().split('\n')[0]!;
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

/**
 * Reads the plain request body other tools write (`{"model", "messages", "functions" or "tools",
 * parameters…}`) as a new conversation. The body is held to the request rules the service applies
 * (protocol/request-rules), every problem listed with its path, so a body imported here is one the
 * service takes. A first `system` (or `developer`) message becomes the system prompt. Fields the
 * page has no place for (`stream`, `n`, `user`) are left out once checked.
 */
export function readRequestBody(
  body: Record<string, unknown>,
  defaults: ImportDefaults,
  issues: Issue[],
): Conversation | null {
  const checked = checkChatRequest(body, { metaSchema: defaults.metaSchema, limit: MAX_ISSUES });
  const before = issues.length;
  for (const { param, message } of checked.problems)
    issues.push({ path: param === null ? '$' : `$.${param}`, reason: message });
  if (Array.isArray(body.messages)) holdingProblems(body.messages, issues);
  const request = checked.value;
  if (!request || issues.length > before) return null;
  const [first, ...rest] = request.messages;
  const hasSystem = first?.role === 'system';
  const messages = (hasSystem ? rest : request.messages).map((m) => conversationMessage(m, defaults));
  const functions = functionsOf(request);
  return {
    id: defaults.createId(),
    title: titleOf(messages),
    createdAt: defaults.now,
    updatedAt: defaults.now,
    model: typeof body.model === 'string' && body.model.trim() !== '' ? body.model : defaults.model,
    systemPrompt: hasSystem ? textOf(first.content) : '',
    messages,
    parameters: parametersOf(request),
    ...(functions.length > 0 ? { functions } : {}),
  };
}

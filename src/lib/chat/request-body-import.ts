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

/** Part types that carry an image, in the format and the dialects other tools write. */
const IMAGE_PARTS = new Set(['image_url', 'input_image', 'image']);
const MESSAGE_PARAM = /^messages\[(\d+)\](?:\.content\[(\d+)\](?:\.type)?$)?/;

/**
 * A rule's problem as the import dialog says it: the service's words, kept whole, after the
 * message's number as a person counts them (the path counts from 0). Image parts say what to do
 * on this page, the Vision page (an `input_image` or `image` part, which the rules refuse only by
 * its type, is named as the image it is).
 */
function pageReason(param: string | null, message: string, body: Record<string, unknown>): string {
  const match = param === null ? null : MESSAGE_PARAM.exec(param);
  if (!match) return message;
  const index = Number(match[1]);
  const number = index + 1;
  if (match[2] !== undefined) {
    const raw = Array.isArray(body.messages) ? (body.messages[index] as { content?: unknown } | null) : null;
    const part = Array.isArray(raw?.content)
      ? (raw.content[Number(match[2])] as { type?: unknown } | null)
      : null;
    const type = part?.type;
    // Past an `input_image` part the rules' words ("must be 'text' or 'image_url'") would send the
    // reader to image_url parts, which chat refuses too; only an image_url's refusal is kept.
    if (typeof type === 'string' && IMAGE_PARTS.has(type))
      return `Message ${number} has image parts; the chat page takes text only — use the Vision page.${type === 'image_url' ? ` ${message}` : ''}`;
  }
  return `Message ${number}: ${message}`;
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
    issues.push({ path: param === null ? '$' : `$.${param}`, reason: pageReason(param, message, body) });
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

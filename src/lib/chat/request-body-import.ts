import type { ChatMessage, FunctionDefinition } from '../../protocol/wire';
import { isSpecModel } from '../../protocol/endpoints';
import { CHAT_PARAMETER_NAMES } from '../../protocol/parameters';
import { checkChatRequest, type ChatRequestFields, type MetaSchemaCheck } from '../../protocol/request-rules';
import type { ChatParameters } from './chat-parameters';
import {
  MAX_MESSAGE_IMAGES,
  type Conversation,
  type ConversationMessage,
  type MessageImage,
} from './conversation-types';
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

/** A message's text: the request rules let through a string or parts, whose text the page joins by lines. */
function textOf(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}

/** The images of a message's parts, in their order (the text goes first when it is sent again). */
function imagesOf(content: ChatMessage['content']): MessageImage[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((part) =>
    part.type === 'image_url'
      ? [{ url: part.image_url.url, ...(part.image_url.detail ? { detail: part.image_url.detail } : {}) }]
      : [],
  );
}

/** How many image_url parts a message's raw content holds (cheap on any value: types only). */
function imagePartCount(content: unknown): number {
  if (!Array.isArray(content)) return 0;
  let count = 0;
  for (const part of content) if ((part as { type?: unknown } | null)?.type === 'image_url') count += 1;
  return count;
}

/**
 * Messages with more images than the page keeps, found before the request rules read a single part
 * (each image's address is checked there): a hostile body costs its length only.
 */
function crowdedMessages(raw: readonly unknown[], issues: Issue[]): void {
  raw.forEach((message, i) => {
    const images = imagePartCount((message as { content?: unknown } | null)?.content);
    if (images > MAX_MESSAGE_IMAGES && issues.length < MAX_ISSUES)
      issues.push({
        path: `$.messages[${i}].content`,
        reason: `Message ${i + 1} has ${images} images; the chat page keeps at most ${MAX_MESSAGE_IMAGES} a message.`,
      });
  });
}

/**
 * What the chat page cannot hold though a server takes it: it keeps one system prompt, the first
 * message's, and images on user messages only (what a person shows the model). Paths and messages
 * are the service's form, like the rules' own.
 */
function holdingProblems(raw: readonly unknown[], issues: Issue[]): void {
  raw.forEach((message, i) => {
    const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
    if (i > 0 && (role === 'system' || role === 'developer'))
      issues.push({
        path: `$.messages[${i}].role`,
        reason: `Message ${i + 1} is a ${role} message after the first; the chat page keeps one system prompt, the first message's. Merge it into the first or drop it.`,
      });
    const images = imagePartCount(content);
    if (images > 0 && role !== 'user')
      issues.push({
        path: `$.messages[${i}].content`,
        reason: `Message ${i + 1} is ${/^[aeiou]/.test(String(role)) ? 'an' : 'a'} ${String(role)} message with images; the chat page keeps images on user messages only. Move them into a user message.`,
      });
  });
}

/** Part types other tools write for an image, which the format spells `image_url`. */
const OTHER_IMAGE_PARTS = new Set(['input_image', 'image']);
const MESSAGE_PARAM = /^messages\[(\d+)\](?:\.content\[(\d+)\](?:\.type)?$)?/;

/**
 * A rule's problem as the import dialog says it: the service's words, kept whole, after the
 * message's number as a person counts them (the path counts from 0). An `input_image` or `image`
 * part, which the rules refuse only by its type, is named as the image it is, with the format's form.
 */
function pageReason(
  param: string | null,
  message: string,
  body: Record<string, unknown>,
  model: string,
): string {
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
    if (type === 'image_url')
      return `Message ${number} has images, and ${model} reads text only in chat: ask about images on the Vision page, or import the request for a model that reads them. ${message}`;
    if (typeof type === 'string' && OTHER_IMAGE_PARTS.has(type))
      return `Message ${number}: '${type}' is another tool's way of writing an image; chat requests write one as {"type": "image_url", "image_url": {"url": "https://…"}}. Rewrite the part, or attach the image in the chat page.`;
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
  const images = imagesOf(message.content);
  if (images.length > 0) out.images = images;
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
  const model = typeof body.model === 'string' && body.model.trim() !== '' ? body.model : defaults.model;
  // As the service reads it: images go to any model but the spec's own, whose chat reads text.
  const images = !isSpecModel(model);
  if (images && Array.isArray(body.messages)) {
    const before = issues.length;
    crowdedMessages(body.messages, issues);
    if (issues.length > before) return null;
  }
  const checked = checkChatRequest(body, { metaSchema: defaults.metaSchema, limit: MAX_ISSUES, images });
  const before = issues.length;
  for (const { param, message } of checked.problems)
    issues.push({
      path: param === null ? '$' : `$.${param}`,
      reason: pageReason(param, message, body, model),
    });
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
    model,
    systemPrompt: hasSystem ? textOf(first.content) : '',
    messages,
    parameters: parametersOf(request),
    ...(functions.length > 0 ? { functions } : {}),
  };
}

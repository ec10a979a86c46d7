/**
 * `messages` for chat (string content, or text parts; image parts too for a model that reads them) and
 * vision (arrays of text and image parts).
 * Read into clean messages holding only the fields of the format.
 */
import type { ChatMessage, ContentPart, FunctionCall, ToolCall } from '../wire';
import { FUNCTION_NAME_PATTERN } from '../function-rules';
import { describeImageUrlFault, IMAGE_DETAILS, imageUrlFault } from '../image-url';
import type { Problems } from './problems';
import { isAbsent, isPlainObject, type JsonObject } from './values';

/**
 * `chat` takes text only (the service's chat models); `chat-images` takes image parts too (a model
 * that reads them: an upstream's, or a conversation kept for a server whose models do); `vision`
 * needs at least one image.
 */
export type MessagesMode = 'chat' | 'chat-images' | 'vision';

/** `developer` is OpenAI's newer name for `system` (the AI SDK sends it for reasoning models). */
export const MESSAGE_ROLES = ['system', 'developer', 'user', 'assistant', 'function', 'tool'] as const;

export const MAX_MESSAGES = 10_000;
const MAX_TOOL_CALLS = 128;

function readImage(p: Problems, image: unknown, param: string): ContentPart | undefined {
  if (!isPlainObject(image)) return p.add(param, `'${param}' must be an object with a 'url'.`);
  if (typeof image.url !== 'string' || image.url === '')
    return p.add(`${param}.url`, `'${param}.url' must be a non-empty string.`);
  const fault = imageUrlFault(image.url);
  if (fault) return p.add(`${param}.url`, `'${param}.url' ${describeImageUrlFault(fault)}.`);
  if (
    image.detail !== undefined &&
    (typeof image.detail !== 'string' || !(IMAGE_DETAILS as readonly string[]).includes(image.detail))
  )
    return p.add(`${param}.detail`, `'${param}.detail' must be 'low', 'high' or 'auto'.`);
  const detail = image.detail ? { detail: image.detail as 'low' | 'high' | 'auto' } : {};
  return { type: 'image_url', image_url: { url: image.url, ...detail } };
}

function readPart(p: Problems, value: unknown, param: string, mode: MessagesMode): ContentPart | undefined {
  if (!isPlainObject(value))
    return p.add(param, `'${param}' must be an object such as {"type": "text", "text": "..."}.`);
  if (value.type === 'text') {
    if (typeof value.text !== 'string') return p.add(`${param}.text`, `'${param}.text' must be a string.`);
    return { type: 'text', text: value.text };
  }
  if (value.type === 'image_url') {
    if (mode === 'chat')
      return p.add(
        param,
        `Chat models do not read images: send image parts to /vision/analyze with svc-vision.`,
      );
    return readImage(p, value.image_url, `${param}.image_url`);
  }
  return p.add(`${param}.type`, `'${param}.type' must be 'text' or 'image_url'.`);
}

/** The content; null is a valid "no content" (an assistant's call or refusal), undefined a problem. */
function readContent(
  p: Problems,
  message: JsonObject,
  param: string,
  mode: MessagesMode,
): ChatMessage['content'] | undefined {
  const content = message.content;
  const role = message.role;
  if (isAbsent(content)) {
    if (
      role === 'assistant' &&
      (!isAbsent(message.function_call) ||
        !isAbsent(message.tool_calls) ||
        typeof message.refusal === 'string')
    )
      return null;
    const unless =
      role === 'assistant' ? ' unless the message carries a function_call, tool_calls or a refusal' : '';
    return p.add(`${param}.content`, `'${param}.content' is required${unless}.`);
  }
  if (typeof content === 'string') {
    if (mode === 'vision' && role === 'user')
      return p.add(
        `${param}.content`,
        `'${param}.content' must be an array of content parts for vision, e.g. [{"type": "text", "text": "What is this?"}, {"type": "image_url", "image_url": {"url": "https://..."}}].`,
      );
    return content;
  }
  if (!Array.isArray(content))
    return p.add(
      `${param}.content`,
      `'${param}.content' must be a string${mode === 'chat' ? '' : ' or an array of content parts'}.`,
    );
  if (content.length === 0)
    return p.add(`${param}.content`, `'${param}.content' must not be an empty array.`);
  const before = p.count;
  const parts = content.map((part, j) => readPart(p, part, `${param}.content[${j}]`, mode));
  return p.count > before ? undefined : (parts as ContentPart[]);
}

function readCall(p: Problems, value: unknown, param: string): FunctionCall | undefined {
  if (!isPlainObject(value)) return p.add(param, `'${param}' must be an object with 'name' and 'arguments'.`);
  if (typeof value.name !== 'string' || !FUNCTION_NAME_PATTERN.test(value.name))
    return p.add(
      `${param}.name`,
      `'${param}.name' must be a function name matching ${FUNCTION_NAME_PATTERN.source}.`,
    );
  if (typeof value.arguments !== 'string')
    return p.add(`${param}.arguments`, `'${param}.arguments' must be a string holding a JSON object.`);
  return { name: value.name, arguments: value.arguments };
}

/** An assistant's `tool_calls`: 1-128 calls, each `{id, type: "function", function: {name, arguments}}`. */
function readToolCalls(p: Problems, value: unknown, param: string): ToolCall[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_TOOL_CALLS)
    return p.add(param, `'${param}' must be an array of 1 to ${MAX_TOOL_CALLS} calls.`);
  const before = p.count;
  const calls = value.map((call: unknown, j): ToolCall | undefined => {
    const at = `${param}[${j}]`;
    if (!isPlainObject(call) || typeof call.id !== 'string' || call.id === '')
      return p.add(`${at}.id`, `'${at}' must be an object with an 'id' (a string), 'type' and 'function'.`);
    if (call.type !== undefined && call.type !== 'function')
      return p.add(`${at}.type`, `'${at}.type' must be "function".`);
    const fn = readCall(p, call.function, `${at}.function`);
    return fn && { id: call.id, type: 'function', function: fn };
  });
  return p.count > before ? undefined : (calls as ToolCall[]);
}

/**
 * An earlier reply's `refusal` (OpenAI's clients send it back with the history, null when there was
 * none): a string on an assistant message.
 */
function readRefusal(p: Problems, message: JsonObject, role: string, param: string): string | undefined {
  const value = message.refusal;
  if (isAbsent(value)) return undefined;
  if (role !== 'assistant')
    return p.add(`${param}.refusal`, `'${param}.refusal' is only allowed on an assistant message.`);
  if (typeof value !== 'string')
    return p.add(`${param}.refusal`, `'${param}.refusal' must be a string: the words the model declined in.`);
  return value;
}

/** The calls an assistant message makes: `function_call` or `tool_calls`, never both. */
function readCalls(p: Problems, value: JsonObject, role: string, param: string, message: ChatMessage): void {
  if (!isAbsent(value.function_call)) {
    if (role !== 'assistant')
      p.add(`${param}.function_call`, `'${param}.function_call' is only allowed on an assistant message.`);
    else {
      const call = readCall(p, value.function_call, `${param}.function_call`);
      if (call) message.function_call = call;
    }
  }
  if (!isAbsent(value.tool_calls)) {
    if (role !== 'assistant')
      p.add(`${param}.tool_calls`, `'${param}.tool_calls' is only allowed on an assistant message.`);
    else if (!isAbsent(value.function_call))
      p.add(`${param}.tool_calls`, `'${param}' carries both function_call and tool_calls; send one.`);
    else {
      const calls = readToolCalls(p, value.tool_calls, `${param}.tool_calls`);
      if (calls) message.tool_calls = calls;
    }
  }
}

function readMessage(p: Problems, value: unknown, i: number, mode: MessagesMode): ChatMessage | undefined {
  const param = `messages[${i}]`;
  if (!isPlainObject(value)) return p.add(param, `'${param}' must be an object with 'role' and 'content'.`);
  const role = value.role;
  if (typeof role !== 'string' || !(MESSAGE_ROLES as readonly string[]).includes(role))
    return p.add(
      `${param}.role`,
      `'${param}.role' must be one of 'system', 'developer', 'user', 'assistant', 'function' or 'tool', not ${JSON.stringify(role ?? null)}.`,
    );
  const before = p.count;
  const refusal = readRefusal(p, value, role, param);
  const content = readContent(p, value, param, mode);
  const message: ChatMessage = {
    // The local engines read a developer message as the system message it replaces; the upstream
    // engine forwards the client's own body, so the upstream still receives `developer`.
    role: (role === 'developer' ? 'system' : role) as ChatMessage['role'],
    content: content ?? null,
  };
  // Kept so the prompt's tokens count it (the model reads its history).
  if (refusal !== undefined) message.refusal = refusal;
  readCalls(p, value, role, param, message);
  if (role === 'tool') {
    if (typeof value.tool_call_id !== 'string' || value.tool_call_id === '')
      p.add(
        `${param}.tool_call_id`,
        `'${param}.tool_call_id' is required on a tool message: the id of the call whose result it holds.`,
      );
    else message.tool_call_id = value.tool_call_id;
  }
  if (!isAbsent(value.name)) {
    if (typeof value.name !== 'string' || !FUNCTION_NAME_PATTERN.test(value.name))
      p.add(`${param}.name`, `'${param}.name' must match ${FUNCTION_NAME_PATTERN.source}.`);
    else message.name = value.name;
  } else if (role === 'function') {
    p.add(
      `${param}.name`,
      `'${param}.name' is required on a function message: the name of the function whose result it holds.`,
    );
  }
  if (content !== undefined && (role === 'function' || role === 'tool') && typeof content !== 'string') {
    // A result as an array of text parts (OpenAI accepts it; some clients send it) reads as their text.
    const parts = Array.isArray(content) ? content : [];
    if (parts.length === 0 || parts.some((part) => part.type !== 'text'))
      p.add(
        `${param}.content`,
        `'${param}.content' of a ${role} message must be a string (the function's result) or an array of text parts.`,
      );
    else message.content = parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  }
  return p.count > before ? undefined : message;
}

/** Every `tool` message answers a call an earlier assistant message made, as servers of the format require. */
function checkToolResults(p: Problems, raw: readonly unknown[]): void {
  const ids = new Set<string>();
  raw.forEach((value, i) => {
    if (!isPlainObject(value)) return;
    if (value.role === 'assistant' && Array.isArray(value.tool_calls))
      for (const call of value.tool_calls)
        if (isPlainObject(call) && typeof call.id === 'string') ids.add(call.id);
    const id = value.tool_call_id;
    if (value.role === 'tool' && typeof id === 'string' && id !== '' && !ids.has(id))
      p.add(
        `messages[${i}].tool_call_id`,
        `'messages[${i}].tool_call_id' is '${id}', which no earlier assistant tool_calls entry has.`,
      );
  });
}

/** `messages`: a non-empty array of messages of the given mode. */
export function readMessages(p: Problems, body: JsonObject, mode: MessagesMode): ChatMessage[] | undefined {
  const value = body.messages;
  if (isAbsent(value)) return p.add('messages', `'messages' is required.`);
  if (!Array.isArray(value)) return p.add('messages', `'messages' must be an array of messages.`);
  if (value.length === 0) return p.add('messages', `'messages' must hold at least one message.`);
  if (value.length > MAX_MESSAGES)
    return p.add('messages', `'messages' holds more than ${MAX_MESSAGES} messages.`);
  const before = p.count;
  const messages = value.map((message, i) => readMessage(p, message, i, mode));
  if (p.count > before) return undefined;
  const read = messages as ChatMessage[];
  if (mode === 'vision') {
    const hasImage = read.some(
      (m) => Array.isArray(m.content) && m.content.some((part) => part.type === 'image_url'),
    );
    if (!hasImage)
      return p.add('messages', `'messages' must contain at least one image_url part to analyze.`);
  }
  return read;
}

/** The tool-result rule of chat, kept apart: the service checks it after the functions and tools. */
export { checkToolResults };

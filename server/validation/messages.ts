/**
 * Validation of `messages` for chat (string content) and vision (arrays of text and image parts).
 * Returns clean messages holding only the fields of the format.
 */
import type { ChatMessage, ContentPart, FunctionCall, ToolCall } from '../../src/protocol/wire';
import { FUNCTION_NAME_PATTERN } from '../../src/protocol/function-rules';
import { describeImageUrlFault, imageUrlFault } from '../../src/protocol/image-url';
import { invalidParam } from '../http/errors';
import { isPlainObject } from './fields';

export type MessagesMode = 'chat' | 'vision';

/** `developer` is OpenAI's newer name for `system` (the AI SDK sends it for reasoning models). */
const ROLES = ['system', 'developer', 'user', 'assistant', 'function', 'tool'] as const;

const MAX_MESSAGES = 10_000;
const DETAILS = ['low', 'high', 'auto'];

function checkImageUrl(url: string, param: string): void {
  const fault = imageUrlFault(url);
  if (fault) throw invalidParam(param, `'${param}' ${describeImageUrlFault(fault)}.`);
}

function readPart(value: unknown, param: string, mode: MessagesMode): ContentPart {
  if (!isPlainObject(value))
    throw invalidParam(param, `'${param}' must be an object such as {"type": "text", "text": "..."}.`);
  if (value.type === 'text') {
    if (typeof value.text !== 'string')
      throw invalidParam(`${param}.text`, `'${param}.text' must be a string.`);
    return { type: 'text', text: value.text };
  }
  if (value.type === 'image_url') {
    if (mode === 'chat') {
      throw invalidParam(
        param,
        `Chat models do not read images: send image parts to /vision/analyze with svc-vision.`,
      );
    }
    const image = value.image_url;
    if (!isPlainObject(image))
      throw invalidParam(`${param}.image_url`, `'${param}.image_url' must be an object with a 'url'.`);
    if (typeof image.url !== 'string' || image.url === '') {
      throw invalidParam(`${param}.image_url.url`, `'${param}.image_url.url' must be a non-empty string.`);
    }
    checkImageUrl(image.url, `${param}.image_url.url`);
    if (image.detail !== undefined && (typeof image.detail !== 'string' || !DETAILS.includes(image.detail))) {
      throw invalidParam(
        `${param}.image_url.detail`,
        `'${param}.image_url.detail' must be 'low', 'high' or 'auto'.`,
      );
    }
    return {
      type: 'image_url',
      image_url: {
        url: image.url,
        ...(image.detail ? { detail: image.detail as 'low' | 'high' | 'auto' } : {}),
      },
    };
  }
  throw invalidParam(`${param}.type`, `'${param}.type' must be 'text' or 'image_url'.`);
}

function readContent(
  message: Record<string, unknown>,
  param: string,
  mode: MessagesMode,
): ChatMessage['content'] {
  const content = message.content;
  const role = message.role as ChatMessage['role'];
  if (content === undefined || content === null) {
    if (
      role === 'assistant' &&
      (message.function_call != null || message.tool_calls != null || typeof message.refusal === 'string')
    )
      return null;
    throw invalidParam(
      `${param}.content`,
      `'${param}.content' is required${role === 'assistant' ? ' unless the message carries a function_call, tool_calls or a refusal' : ''}.`,
    );
  }
  if (typeof content === 'string') {
    if (mode === 'vision' && role === 'user') {
      throw invalidParam(
        `${param}.content`,
        `'${param}.content' must be an array of content parts for vision, e.g. [{"type": "text", "text": "What is this?"}, {"type": "image_url", "image_url": {"url": "https://..."}}].`,
      );
    }
    return content;
  }
  if (!Array.isArray(content)) {
    throw invalidParam(
      `${param}.content`,
      `'${param}.content' must be a string${mode === 'vision' ? ' or an array of content parts' : ''}.`,
    );
  }
  if (content.length === 0)
    throw invalidParam(`${param}.content`, `'${param}.content' must not be an empty array.`);
  return content.map((part, j) => readPart(part, `${param}.content[${j}]`, mode));
}

function readFunctionCall(value: unknown, param: string): FunctionCall {
  if (!isPlainObject(value))
    throw invalidParam(param, `'${param}' must be an object with 'name' and 'arguments'.`);
  if (typeof value.name !== 'string' || !FUNCTION_NAME_PATTERN.test(value.name)) {
    throw invalidParam(
      `${param}.name`,
      `'${param}.name' must be a function name matching ${FUNCTION_NAME_PATTERN.source}.`,
    );
  }
  if (typeof value.arguments !== 'string') {
    throw invalidParam(`${param}.arguments`, `'${param}.arguments' must be a string holding a JSON object.`);
  }
  return { name: value.name, arguments: value.arguments };
}

/** An assistant's `tool_calls`: 1-128 calls, each `{id, type: "function", function: {name, arguments}}`. */
function readToolCalls(value: unknown, param: string): ToolCall[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 128) {
    throw invalidParam(param, `'${param}' must be an array of 1 to 128 calls.`);
  }
  return value.map((call: unknown, j) => {
    const at = `${param}[${j}]`;
    if (!isPlainObject(call) || typeof call.id !== 'string' || call.id === '') {
      throw invalidParam(
        `${at}.id`,
        `'${at}' must be an object with an 'id' (a string), 'type' and 'function'.`,
      );
    }
    if (call.type !== undefined && call.type !== 'function') {
      throw invalidParam(`${at}.type`, `'${at}.type' must be "function".`);
    }
    return { id: call.id, type: 'function', function: readFunctionCall(call.function, `${at}.function`) };
  });
}

/**
 * An earlier reply's `refusal` (OpenAI's clients send it back with the history, null when there was
 * none): a string on an assistant message; null reads as absent.
 */
function readRefusal(message: Record<string, unknown>, role: string, param: string): string | undefined {
  const value = message.refusal;
  if (value === undefined || value === null) return undefined;
  if (role !== 'assistant')
    throw invalidParam(`${param}.refusal`, `'${param}.refusal' is only allowed on an assistant message.`);
  if (typeof value !== 'string')
    throw invalidParam(
      `${param}.refusal`,
      `'${param}.refusal' must be a string: the words the model declined in.`,
    );
  return value;
}

function readMessage(value: unknown, i: number, mode: MessagesMode): ChatMessage {
  const param = `messages[${i}]`;
  if (!isPlainObject(value))
    throw invalidParam(param, `'${param}' must be an object with 'role' and 'content'.`);
  const role = value.role;
  if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
    throw invalidParam(
      `${param}.role`,
      `'${param}.role' must be one of 'system', 'developer', 'user', 'assistant', 'function' or 'tool', not ${JSON.stringify(role ?? null)}.`,
    );
  }
  const refusal = readRefusal(value, role, param);
  const message: ChatMessage = {
    // The local engines read a developer message as the system message it replaces; the upstream
    // engine forwards the client's own body, so the upstream still receives `developer`.
    role: (role === 'developer' ? 'system' : role) as ChatMessage['role'],
    content: readContent(value, param, mode),
  };
  // Kept so the prompt's tokens count it (the model reads its history); the reference engine composes
  // from content alone, so a refusal in the history changes no reply.
  if (refusal !== undefined) message.refusal = refusal;
  if (value.function_call !== undefined && value.function_call !== null) {
    if (role !== 'assistant') {
      throw invalidParam(
        `${param}.function_call`,
        `'${param}.function_call' is only allowed on an assistant message.`,
      );
    }
    message.function_call = readFunctionCall(value.function_call, `${param}.function_call`);
  }
  if (value.tool_calls !== undefined && value.tool_calls !== null) {
    if (role !== 'assistant') {
      throw invalidParam(
        `${param}.tool_calls`,
        `'${param}.tool_calls' is only allowed on an assistant message.`,
      );
    }
    if (message.function_call) {
      throw invalidParam(
        `${param}.tool_calls`,
        `'${param}' carries both function_call and tool_calls; send one.`,
      );
    }
    message.tool_calls = readToolCalls(value.tool_calls, `${param}.tool_calls`);
  }
  if (role === 'tool') {
    if (typeof value.tool_call_id !== 'string' || value.tool_call_id === '') {
      throw invalidParam(
        `${param}.tool_call_id`,
        `'${param}.tool_call_id' is required on a tool message: the id of the call whose result it holds.`,
      );
    }
    message.tool_call_id = value.tool_call_id;
  }
  if (value.name !== undefined && value.name !== null) {
    if (typeof value.name !== 'string' || !FUNCTION_NAME_PATTERN.test(value.name)) {
      throw invalidParam(`${param}.name`, `'${param}.name' must match ${FUNCTION_NAME_PATTERN.source}.`);
    }
    message.name = value.name;
  } else if (role === 'function') {
    throw invalidParam(
      `${param}.name`,
      `'${param}.name' is required on a function message: the name of the function whose result it holds.`,
    );
  }
  if ((role === 'function' || role === 'tool') && typeof message.content !== 'string') {
    // A result as an array of text parts (OpenAI accepts it; some clients send it) reads as their text.
    const parts = Array.isArray(message.content) ? message.content : [];
    if (parts.length === 0 || parts.some((part) => part.type !== 'text')) {
      throw invalidParam(
        `${param}.content`,
        `'${param}.content' of a ${role} message must be a string (the function's result) or an array of text parts.`,
      );
    }
    message.content = parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  }
  return message;
}

/** Validates `messages`: a non-empty array of messages of the given mode. */
export function readMessages(body: Record<string, unknown>, mode: MessagesMode): ChatMessage[] {
  const value = body.messages;
  if (value === undefined || value === null) throw invalidParam('messages', `'messages' is required.`);
  if (!Array.isArray(value)) throw invalidParam('messages', `'messages' must be an array of messages.`);
  if (value.length === 0) throw invalidParam('messages', `'messages' must hold at least one message.`);
  if (value.length > MAX_MESSAGES)
    throw invalidParam('messages', `'messages' holds more than ${MAX_MESSAGES} messages.`);
  const messages = value.map((message, i) => readMessage(message, i, mode));
  if (mode === 'vision') {
    const hasImage = messages.some(
      (m) => Array.isArray(m.content) && m.content.some((p) => p.type === 'image_url'),
    );
    if (!hasImage)
      throw invalidParam('messages', `'messages' must contain at least one image_url part to analyze.`);
  }
  return messages;
}

import { CHAT_PARAMETER_NAMES, type ChatParameters } from './chat-parameters';
import type { ConversationMessage, MessageImage } from './conversation-types';
import { toLegacyForm, toToolsForm } from '../../protocol/chat/dialects';
import type {
  ChatCompletionRequest,
  ChatMessage,
  ContentPart,
  FunctionDefinition,
} from '../../protocol/wire';
import type { FunctionDialect } from '../connection';

export interface BuildChatRequestInput {
  model: string;
  /** Sent as the first message when it holds more than whitespace. */
  systemPrompt?: string;
  messages: readonly ConversationMessage[];
  parameters?: ChatParameters;
  stream: boolean;
  functions?: readonly FunctionDefinition[];
  /** How functions, calls and results are spelled on the wire; legacy when absent (the spec's). */
  dialect?: FunctionDialect;
}

/**
 * Turns stored messages into wire messages.
 *
 * The rules (the README repeats them):
 * - Reasoning (thinking output) is NEVER sent back: only `content` (and `function_call`) travel.
 * - A refusal is sent back as OpenAI takes it: `refusal` beside `content` (null when there is no text).
 * - A user message's images follow its text as `image_url` parts (their file names stay here).
 * - A reply that is still `pending` or `streaming` is the one being requested, so it is left out.
 * - A stopped, interrupted or failed reply that the user keeps in the conversation is sent as what it
 *   is, its partial text, because the transcript is the conversation; deleting it is how to drop it.
 *   A failed or stopped reply with no text and no function call carries nothing and is left out, so an
 *   error never sends an empty assistant turn.
 */
export function toWireMessages(messages: readonly ConversationMessage[]): ChatMessage[] {
  const wire: ChatMessage[] = [];
  for (const message of messages) {
    if (message.status === 'pending' || message.status === 'streaming') continue;
    if (message.role === 'assistant') {
      const calls = message.tool_calls ?? [];
      const refusal = message.refusal ? { refusal: message.refusal } : {};
      const empty =
        message.content === '' && !message.function_call && calls.length === 0 && !message.refusal;
      if (empty && message.status !== undefined && message.status !== 'complete') continue;
      const content = message.content === '' ? null : message.content;
      if (calls.length > 0)
        wire.push({
          role: 'assistant',
          content,
          ...refusal,
          tool_calls: calls.map((c) => structuredClone(c)),
        });
      else if (message.function_call)
        wire.push({ role: 'assistant', content, ...refusal, function_call: { ...message.function_call } });
      else if (message.refusal) wire.push({ role: 'assistant', content, ...refusal });
      else wire.push({ role: 'assistant', content: message.content });
    } else if (message.role === 'function') {
      wire.push({ role: 'function', name: message.name ?? '', content: message.content });
    } else if (message.role === 'tool') {
      wire.push({ role: 'tool', tool_call_id: message.tool_call_id ?? '', content: message.content });
    } else if (message.images && message.images.length > 0) {
      wire.push({ role: 'user', content: userParts(message.content, message.images) });
    } else {
      wire.push({ role: 'user', content: message.content });
    }
  }
  return wire;
}

/** A user message with images as the format's parts: its text first (when it has any), then each image. */
function userParts(text: string, images: readonly MessageImage[]): ContentPart[] {
  const parts: ContentPart[] = text === '' ? [] : [{ type: 'text', text }];
  for (const { url, detail } of images)
    parts.push({ type: 'image_url', image_url: { url, ...(detail ? { detail } : {}) } });
  return parts;
}

/**
 * Builds the body of a chat request. Each parameter appears only when it is set (present and not
 * `undefined`), so the server applies its own default for everything the user left alone. `stream`
 * is sent only when true: false is the spec's default.
 */
export function buildChatRequest(input: BuildChatRequestInput): ChatCompletionRequest {
  const messages = toWireMessages(input.messages);
  const system = input.systemPrompt?.trim() ? input.systemPrompt : undefined;
  const body: ChatCompletionRequest = {
    model: input.model,
    messages: system === undefined ? messages : [{ role: 'system', content: system }, ...messages],
  };
  const parameters = input.parameters ?? {};
  const target = body as unknown as Record<string, unknown>;
  for (const name of CHAT_PARAMETER_NAMES) {
    const value = parameters[name];
    if (value !== undefined) target[name] = structuredClone(value);
  }
  if (input.functions && input.functions.length > 0) body.functions = structuredClone([...input.functions]);
  else delete body.function_call; // function_call without functions is a 400 on most servers
  if (input.stream) body.stream = true;
  return inDialect(body, input.dialect ?? 'legacy');
}

/**
 * The body in one dialect. A conversation may hold both (its calls came from a tools server, and the
 * connection now speaks legacy, or the other way round); the protocol core rewrites whichever parts
 * are in the other dialect, so what is sent is all one or all the other.
 */
function inDialect(body: ChatCompletionRequest, dialect: FunctionDialect): ChatCompletionRequest {
  if (dialect === 'legacy') {
    // Legacy has one call per reply and no word for running several at once.
    const { parallel_tool_calls: _parallel, ...request } = toLegacyForm(body).request;
    return request;
  }
  const tools: Record<string, unknown> = { ...body, ...toToolsForm(body) };
  for (const key of Object.keys(tools)) if (tools[key] === undefined) delete tools[key];
  return tools as unknown as ChatCompletionRequest;
}

import type { ChatMessage } from '../../src/protocol/wire';
import type { ServiceConfig } from '../config';
import { ApiError } from '../http/errors';
import { countMessageTokensYielding, countTokensYielding, TOKENS_PER_IMAGE } from '../tokens';

function exceeded(contextLength: number, prompt: number, completion: number, what: string): ApiError {
  return new ApiError(
    400,
    'invalid_request_error',
    'context_length_exceeded',
    `This model's maximum context length is ${contextLength} tokens. However, you requested ${prompt + completion} tokens (${prompt} in the ${what}, ${completion} in the completion). Please reduce the length of the ${what} or max_tokens.`,
    what === 'messages' ? 'messages' : 'prompt',
  );
}

/** Every token is at least one UTF-8 byte, so bytes bound the token count from above. */
function byteBound(messages: ChatMessage[]): number {
  let bytes = 0;
  for (const message of messages) {
    // Framing, role and name are a handful of tokens; 16 per message bounds them with room to spare.
    bytes += 16 + Buffer.byteLength(message.name ?? '');
    if (typeof message.content === 'string') bytes += Buffer.byteLength(message.content);
    else if (Array.isArray(message.content)) {
      for (const part of message.content)
        bytes += part.type === 'text' ? Buffer.byteLength(part.text) : TOKENS_PER_IMAGE;
    }
    if (message.refusal) bytes += Buffer.byteLength(message.refusal);
    if (message.function_call)
      bytes += Buffer.byteLength(message.function_call.name + message.function_call.arguments);
  }
  return bytes + 16;
}

/**
 * Longest o200k_base token: 128 bytes (a run of 128 spaces), hence at most 128 UTF-16 code units. A
 * text of n characters is therefore at least n / 128 tokens, whatever it holds (a test checks every
 * token of the vocabulary against this number).
 */
export const MAX_CHARS_PER_TOKEN = 128;

/** A lower bound of the messages' prompt tokens, from their lengths alone: no tokenizing. */
export function promptTokensAtLeast(messages: readonly ChatMessage[]): number {
  let chars = 0;
  // Every string the count tokenizes: a long one anywhere must be caught here.
  for (const message of messages) {
    chars += message.name?.length ?? 0;
    if (message.function_call)
      chars += message.function_call.name.length + message.function_call.arguments.length;
    if (typeof message.content === 'string') chars += message.content.length;
    else if (Array.isArray(message.content)) {
      for (const part of message.content) if (part.type === 'text') chars += part.text.length;
    }
    chars += message.refusal?.length ?? 0;
  }
  return Math.ceil(chars / MAX_CHARS_PER_TOKEN);
}

/** The part of the service's settings the checks read. */
type ContextConfig = Pick<ServiceConfig, 'contextLength'>;

/**
 * Throws `context_length_exceeded` when prompt tokens plus the completion budget exceed the context.
 * The count yields to the event loop as it goes: a 1 MB prompt takes a few hundred milliseconds to
 * count, and other requests must not wait for it.
 */
export async function checkChatContext(
  messages: ChatMessage[],
  maxTokens: number,
  { contextLength }: ContextConfig,
): Promise<void> {
  // Most requests fit by the byte bound alone and need no tokenizing here.
  if (byteBound(messages) + maxTokens <= contextLength) return;
  // A text so long that even its lower bound cannot fit is refused without tokenizing it (24 million
  // characters of image-analysis text once answered 500 from the tokenizer): what reaches the
  // tokenizer is at most 128 characters per token of context.
  const atLeast = promptTokensAtLeast(messages);
  if (atLeast + maxTokens > contextLength) {
    throw new ApiError(
      400,
      'invalid_request_error',
      'context_length_exceeded',
      `This model's maximum context length is ${contextLength} tokens. However, you requested at least ${atLeast + maxTokens} tokens (at least ${atLeast} in the messages, ${maxTokens} in the completion). Please reduce the length of the messages or max_tokens.`,
      'messages',
    );
  }
  const prompt = await countMessageTokensYielding(messages);
  if (prompt + maxTokens > contextLength) throw exceeded(contextLength, prompt, maxTokens, 'messages');
}

/** The same for a code prompt. */
export async function checkPromptContext(
  prompt: string,
  maxTokens: number,
  { contextLength }: ContextConfig,
): Promise<void> {
  if (Buffer.byteLength(prompt) + maxTokens <= contextLength) return;
  const tokens = await countTokensYielding(prompt);
  if (tokens + maxTokens > contextLength) throw exceeded(contextLength, tokens, maxTokens, 'prompt');
}

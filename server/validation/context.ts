import type { ChatMessage } from '../../src/lib/api/wire';
import { ApiError } from '../http/errors';
import { countMessageTokens, countTokens } from '../tokens';

function exceeded(contextLength: number, prompt: number, completion: number, what: string): ApiError {
  return new ApiError(
    400,
    'invalid_request_error',
    'context_length_exceeded',
    `This model's maximum context length is ${contextLength} tokens. However, you requested ${prompt + completion} tokens (${prompt} in the ${what}, ${completion} in the completion). Please reduce the length of the ${what} or max_tokens.`,
    what === 'messages' ? 'messages' : 'prompt',
  );
}

/** Throws `context_length_exceeded` when prompt tokens plus the completion budget exceed the context. */
export function checkChatContext(messages: ChatMessage[], maxTokens: number, contextLength: number): void {
  const prompt = countMessageTokens(messages);
  if (prompt + maxTokens > contextLength) throw exceeded(contextLength, prompt, maxTokens, 'messages');
}

/** The same for a code prompt. */
export function checkPromptContext(prompt: string, maxTokens: number, contextLength: number): void {
  const tokens = countTokens(prompt);
  if (tokens + maxTokens > contextLength) throw exceeded(contextLength, tokens, maxTokens, 'prompt');
}

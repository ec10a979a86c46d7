import { CHAT_PARAMETER_NAMES } from '../../protocol/parameters';
import type { ChatCompletionRequest } from '../../protocol/wire';

/**
 * Request parameters the user sets for a conversation: everything but the model, the messages, the
 * functions and `stream`, which the session supplies. An unset parameter is ABSENT (no key), never
 * a key holding `undefined`; the request builder also drops `undefined` defensively.
 */
export type ChatParameters = Partial<
  Omit<ChatCompletionRequest, 'model' | 'messages' | 'functions' | 'stream'>
>;

/** The parameter names the builder copies into a request, in the spec's order. */
export { CHAT_PARAMETER_NAMES };

/**
 * Keeps only the request parameters (dropping `model`, `stream` or anything else a settings object
 * carries, and keys holding `undefined`), so what is stored and exported is exactly what is sent.
 */
export function pickChatParameters(source: Readonly<Record<string, unknown>>): ChatParameters {
  const picked: Record<string, unknown> = {};
  for (const name of CHAT_PARAMETER_NAMES) if (source[name] !== undefined) picked[name] = source[name];
  return picked as ChatParameters;
}

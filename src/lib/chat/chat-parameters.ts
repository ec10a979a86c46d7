import type { ChatCompletionRequest } from '../api/wire';

/**
 * Request parameters the user sets for a conversation: everything but the model, the messages, the
 * functions and `stream`, which the session supplies. An unset parameter is ABSENT (no key), never
 * a key holding `undefined`; the request builder also drops `undefined` defensively.
 */
export type ChatParameters = Partial<
  Omit<ChatCompletionRequest, 'model' | 'messages' | 'functions' | 'stream'>
>;

/** The parameter names the builder copies into a request, in the spec's order. */
export const CHAT_PARAMETER_NAMES = [
  'temperature',
  'max_tokens',
  'top_p',
  'frequency_penalty',
  'presence_penalty',
  'stop',
  'logprobs',
  'top_logprobs',
  'logit_bias',
  'function_call',
  'response_format',
  'seed',
] as const satisfies readonly (keyof ChatParameters)[];

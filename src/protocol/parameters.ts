import type { ChatCompletionRequest } from './wire';

/**
 * The chat request's parameters (everything but the model, the messages, the functions and `stream`),
 * in the spec's order.
 */
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
  // The tools dialect's (not the spec's); a request in the legacy dialect leaves it out.
  'parallel_tool_calls',
  'response_format',
  'seed',
] as const satisfies readonly (keyof ChatCompletionRequest)[];

/**
 * The request parameters' ranges as the spec and the common format define them: the service
 * refuses what falls outside, and the playground's controls offer exactly these.
 */
export interface NumberRange {
  min: number;
  max: number;
}

export const PARAMETER_RANGES = {
  temperature: { min: 0, max: 2 },
  top_p: { min: 0, max: 1 },
  frequency_penalty: { min: -2, max: 2 },
  presence_penalty: { min: -2, max: 2 },
  /** An integer: how many alternatives per token when `logprobs` is on. */
  top_logprobs: { min: 0, max: 20 },
  /** The bias of one token id. */
  logit_bias: { min: -100, max: 100 },
  /** An integer; the widest a JSON number carries exactly, which is what the service accepts. */
  seed: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
} as const satisfies Record<string, NumberRange>;

/** At most this many stop sequences. */
export const MAX_STOP_SEQUENCES = 4;

/** At most this many tokens in `logit_bias`. */
export const MAX_LOGIT_BIAS_TOKENS = 300;

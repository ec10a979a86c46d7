/**
 * One rule per chat parameter (the table of protocol/parameters.ts), for a parameter held apart
 * from a request: a conversation's stored settings, a comparison's variants, an experiment file.
 * Each is the rule the whole request is held to (chat.ts), so a value kept is a value sendable.
 */
import { FUNCTION_NAME_PATTERN } from '../function-rules';
import type { CHAT_PARAMETER_NAMES } from '../parameters';
import { PARAMETER_RANGES as R } from '../parameters';
import { optionalBoolean, optionalInRange, optionalPositiveInteger, optionalStop } from './fields';
import { readLogitBias } from './logit-bias';
import { runRules, type Problems, type RuleProblem } from './problems';
import { readResponseFormat } from './response-format';
import { isPlainObject, type JsonObject } from './values';

export type ChatParameterName = (typeof CHAT_PARAMETER_NAMES)[number];

/**
 * A conversation's function choice: the request's `function_call`, or the tools dialect's
 * `tool_choice` kept under that name ("required" included). Which functions it may name is for the
 * request to say, so here a name only has to be a function name.
 */
function readFunctionChoice(p: Problems, body: JsonObject): unknown {
  const value = body.function_call;
  if (value === 'auto' || value === 'none' || value === 'required') return value;
  if (isPlainObject(value) && typeof value.name === 'string' && FUNCTION_NAME_PATTERN.test(value.name))
    return value;
  return p.add(
    'function_call',
    `'function_call' must be "auto", "none", "required" or {"name": "<a function name>"}.`,
  );
}

const RULES: Record<ChatParameterName, (p: Problems, body: JsonObject) => unknown> = {
  temperature: (p, b) => optionalInRange(p, b, 'temperature', R.temperature),
  max_tokens: (p, b) => optionalPositiveInteger(p, b, 'max_tokens'),
  top_p: (p, b) => optionalInRange(p, b, 'top_p', R.top_p),
  frequency_penalty: (p, b) => optionalInRange(p, b, 'frequency_penalty', R.frequency_penalty),
  presence_penalty: (p, b) => optionalInRange(p, b, 'presence_penalty', R.presence_penalty),
  stop: (p, b) => optionalStop(p, b),
  logprobs: (p, b) => optionalBoolean(p, b, 'logprobs'),
  top_logprobs: (p, b) => optionalInRange(p, b, 'top_logprobs', R.top_logprobs, true),
  logit_bias: readLogitBias,
  function_call: readFunctionChoice,
  parallel_tool_calls: (p, b) => optionalBoolean(p, b, 'parallel_tool_calls'),
  // The schema's own content is judged where a schema checker is at hand (the request, the editor).
  response_format: (p, b) => readResponseFormat(p, b, () => []),
  seed: (p, b) => optionalInRange(p, b, 'seed', R.seed, true),
};

/** Every problem of one parameter's value (null and undefined are unset: no problem). */
export function checkChatParameter(name: ChatParameterName, value: unknown): RuleProblem[] {
  if (value === undefined || value === null) return [];
  return runRules(Number.POSITIVE_INFINITY, (p) => RULES[name](p, { [name]: value })).problems;
}

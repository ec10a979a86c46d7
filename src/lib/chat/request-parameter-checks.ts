import {
  CHAT_PARAMETER_NAMES,
  MAX_STOP_SEQUENCES,
  PARAMETER_RANGES,
  type NumberRange,
} from '../../protocol/parameters';
import type { ChatParameters } from './chat-parameters';
import {
  checkBoolean,
  checkEnum,
  checkNumber,
  checkObject,
  checkOptional,
  checkString,
  type Checker,
} from './json-checks';

function inRange({ min, max }: NumberRange, integer = false): Checker {
  return (value, path, issues) => {
    if (!checkNumber(value, path, issues)) return false;
    const n = value as number;
    if ((integer && !Number.isInteger(n)) || n < min || n > max) {
      issues.push({ path, reason: `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}` });
      return false;
    }
    return true;
  };
}

const positiveInteger: Checker = (value, path, issues) => {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return true;
  issues.push({ path, reason: `must be a positive integer, found ${JSON.stringify(value)}` });
  return false;
};

const stop: Checker = (value, path, issues) => {
  if (typeof value === 'string') return true;
  if (!Array.isArray(value) || !value.every((s) => typeof s === 'string')) {
    issues.push({ path, reason: 'must be a string or an array of strings' });
    return false;
  }
  if (value.length > MAX_STOP_SEQUENCES) {
    issues.push({ path, reason: `holds ${value.length} sequences; at most ${MAX_STOP_SEQUENCES} are sent` });
    return false;
  }
  return true;
};

const logitBias: Checker = (value, path, issues) => {
  if (!checkObject({}, true)(value, path, issues)) return false;
  let ok = true;
  for (const [token, bias] of Object.entries(value as Record<string, unknown>))
    if (!inRange(PARAMETER_RANGES.logit_bias)(bias, `${path}.${token}`, issues)) ok = false;
  return ok;
};

const functionCall: Checker = (value, path, issues) =>
  typeof value === 'object'
    ? checkObject({ name: checkString })(value, path, issues)
    : checkEnum(['auto', 'none', 'required'])(value, path, issues);

const PARAMETER_CHECKS: Record<(typeof CHAT_PARAMETER_NAMES)[number], Checker> = {
  temperature: inRange(PARAMETER_RANGES.temperature),
  max_tokens: positiveInteger,
  top_p: inRange(PARAMETER_RANGES.top_p),
  frequency_penalty: inRange(PARAMETER_RANGES.frequency_penalty),
  presence_penalty: inRange(PARAMETER_RANGES.presence_penalty),
  stop,
  logprobs: checkBoolean,
  top_logprobs: inRange(PARAMETER_RANGES.top_logprobs, true),
  logit_bias: logitBias,
  function_call: functionCall,
  parallel_tool_calls: checkBoolean,
  response_format: checkObject(
    {
      type: checkString,
      // What the reply-format panel reads back; the schema's own content is the schema checker's.
      json_schema: checkOptional(
        checkObject(
          {
            name: checkString,
            description: checkOptional(checkString),
            schema: checkOptional(checkObject({}, true)),
            strict: checkOptional((v, p, i) => v === null || checkBoolean(v, p, i)),
          },
          true,
        ),
      ),
    },
    true,
  ),
  seed: inRange(PARAMETER_RANGES.seed, true),
};

/** Checks one chat parameter's value (not null: null is unset) as the page's controls would take it. */
export function checkChatParameter(
  name: (typeof CHAT_PARAMETER_NAMES)[number],
  value: unknown,
  path: string,
  issues: Parameters<Checker>[2],
): boolean {
  return PARAMETER_CHECKS[name](value, path, issues);
}

/**
 * The chat parameters of a request body, each checked as the page's controls would take it (a value
 * the page cannot show would be a value it cannot send). `null` means unset, as servers read it.
 * `tool_choice` becomes `function_call` (the dialect is chosen per connection when sending).
 */
export function readRequestParameters(
  body: Readonly<Record<string, unknown>>,
  path: string,
  issues: Parameters<Checker>[2],
): ChatParameters {
  const picked: Record<string, unknown> = {};
  for (const name of CHAT_PARAMETER_NAMES) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    if (PARAMETER_CHECKS[name](value, `${path}.${name}`, issues)) picked[name] = value;
  }
  const choice = body.tool_choice;
  if (choice !== undefined && choice !== null && picked.function_call === undefined) {
    if (typeof choice === 'string') {
      if (checkEnum(['auto', 'none', 'required'])(choice, `${path}.tool_choice`, issues))
        picked.function_call = choice;
    } else if (
      checkObject(
        { type: checkEnum(['function']), function: checkObject({ name: checkString }, true) },
        true,
      )(choice, `${path}.tool_choice`, issues)
    ) {
      picked.function_call = { name: (choice as { function: { name: string } }).function.name };
    }
  }
  return picked as ChatParameters;
}

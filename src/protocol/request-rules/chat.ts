/**
 * The rules of a chat completion request body, read down to the fields the format defines (plus
 * `seed`). The model's id is not judged here: which ids exist is the serving side's to say.
 */
import type { ChatCompletionRequest } from '../wire';
import { PARAMETER_RANGES as R } from '../parameters';
import { optionalBoolean, optionalInRange, optionalPositiveInteger, optionalStop } from './fields';
import { readFunctionCall, readFunctions } from './functions';
import { readLogitBias } from './logit-bias';
import { checkToolResults, readMessages } from './messages';
import { runRules, type Problems, type RuleResult } from './problems';
import { readResponseFormat } from './response-format';
import type { MetaSchemaCheck } from './schema';
import { readToolChoice, readTools } from './tools';
import { describe, isAbsent, isPlainObject, type JsonObject } from './values';

/** A chat request without its model, which the caller resolves. */
export type ChatRequestFields = Omit<ChatCompletionRequest, 'model'>;

export interface RuleOptions {
  metaSchema: MetaSchemaCheck;
  /** Stop after this many problems: 1 for an answer naming one param, more for a list to show. */
  limit: number;
  /** Image parts are taken in messages: the model reads them (an upstream's), not the service's own. */
  images?: boolean;
}

function readStreamOptions(p: Problems, body: JsonObject): void {
  const value = body.stream_options;
  if (isAbsent(value)) return;
  // The service always sends usage on the last chunk, so include_usage is accepted and needs no action.
  if (!isPlainObject(value))
    return p.add('stream_options', `'stream_options' must be an object such as {"include_usage": true}.`);
  if (body.stream !== true)
    return p.add('stream_options', `'stream_options' is only allowed with "stream": true.`);
  optionalBoolean(p, value, 'include_usage', 'stream_options.include_usage');
}

/**
 * The completion budget: `max_tokens`, or `max_completion_tokens` (OpenAI's newer name, which the
 * local engines honour the same way). Both at once is refused, as OpenAI refuses it.
 */
function readMaxTokens(p: Problems, body: JsonObject): number | undefined {
  const legacy = optionalPositiveInteger(p, body, 'max_tokens');
  const completion = optionalPositiveInteger(p, body, 'max_completion_tokens');
  if (legacy !== undefined && completion !== undefined)
    return p.add(
      'max_tokens',
      `'max_tokens' and 'max_completion_tokens' cannot both be set: send one ('max_completion_tokens' is the newer name).`,
    );
  return legacy ?? completion;
}

/** In the order the service has always checked them, so its first problem is the one it named before. */
function readChat(
  p: Problems,
  body: JsonObject,
  metaSchema: MetaSchemaCheck,
  images: boolean,
): ChatRequestFields {
  if (!isAbsent(body.n) && body.n !== 1)
    p.add('n', `'n' must be 1: the service makes one choice per request.`);
  const messages = readMessages(p, body, images ? 'chat-images' : 'chat');
  const functions = readFunctions(p, body, metaSchema);
  const tools = readTools(p, body, metaSchema);
  // On the messages as sent, so a list of every problem has these too (the service stops earlier).
  if (Array.isArray(body.messages)) checkToolResults(p, body.messages);
  const logprobs = optionalBoolean(p, body, 'logprobs');
  const topLogprobs = optionalInRange(p, body, 'top_logprobs', R.top_logprobs, true);
  if (topLogprobs !== undefined && logprobs !== true)
    p.add('top_logprobs', `'top_logprobs' needs "logprobs": true.`);
  readStreamOptions(p, body);
  const maxTokens = readMaxTokens(p, body);
  // Unset fields are read as undefined here and dropped below.
  const fields: { [K in keyof ChatRequestFields]?: ChatRequestFields[K] | undefined } = {
    temperature: optionalInRange(p, body, 'temperature', R.temperature),
    max_tokens: maxTokens,
    top_p: optionalInRange(p, body, 'top_p', R.top_p),
    frequency_penalty: optionalInRange(p, body, 'frequency_penalty', R.frequency_penalty),
    presence_penalty: optionalInRange(p, body, 'presence_penalty', R.presence_penalty),
    stop: optionalStop(p, body),
    stream: optionalBoolean(p, body, 'stream'),
    logprobs,
    top_logprobs: topLogprobs,
    logit_bias: readLogitBias(p, body),
    functions,
    function_call: readFunctionCall(p, body, functions),
    response_format: readResponseFormat(p, body, metaSchema),
    tools,
    tool_choice: readToolChoice(p, body, tools),
    parallel_tool_calls: optionalBoolean(p, body, 'parallel_tool_calls'),
    seed: optionalInRange(p, body, 'seed', R.seed, true),
  };
  if (!isAbsent(body.user) && typeof body.user !== 'string') p.add('user', `'user' must be a string.`);
  const request = { messages: messages ?? [] } as ChatRequestFields;
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) (request as unknown as Record<string, unknown>)[name] = value;
  }
  return request;
}

/** Checks a chat request body; `value` is the request read from it when no problem was found. */
export function checkChatRequest(
  body: unknown,
  { metaSchema, limit, images = false }: RuleOptions,
): RuleResult<ChatRequestFields> {
  return runRules(limit, (p) => {
    if (!isPlainObject(body)) {
      p.add(
        null,
        `The request body must be a JSON object such as {"model": …, "messages": […]}, not ${describe(body)}.`,
      );
      return { messages: [] };
    }
    if (!isAbsent(body.model) && typeof body.model !== 'string')
      p.add('model', `'model' must be a string, not ${describe(body.model)}.`);
    return readChat(p, body, metaSchema, images);
  });
}

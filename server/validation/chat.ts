/**
 * Validation of a chat completion request, down to a clean ChatCompletionRequest holding only the
 * fields the format defines (plus `seed`).
 */
import type { ChatCompletionRequest, ChatMessage } from '../../src/protocol/wire';
import { MAX_LOGIT_BIAS_TOKENS, PARAMETER_RANGES } from '../../src/protocol/parameters';
import { invalidParam } from '../http/errors';
import {
  isPlainObject,
  optionalBoolean,
  optionalInteger,
  optionalPositiveInteger,
  optionalNumber,
  optionalStop,
  type JsonObject,
} from './fields';
import { readFunctionCall, readFunctions } from './functions';
import { readResponseFormat } from './response-format';
import { readParallelToolCalls, readToolChoice, readTools } from './tools';
import { readMessages } from './messages';
import { resolveModel, type ExtraModels } from './model';

const R = PARAMETER_RANGES;

function readLogitBias(body: JsonObject): Record<string, number> | undefined {
  const value = body.logit_bias;
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value))
    throw invalidParam(
      'logit_bias',
      `'logit_bias' must be an object mapping token ids to a bias from -100 to 100.`,
    );
  const entries = Object.entries(value);
  if (entries.length > MAX_LOGIT_BIAS_TOKENS)
    throw invalidParam('logit_bias', `'logit_bias' may bias at most ${MAX_LOGIT_BIAS_TOKENS} tokens.`);
  for (const [token, bias] of entries) {
    if (!/^\d{1,7}$/.test(token))
      throw invalidParam(
        `logit_bias.${token}`,
        `'logit_bias' keys must be token ids (non-negative integers as strings).`,
      );
    if (
      typeof bias !== 'number' ||
      !Number.isFinite(bias) ||
      bias < R.logit_bias.min ||
      bias > R.logit_bias.max
    ) {
      throw invalidParam(`logit_bias.${token}`, `'logit_bias.${token}' must be a number from -100 to 100.`);
    }
  }
  return value as Record<string, number>;
}

function readStreamOptions(body: JsonObject): void {
  const value = body.stream_options;
  if (value === undefined || value === null) return;
  // The service always sends usage on the last chunk, so include_usage is accepted and needs no action.
  if (!isPlainObject(value))
    throw invalidParam(
      'stream_options',
      `'stream_options' must be an object such as {"include_usage": true}.`,
    );
  if (body.stream !== true)
    throw invalidParam('stream_options', `'stream_options' is only allowed with "stream": true.`);
  optionalBoolean(value, 'include_usage', 'stream_options.include_usage');
}

/** Validates a chat completion request body (JSON object) for /chat/completions. */
export function readChatRequest(body: JsonObject, extraModels?: ExtraModels): ChatCompletionRequest {
  const model = resolveModel(body, 'chat', extraModels);
  if (body.n !== undefined && body.n !== null && body.n !== 1) {
    throw invalidParam('n', `'n' must be 1: the service makes one choice per request.`);
  }
  const messages = readMessages(body, 'chat');
  const functions = readFunctions(body);
  const tools = readTools(body);
  checkToolResults(messages);
  const logprobs = optionalBoolean(body, 'logprobs');
  const topLogprobs = optionalInteger(body, 'top_logprobs', R.top_logprobs.min, R.top_logprobs.max);
  if (topLogprobs !== undefined && logprobs !== true) {
    throw invalidParam('top_logprobs', `'top_logprobs' needs "logprobs": true.`);
  }
  readStreamOptions(body);
  const maxTokens = readMaxTokens(body);
  // Unset fields are read as undefined here and dropped below.
  const fields: { [K in keyof ChatCompletionRequest]?: ChatCompletionRequest[K] | undefined } = {
    temperature: optionalNumber(body, 'temperature', R.temperature.min, R.temperature.max),
    max_tokens: maxTokens,
    top_p: optionalNumber(body, 'top_p', R.top_p.min, R.top_p.max),
    frequency_penalty: optionalNumber(
      body,
      'frequency_penalty',
      R.frequency_penalty.min,
      R.frequency_penalty.max,
    ),
    presence_penalty: optionalNumber(
      body,
      'presence_penalty',
      R.presence_penalty.min,
      R.presence_penalty.max,
    ),
    stop: optionalStop(body),
    stream: optionalBoolean(body, 'stream'),
    logprobs,
    top_logprobs: topLogprobs,
    logit_bias: readLogitBias(body),
    functions,
    function_call: readFunctionCall(body, functions),
    response_format: readResponseFormat(body),
    tools,
    tool_choice: readToolChoice(body, tools),
    parallel_tool_calls: readParallelToolCalls(body),
    seed: optionalInteger(body, 'seed', Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
  };
  if (body.user !== undefined && body.user !== null && typeof body.user !== 'string') {
    throw invalidParam('user', `'user' must be a string.`);
  }
  const request: ChatCompletionRequest = { model, messages };
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) (request as unknown as Record<string, unknown>)[name] = value;
  }
  return request;
}

/**
 * The completion budget: `max_tokens`, or `max_completion_tokens` (OpenAI's newer name, which the
 * local engines honour the same way). Both at once is refused, as OpenAI refuses it.
 */
function readMaxTokens(body: JsonObject): number | undefined {
  const legacy = optionalPositiveInteger(body, 'max_tokens');
  const completion = optionalPositiveInteger(body, 'max_completion_tokens');
  if (legacy !== undefined && completion !== undefined) {
    throw invalidParam(
      'max_tokens',
      `'max_tokens' and 'max_completion_tokens' cannot both be set: send one ('max_completion_tokens' is the newer name).`,
    );
  }
  return legacy ?? completion;
}

/** Every `tool` message answers a call an earlier assistant message made, as servers of the format require. */
function checkToolResults(messages: readonly ChatMessage[]): void {
  const ids = new Set<string>();
  messages.forEach((message, i) => {
    for (const call of message.tool_calls ?? []) ids.add(call.id);
    if (message.role === 'tool' && message.tool_call_id !== undefined && !ids.has(message.tool_call_id)) {
      throw invalidParam(
        `messages[${i}].tool_call_id`,
        `'messages[${i}].tool_call_id' is '${message.tool_call_id}', which no earlier assistant tool_calls entry has.`,
      );
    }
  });
}

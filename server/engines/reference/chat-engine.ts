/**
 * The reference chat engine (svc-chat, svc-reasoner): decides what to answer — a function call, a
 * JSON object, a report on a function result, or the standard markdown report — and emits it token by
 * token through the emitter, reasoning first for svc-reasoner.
 */
import { dialectOf, toLegacyForm } from '../../../src/protocol/chat/dialects';
import type { ChatCompletionRequest } from '../../../src/protocol/wire';
import { DEFAULT_CONTEXT_LENGTH } from '../../config';
import type { ChatEngine, EngineEvent, GenerateOptions } from '../engine';
import { countMessageTokens, countTokens } from '../../tokens';
import { assertArgumentBudget } from './argument-budget';
import { fillArguments, fillSchema } from './argument-filler';
import { describeReferenceModel } from './describe';
import { chooseFunction, chooseFunctions } from './function-choice';
import { composeFunctionResultReply } from './function-result-reply';
import { planJson } from './json-mode';
import { createPacer, type PaceClock } from './pace';
import { composeReasoning, type ReplyPlan } from './reasoning';
import { composeReply } from './reply-composer';
import { analyseRequest } from './request-analysis';
import { PhrasePicker, requestKey } from './sampling';
import { composeContinuation, prefillOf } from './continuation';
import { emitReply, stopList } from './token-emitter';

function positiveBias(bias: Readonly<Record<string, number>> | null | undefined): Record<string, number> {
  return Object.fromEntries(Object.entries(bias ?? {}).filter(([, value]) => value > 0));
}

export interface ReferenceEngineOptions {
  /** Pace replies at this many tokens per second (default: no delay); see pace.ts. */
  tokensPerSecond?: number | undefined;
  /** The pacer's clock (tests simulate time); the system's monotonic clock by default. */
  clock?: PaceClock | undefined;
}

/** Models that think aloud before answering. */
export function isReasoningModel(model: string): boolean {
  return model === 'svc-reasoner';
}

export async function* generateChat(
  original: ChatCompletionRequest,
  { signal }: GenerateOptions,
  options: ReferenceEngineOptions = {},
): AsyncGenerator<EngineEvent> {
  if (signal.aborted) return;
  // The engine thinks in legacy terms; a tools request is read as such, and may call several functions.
  const { request, required, parallel } = toLegacyForm(original);
  const pacer = createPacer({
    tokensPerSecond: options.tokensPerSecond,
    whole: original.stream !== true,
    signal,
    ...(options.clock && { clock: options.clock }),
  });
  const tools = dialectOf(original) === 'tools';
  const analysis = analyseRequest(request);
  const picker = new PhrasePicker(request, requestKey(request));
  const promptTokens = countMessageTokens(request.messages);
  // Like a model, the engine stops when the context is full ("length"), whatever it was asked to write:
  // "write 200000 words" with top_logprobs 20 would otherwise build a reply of hundreds of megabytes.
  const maxTokens = Math.min(
    request.max_tokens ?? Infinity,
    Math.max(1, DEFAULT_CONTEXT_LENGTH - promptTokens),
  );
  const usage = (completion: number, reasoning: number) => ({
    prompt_tokens: promptTokens,
    completion_tokens: completion,
    total_tokens: promptTokens + completion,
    ...(isReasoningModel(request.model)
      ? { completion_tokens_details: { reasoning_tokens: reasoning } }
      : {}),
  });

  // A conversation that ends with assistant text is continued, as llama.cpp, vLLM and Ollama do:
  // the reply is what comes after that text (no reasoning again, no function call).
  const prefill = prefillOf(request);
  if (prefill !== undefined) {
    const continued = yield* emitReply(
      { text: composeContinuation(request, prefill) },
      {
        signal,
        maxTokens,
        stop: stopList(request.stop),
        logprobs: request.logprobs === true,
        topLogprobs: request.top_logprobs ?? 0,
        logitBias: request.logit_bias ?? {},
        pacer,
      },
    );
    if (!continued.completed || signal.aborted) return;
    if (pacer && !(await pacer.settle())) return;
    yield {
      type: 'finish',
      finish_reason: continued.finish_reason,
      usage: usage(continued.completionTokens, 0),
    };
    return;
  }

  const calls = tools
    ? chooseFunctions(request, analysis.lastText, { parallel, required })
    : [chooseFunction(request, analysis.lastText)].filter((fn) => fn !== undefined);
  for (const fn of calls) {
    const i = request.functions?.indexOf(fn) ?? 0;
    assertArgumentBudget(
      fn.parameters,
      tools ? `tools[${i}].function.parameters` : `functions[${i}].parameters`,
    );
  }
  const schema = request.response_format?.json_schema?.schema;
  if (schema) assertArgumentBudget(schema, 'response_format.json_schema.schema');
  const called = calls[0];
  const jsonMode =
    request.response_format?.type === 'json_object' || request.response_format?.type === 'json_schema';
  let plan: ReplyPlan = 'reply';
  if (called) plan = 'function_call';
  // JSON mode wins over the function-result report: its content must always be one JSON object.
  else if (jsonMode) plan = 'json';
  else if (analysis.lastRole === 'function') plan = 'function_result';
  else if (analysis.long) plan = 'long';
  const reasoning = isReasoningModel(request.model)
    ? composeReasoning(request, analysis, plan, picker)
    : undefined;

  if (called) {
    // The call is sent whole (arguments must stay valid JSON), after any reasoning; max_tokens is
    // applied to the reasoning only, and a call is never cut.
    const emitted = yield* emitReply(
      { ...(reasoning ? { reasoning } : {}), text: '' },
      { signal, maxTokens, pacer },
    );
    if (!emitted.completed || signal.aborted) return;
    if (emitted.finish_reason === 'length') {
      if (pacer && !(await pacer.settle())) return;
      // max_tokens ran out while thinking: like a model, no call is made.
      yield {
        type: 'finish',
        finish_reason: 'length',
        usage: usage(emitted.completionTokens, emitted.reasoningTokens),
      };
      return;
    }
    const made = calls.map((fn) => ({
      name: fn.name,
      args: JSON.stringify(fillArguments(fn.parameters, analysis.lastText)),
    }));
    const callTokens = made.reduce((n, call) => n + countTokens(call.name) + countTokens(call.args), 0);
    // The calls are sent whole, once a model would have finished writing them.
    if (pacer && !((await pacer.spend(callTokens)) && (await pacer.settle()))) return;
    for (const [index, call] of made.entries()) {
      yield { type: 'function_call', name: call.name, arguments: call.args, ...(tools ? { index } : {}) };
    }
    yield {
      type: 'finish',
      finish_reason: 'function_call',
      usage: usage(emitted.completionTokens + callTokens, emitted.reasoningTokens),
    };
    return;
  }

  let text: string;
  let reducedBy: 'length' | 'stop' | undefined;
  if (plan === 'function_result') text = composeFunctionResultReply(request, picker);
  else if (plan === 'json') {
    // Reasoning tokens count toward max_tokens, so the object must fit in what they leave.
    const left =
      request.max_tokens === undefined ? undefined : request.max_tokens - countTokens(reasoning ?? '');
    // A schema says what the object holds: one that validates, filled from the message like arguments.
    if (schema) text = JSON.stringify(fillSchema(schema, analysis.lastText));
    else ({ text, reducedBy } = planJson(request, analysis, left));
  } else text = composeReply(request, analysis, picker);

  const result = yield* emitReply(
    { ...(reasoning ? { reasoning } : {}), text },
    {
      signal,
      maxTokens,
      stop: stopList(request.stop),
      logprobs: request.logprobs === true,
      topLogprobs: request.top_logprobs ?? 0,
      // Removing a token could break the JSON object, so JSON mode keeps only positive biases.
      logitBias: plan === 'json' ? positiveBias(request.logit_bias) : (request.logit_bias ?? {}),
      pacer,
    },
  );
  if (!result.completed || signal.aborted) return;
  if (pacer && !(await pacer.settle())) return;
  yield {
    type: 'finish',
    finish_reason: reducedBy ?? result.finish_reason,
    usage: usage(result.completionTokens, result.reasoningTokens),
  };
}

/** The reference ChatEngine. */
export function createReferenceChatEngine(options: ReferenceEngineOptions = {}): ChatEngine {
  return {
    describe: describeReferenceModel,
    generate: (request, generateOptions) => generateChat(request, generateOptions, options),
  };
}

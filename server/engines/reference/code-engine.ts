/**
 * The reference code engine (svc-coder): continues the prompt in its language (named or detected),
 * emitted token by token with max_tokens, stop and temperature honoured like chat replies.
 */
import type { CodeCompletionRequest } from '../../../src/protocol/wire';
import type { CodeEngine, EngineEvent, GenerateOptions } from '../engine';
import { countTokens } from '../../tokens';
import type { ReferenceEngineOptions } from './chat-engine';
import { continueCode } from './code-continuation';
import { detectLanguage } from './code-language';
import { describeReferenceModel } from './describe';
import { createPacer } from './pace';
import { PhrasePicker } from './sampling';
import { emitReply, stopList } from './token-emitter';

/** The code endpoint's documented defaults (the spec's table). */
export const CODE_DEFAULT_MAX_TOKENS = 150;
export const CODE_DEFAULT_TEMPERATURE = 0.2;

/**
 * The engine continues code from its end, so it reads only the prompt's last this many characters:
 * every heuristic then costs the same for a 1 MiB prompt as for a short one.
 */
export const CODE_TAIL_CHARS = 16 * 1024;

/** The last CODE_TAIL_CHARS of `prompt`, starting at a line where one starts near the cut. */
export function promptTail(prompt: string): string {
  if (prompt.length <= CODE_TAIL_CHARS) return prompt;
  const tail = prompt.slice(-CODE_TAIL_CHARS);
  const line = tail.indexOf('\n');
  return line >= 0 && line < CODE_TAIL_CHARS / 2 ? tail.slice(line + 1) : tail;
}

export async function* generateCode(
  request: CodeCompletionRequest,
  { signal }: GenerateOptions,
  options: ReferenceEngineOptions = {},
): AsyncGenerator<EngineEvent> {
  if (signal.aborted) return;
  const tail = promptTail(request.prompt);
  const language = detectLanguage(tail, request.language);
  const picker = new PhrasePicker(
    { temperature: request.temperature ?? CODE_DEFAULT_TEMPERATURE },
    JSON.stringify(request),
  );
  const text = continueCode(tail, language, picker);
  // Code completions are never streamed: the whole continuation arrives after its tokens' time.
  const pacer = createPacer({
    tokensPerSecond: options.tokensPerSecond,
    whole: true,
    signal,
    ...(options.clock && { clock: options.clock }),
  });
  const result = yield* emitReply(
    { text },
    {
      signal,
      maxTokens: request.max_tokens ?? CODE_DEFAULT_MAX_TOKENS,
      stop: stopList(request.stop),
      pacer,
    },
  );
  if (!result.completed || signal.aborted) return;
  if (pacer && !(await pacer.settle())) return;
  const promptTokens = countTokens(request.prompt);
  yield {
    type: 'finish',
    finish_reason: result.finish_reason,
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: result.completionTokens,
      total_tokens: promptTokens + result.completionTokens,
    },
  };
}

/** The reference CodeEngine. */
export function createReferenceCodeEngine(options: ReferenceEngineOptions = {}): CodeEngine {
  return {
    describe: describeReferenceModel,
    generate: (request, generateOptions) => generateCode(request, generateOptions, options),
  };
}

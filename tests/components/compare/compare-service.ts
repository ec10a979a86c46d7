/**
 * The local service in process for compare tests, with engines the test chooses (known replies per
 * variant), every chat request body recorded.
 */
import { createApp, type ModelEngines } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import type { ChatEngine, EngineEvent } from '../../../server/engines/engine';
import { steppedEngine as chatSteppedEngine } from '../chat-page/engines';
import { TEST_KEY } from '../support/local-service';

export function compareService(
  engines: Partial<ModelEngines> = {},
  env: Record<string, string> = {},
  /** A rate-limit window shorter than the spec's minute, so a test can wait one out. */
  rateLimitWindowMs?: number,
) {
  const config = resolveConfig({ SVC_API_KEYS: TEST_KEY, ...env });
  const app = createApp(rateLimitWindowMs ? { ...config, rateLimitWindowMs } : config, {
    log: () => {},
    engines,
  });
  const bodies: Record<string, unknown>[] = [];
  /** Every chat response's status, in order. */
  const statuses: number[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.headers.has('host')) request.headers.set('host', new URL(request.url).host);
    if (request.method === 'POST' && request.url.endsWith('/chat/completions'))
      bodies.push((await request.clone().json()) as Record<string, unknown>);
    const response = await app.fetch(request);
    if (request.url.endsWith('/chat/completions')) statuses.push(response.status);
    return response;
  }) as typeof fetch;
  return { fetch: fetchImpl, bodies, statuses };
}

/**
 * Replies with a text chosen by the request's temperature, word by word; each word's logprob is
 * 0.5 when the request asks for logprobs, with `alternative` as the runner-up at 0.25.
 */
export function scriptedEngine(replies: Record<number, string>, alternative = ' other'): ChatEngine {
  return {
    describe: () => 'A test engine with a known reply per temperature.',
    async *generate(request): AsyncIterable<EngineEvent> {
      const text = replies[request.temperature ?? 1] ?? 'no script for this temperature';
      const words = text.match(/\S+\s*/g) ?? [];
      for (const word of words) {
        const logprob = Math.log(0.5);
        yield request.logprobs
          ? {
              type: 'text',
              text: word,
              logprobs: [
                {
                  token: word,
                  logprob,
                  top_logprobs: [
                    { token: word, logprob },
                    { token: alternative, logprob: Math.log(0.25) },
                  ],
                },
              ],
            }
          : { type: 'text', text: word };
      }
      const usage = { prompt_tokens: 5, completion_tokens: words.length, total_tokens: 5 + words.length };
      yield { type: 'finish', finish_reason: 'stop', usage };
    },
  };
}

/** Sends `first`, then holds the reply open until `release()` or the client goes away. */
export function heldEngine(first = 'Partial words ') {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const engine: ChatEngine = {
    describe: () => 'A test engine that holds its reply open.',
    async *generate(_request, { signal }): AsyncIterable<EngineEvent> {
      yield { type: 'text', text: first };
      await Promise.race([held, new Promise((resolve) => signal.addEventListener('abort', resolve))]);
      if (signal.aborted) return;
      yield { type: 'text', text: 'and the rest.' };
      yield {
        type: 'finish',
        finish_reason: 'stop',
        usage: { prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 },
      };
    },
  };
  return { engine, release };
}

/** Sends each request to the engine for its temperature (a test drives each variant's reply on its own). */
export function engineByTemperature(engines: Record<number, ChatEngine>): ChatEngine {
  return {
    describe: () => 'A test engine that hands each request to the engine for its temperature.',
    generate(request, context) {
      const engine = engines[request.temperature ?? 1];
      if (!engine) throw new Error(`no engine for temperature ${request.temperature ?? 1}`);
      return engine.generate(request, context);
    },
  };
}

/** Streams one text chunk each time the test calls `step(text)`, and finishes on `finish()` (40 tokens). */
export const steppedEngine = () =>
  chatSteppedEngine({ prompt_tokens: 5, completion_tokens: 40, total_tokens: 45 });

/**
 * The page loads its cells' code (with the markdown renderer) and its run's code after it shows;
 * compiling that in the test runner takes seconds, which is not what a test measures. Loaded once
 * before the tests, the page's own imports then resolve at once.
 */
export const loadCompareResults = () =>
  Promise.all([
    import('../../../src/features/compare/compare-results'),
    import('../../../src/features/compare/start-run'),
  ]);

/** Calls `name` with the arguments chosen by the request's temperature, or answers in text. */
export function callingEngine(name: string, argumentsByTemperature: Record<number, string>): ChatEngine {
  return {
    describe: () => 'A test engine that calls a function with known arguments.',
    async *generate(request): AsyncIterable<EngineEvent> {
      const args = argumentsByTemperature[request.temperature ?? 1];
      const usage = { prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 };
      if (args === undefined) {
        yield { type: 'text', text: 'No call this time.' };
        yield { type: 'finish', finish_reason: 'stop', usage };
        return;
      }
      yield { type: 'function_call', name, arguments: args };
      yield { type: 'finish', finish_reason: 'function_call', usage };
    },
  };
}

/**
 * A paced reference engine behind the whole service, on faked timers (the pacer's real setTimeout
 * and performance.now): chunks on the wire per simulated second, what an abort leaves running, and
 * that the app tests build from resolveConfig is not paced at all.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp, defaultEngines } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import type { ChatEngine, EngineEvent } from '../../../server/engines/engine';
import { createReferenceEngines } from '../../../server/engines/reference';
import { createUpstreamEngines } from '../../../server/engines/upstream/index';
import { KEY } from '../support/test-app';

afterEach(() => vi.useRealTimers());

/** The chat engine, counting what it yields after the request's signal aborted. */
function watched(engine: ChatEngine): { engine: ChatEngine; afterAbort: () => number } {
  let afterAbort = 0;
  return {
    afterAbort: () => afterAbort,
    engine: {
      describe: (id) => engine.describe(id),
      async *generate(request, options): AsyncGenerator<EngineEvent> {
        for await (const event of engine.generate(request, options)) {
          if (options.signal.aborted) afterAbort += 1;
          yield event;
        }
      },
    },
  };
}

function post(app: ReturnType<typeof createApp>, signal?: AbortSignal) {
  return app.request('/v1/chat/completions', {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'svc-chat',
      stream: true,
      messages: [{ role: 'user', content: 'write 2000 words' }],
    }),
    ...(signal && { signal }),
  });
}

/** Reads the stream in the background, counting chunks that carry text as they arrive. */
function countChunks(body: ReadableStream<Uint8Array>) {
  const state = { chunks: 0, done: false };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const finished = (async () => {
    for (;;) {
      const read = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (read.done) break;
      if (/"content":"[^"]/.test(decoder.decode(read.value))) state.chunks += 1;
    }
    state.done = true;
  })();
  return { state, finished };
}

describe('the paced reference engine behind the service', () => {
  it('sends 80 content chunks in each simulated second at 80 tokens/s', async () => {
    vi.useFakeTimers();
    const app = createApp(resolveConfig({ SVC_API_KEYS: KEY, SVC_REFERENCE_TOKENS_PER_SECOND: '80' }), {
      log: () => undefined,
    });
    const response = await post(app);
    const { state } = countChunks(response.body!);
    const perSecond: number[] = [];
    for (let second = 0; second < 4; second += 1) {
      const before = state.chunks;
      await vi.advanceTimersByTimeAsync(1000);
      perSecond.push(state.chunks - before);
    }
    // The reference reply's words are one token each, so each chunk is a token: 80 a second. The
    // first second also holds the token sent at once, with the headers, before any timer.
    expect(perSecond).toEqual([81, 80, 80, 80]);
    expect(state.done).toBe(false);
  });

  it('stops when the client aborts: no event after the abort, no timer left, nothing more on the wire', async () => {
    vi.useFakeTimers();
    const { chat } = createReferenceEngines({ tokensPerSecond: 80 });
    const engine = watched(chat);
    const app = createApp(resolveConfig({ SVC_API_KEYS: KEY }), {
      log: () => undefined,
      engines: { 'svc-chat': engine.engine },
    });
    const controller = new AbortController();
    const response = await post(app, controller.signal);
    const { state, finished } = countChunks(response.body!);
    await vi.advanceTimersByTimeAsync(500);
    expect(state.chunks).toBeGreaterThanOrEqual(40);
    controller.abort();
    await finished;
    const atAbort = state.chunks;
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.chunks).toBe(atAbort);
    expect(engine.afterAbort()).toBe(0);
  });

  it('is unpaced as tests build it (resolveConfig with no pace): the whole stream ends with no timer run', async () => {
    vi.useFakeTimers();
    const app = createApp(resolveConfig({ SVC_API_KEYS: KEY }), { log: () => undefined });
    const response = await post(app);
    const { state, finished } = countChunks(response.body!);
    await finished;
    expect(state.chunks).toBeGreaterThan(1000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never paces an upstream, whatever the pace configured', () => {
    const config = resolveConfig({
      SVC_API_KEYS: KEY,
      SVC_REFERENCE_TOKENS_PER_SECOND: '80',
      SVC_UPSTREAM_URL: 'http://127.0.0.1:9/v1',
    });
    const upstream = createUpstreamEngines(config.upstream!);
    const engines = defaultEngines(config, upstream);
    expect(engines['svc-chat']).toBe(upstream.chat);
    expect(engines['svc-coder']).toBe(upstream.code);
  });
});

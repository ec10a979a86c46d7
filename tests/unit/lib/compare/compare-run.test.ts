/**
 * A comparison against the local service in process: cells stream at once, each with its own
 * figures, stop and error; a sweep larger than a connection's rate limit waits instead of failing.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { resolveConfig } from '../../../../server/config';
import { createClient, type ApiClient } from '../../../../src/lib/api';
import { buildChatRequest } from '../../../../src/lib/chat/build-request';
import { CompareRun, type CellView } from '../../../../src/lib/compare/compare-run';
import { RateGate } from '../../../../src/lib/compare/rate-gate';
import { sweepVariants, type Variant } from '../../../../src/lib/compare/variants';

const KEY = 'compare-key';

function service(env: Record<string, string> = {}, windowMs?: number) {
  const config = resolveConfig({ SVC_API_KEYS: KEY, ...env });
  const app = createApp(windowMs ? { ...config, rateLimitWindowMs: windowMs } : config, {
    log: () => undefined,
  });
  const statuses: number[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await app.fetch(new Request(input, init));
    statuses.push(response.status);
    return response;
  }) as typeof globalThis.fetch;
  return { fetch, statuses };
}

function start(variants: Variant[], fetch: typeof globalThis.fetch, content = 'Tell me about tables') {
  const gate = new RateGate();
  const run = new CompareRun({
    variants,
    requestFor: (variant) =>
      buildChatRequest({
        model: variant.model,
        messages: [{ id: 'u', role: 'user', content, createdAt: 0 }],
        parameters: variant.parameters,
        stream: true,
      }),
    clientFor: (): ApiClient =>
      createClient({
        baseURL: 'http://svc.test/v1',
        apiKey: KEY,
        fetch,
        maxRetries: 0,
        onResponse: (info) => gate.observe(info.rateLimit),
      }),
    gateFor: () => gate,
    requestFrame: (run) => {
      const timer = setTimeout(run, 0);
      return () => clearTimeout(timer);
    },
  });
  return run;
}

const variant = (id: string, parameters: Variant['parameters'] = {}, model = 'svc-chat'): Variant => ({
  id,
  connectionId: 'local',
  model,
  parameters,
});

const byId = (views: readonly CellView[], id: string) => views.find((view) => view.variantId === id)!;

describe('CompareRun', () => {
  it('streams three variants at once, each ending with its own reply and figures', async () => {
    const { fetch } = service({ SVC_REFERENCE_TOKENS_PER_SECOND: '2000' });
    const run = start(
      [variant('a', { temperature: 0 }), variant('b', { max_tokens: 20 }), variant('c', {}, 'svc-reasoner')],
      fetch,
    );
    const seenStreaming = new Set<string>();
    run.subscribe(() => {
      for (const view of run.getViews()) if (view.status === 'streaming') seenStreaming.add(view.variantId);
    });
    await run.done;
    const views = run.getViews();
    expect(views.map((v) => v.status)).toEqual(['complete', 'complete', 'complete']);
    expect(seenStreaming).toEqual(new Set(['a', 'b', 'c']));
    expect(byId(views, 'b').reply.finish_reason).toBe('length');
    expect(byId(views, 'b').metrics.completionTokens).toBe(20);
    expect(byId(views, 'c').reply.reasoning?.text).toMatch(/\w/);
    for (const view of views) {
      expect(view.metrics.ttftMs).toBeGreaterThanOrEqual(0);
      expect(view.metrics.tokensPerSecond).toBeGreaterThan(0);
      expect(view.metrics.estimated).toBe(false);
    }
  });

  it('stops one cell and leaves the others streaming to the end', async () => {
    const { fetch } = service({ SVC_REFERENCE_TOKENS_PER_SECOND: '400' });
    const run = start([variant('a'), variant('b'), variant('c')], fetch, 'write 300 words about tables');
    await new Promise<void>((resolve) => {
      const unsubscribe = run.subscribe(() => {
        if (byId(run.getViews(), 'b').reply.content.length > 20) {
          unsubscribe();
          resolve();
        }
      });
    });
    run.stop('b');
    await run.done;
    const views = run.getViews();
    expect(byId(views, 'b').status).toBe('stopped');
    expect(byId(views, 'b').reply.content.length).toBeGreaterThan(20);
    expect(byId(views, 'a').status).toBe('complete');
    expect(byId(views, 'c').status).toBe('complete');
    expect(byId(views, 'b').reply.content.length).toBeLessThan(byId(views, 'a').reply.content.length);
  });

  it('keeps a bad parameter’s 400 in its own cell while the others succeed', async () => {
    const { fetch } = service();
    const run = start([variant('ok'), variant('bad', { temperature: 3 }), variant('ok2')], fetch);
    await run.done;
    const views = run.getViews();
    expect(byId(views, 'bad')).toMatchObject({
      status: 'error',
      error: { status: 400, param: 'temperature' },
    });
    expect(byId(views, 'ok').status).toBe('complete');
    expect(byId(views, 'ok2').status).toBe('complete');
  });

  it('runs a sweep of 8 on a connection limited to 5 requests per window without a 429 reaching a cell', async () => {
    const { fetch, statuses } = service({ SVC_RATE_LIMITS: 'chat=5' }, 1000);
    let n = 0;
    const variants = sweepVariants(variant('base'), 'seed', [1, 2, 3, 4, 5, 6, 7, 8], () => `s${++n}`);
    const run = start(variants, fetch);
    const waited = new Set<string>();
    run.subscribe(() => {
      for (const view of run.getViews()) if (view.waitUntil !== null) waited.add(view.variantId);
    });
    await run.done;
    expect(run.getViews().map((v) => v.status)).toEqual(Array(8).fill('complete'));
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    // The first cell past the limit showed how long it waits; the rest queued behind it.
    expect(waited.size).toBeGreaterThanOrEqual(1);
    expect(statuses).toHaveLength(8);
  });
});

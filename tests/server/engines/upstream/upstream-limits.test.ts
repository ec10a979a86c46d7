/**
 * The upstream engine under the service's limits, against misbehaving loopback servers: redirects
 * are never followed, silence and endless streams are cut off, oversized events and bodies are
 * refused, and only parsed rate-limit headers come back.
 */
import { setImmediate as nextTurn, setTimeout as realSleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamConfig } from '../../../../server/config';
import { EngineError } from '../../../../server/engines/engine';
import { createUpstreamEngines } from '../../../../server/engines/upstream';
import { passedUpstreamHeaders, parseRetryAfter } from '../../../../server/engines/upstream/upstream-headers';
import { StreamParser } from '../../../../src/protocol/stream/stream-parser';
import { collect } from '../reference/collect';
import { chunk, sse, startFakeUpstream, type FakeUpstream } from './fake-upstream';

const servers: FakeUpstream[] = [];
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function upstreamServer(...args: Parameters<typeof startFakeUpstream>): Promise<FakeUpstream> {
  const server = await startFakeUpstream(...args);
  servers.push(server);
  return server;
}

const messages = [{ role: 'user' as const, content: 'Hi there' }];

async function chatFailure(config: UpstreamConfig): Promise<EngineError> {
  const engines = createUpstreamEngines(config);
  const error = await collect(
    // Streamed: the idle limit is for streams (a whole answer is waited for up to the total limit).
    engines.chat.generate(
      { model: 'svc-chat', messages, stream: true },
      { signal: new AbortController().signal },
    ),
  ).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof EngineError)) throw new Error(`expected an EngineError, got ${String(error)}`);
  return error;
}

describe('upstream limits', () => {
  it('never follows a redirect, to another port or anywhere', async () => {
    const elsewhere = await upstreamServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/event-stream' })
        .end(sse([chunk({ content: 'stolen' }, 'stop')]));
    });
    const redirecting = await upstreamServer((_req, res) => {
      res.writeHead(307, { location: `${elsewhere.url}/chat/completions` }).end();
    });
    const error = await chatFailure({ url: redirecting.url, models: {} });
    expect(error.status).toBe(502);
    expect(error.body.code).toBe('upstream_redirect');
    expect(error.body.message).toMatch(
      /answered 307 with a redirect to http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions/,
    );
    expect(error.body.message).toMatch(/does not follow redirects/);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('stops waiting for an upstream that sends nothing, naming the idle limit', async () => {
    const silent = await upstreamServer(() => undefined); // never answers
    // The message names the idle limit, not the total one (SVC_UPSTREAM_TIMEOUT_MS): that one fired.
    const error = await chatFailure({ url: silent.url, models: {}, idleTimeoutMs: 200 });
    expect(error.status).toBe(504);
    expect(error.body.message).toMatch(/sent nothing for 0\.2 s \(SVC_UPSTREAM_IDLE_TIMEOUT_MS\)/);
  });

  it('cuts off a stream that goes silent after it started', async () => {
    const stalled = await upstreamServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sse([chunk({ role: 'assistant', content: '' }), chunk({ content: 'partial' })], false));
    });
    const error = await chatFailure({ url: stalled.url, models: {}, idleTimeoutMs: 200 });
    expect(error.body.message).toMatch(/SVC_UPSTREAM_IDLE_TIMEOUT_MS/);
    await stalled.closed; // the upstream connection was closed, not left open
  });

  it('ends an endless stream at the total time limit, its chunks keeping the idle limit away', async () => {
    // The limits are the engine's timers: faked, and moved on 100 ms at a time, each step once a
    // chunk has been read, so the idle limit (500 ms) never passes and the total (1 s) does, on any
    // machine. The upstream paces itself with real timers.
    let reads = 0;
    const push = StreamParser.prototype.push;
    vi.spyOn(StreamParser.prototype, 'push').mockImplementation(function (this: StreamParser, bytes, out) {
      reads += 1;
      push.call(this, bytes, out);
    });
    const endless = await upstreamServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sse([chunk({ role: 'assistant', content: '' })], false));
      while (!res.destroyed) {
        res.write(sse([chunk({ content: 'more ' })], false));
        await realSleep(20);
      }
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled = false;
    const failing = chatFailure({ url: endless.url, models: {}, timeoutMs: 1000, idleTimeoutMs: 500 });
    void failing.finally(() => (settled = true));
    let steps = 0;
    // Twice the steps the total limit takes, so an engine without it fails here rather than hangs.
    while (!settled && steps < 20) {
      const before = reads;
      while (reads === before && !settled) await nextTurn();
      if (settled) break;
      await vi.advanceTimersByTimeAsync(100);
      steps += 1;
    }
    expect(settled).toBe(true);
    const error = await failing;
    expect(error.status).toBe(504);
    expect(error.body.message).toMatch(/went past 1 s \(SVC_UPSTREAM_TIMEOUT_MS\)/);
    expect(steps).toBe(10);
  });

  it('refuses an event larger than the event limit, and one of too many lines', async () => {
    const big = await upstreamServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"choices": [\n');
      for (let i = 0; i < 400; i += 1) res.write(`data: ${'x'.repeat(100)}\n`);
    });
    const error = await chatFailure({ url: big.url, models: {}, maxEventBytes: 10_000 });
    expect(error.status).toBe(502);
    expect(error.body.message).toMatch(/larger than 10000 bytes \(SVC_UPSTREAM_MAX_EVENT_BYTES\)/);

    const long = await upstreamServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: [\n');
      for (let i = 0; i < 10_050; i += 1) res.write('data: 1,\n');
    });
    const lines = await chatFailure({ url: long.url, models: {} });
    expect(lines.body.message).toMatch(/more than 10000 lines/);
  });

  it('refuses a non-streamed body larger than the event limit without reading it all', async () => {
    const huge = await upstreamServer(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(`{"object":"list","data":[${'{"id":"m"},'.repeat(5000)}`);
      },
      { models: false },
    );
    const engines = createUpstreamEngines({ url: huge.url, models: {}, maxEventBytes: 4096 });
    const error = await engines.listModels().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).body.message).toMatch(/body larger than 4096 bytes/);
  });

  it('passes on only parsed Retry-After, the upstream’s rate-limit headers (renamed) and its request id', async () => {
    const limited = await upstreamServer((_req, res) => {
      res.setHeader('retry-after', '12');
      res.setHeader('x-ratelimit-limit', '60');
      res.setHeader('x-ratelimit-remaining', 'zero; evil=1');
      res.setHeader('x-ratelimit-reset', '1m30s');
      res.setHeader('x-ratelimit-limit-tokens', '40000');
      res.setHeader('x-ratelimit-reset-requests', '6m0s');
      res.setHeader('x-ratelimit-unknown-thing', '3');
      res.setHeader('x-request-id', 'req_abc123');
      res.setHeader('x-internal-secret', 'do not pass');
      res.writeHead(429, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'slow down', type: 'rate_limit_error' } }));
    });
    const error = await chatFailure({ url: limited.url, models: {} });
    expect(error.status).toBe(429);
    expect(error.headers).toEqual({
      'retry-after': '12',
      'x-upstream-ratelimit-limit': '60',
      'x-upstream-ratelimit-reset': '1m30s',
      'x-upstream-ratelimit-limit-tokens': '40000',
      'x-upstream-ratelimit-reset-requests': '6m0s',
      'x-upstream-request-id': 'req_abc123',
      'x-error-source': 'upstream',
      'x-upstream-status': '429',
    });
  });

  it('parses Retry-After strictly: seconds or an HTTP date, capped; anything folded or odd is dropped', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Wed, 25 Nov 2026 12:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter('99999999', now)).toBe(86_400);
    expect(parseRetryAfter('10\r\n Set-Cookie: a=b', now)).toBeNull();
    expect(parseRetryAfter('10, 20', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    const headers = new Headers({
      'retry-after': '5, 6',
      'retry-after-ms': '250',
      'x-ratelimit-reset': '1700000000',
    });
    expect(passedUpstreamHeaders(headers, now)).toEqual({
      'retry-after-ms': '250',
      'x-upstream-ratelimit-reset': '1700000000',
    });
  });
});

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../../src/lib/api/client';
import type { ApiError } from '../../../../src/lib/api/errors';
import { backoffDelay, isRetryableStatus, retryDelay } from '../../../../src/lib/api/retry';
import type { ResponseInfo } from '../../../../src/lib/api/types';
import { controlledBody, errorBody, fakeFetch, json, never } from './fake-fetch';

// The stream reader is fetched with the first stream; fetched here first, so fake timers never
// wait on a module load, which they cannot advance.
beforeAll(() => import('../../../../src/lib/api/chat-chunks'));

const models = { object: 'list', data: [] };
// What listModels gives for it: checked at the edge, with nothing left out.
const listed = { ...models, skipped: 0 };

function settle<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: unknown) => Object.assign(state, { error, done: true }),
  );
  return state;
}

describe('retry policy (pure)', () => {
  it('retries 408, 409, 429 and 5xx only', () => {
    expect([408, 409, 429, 500, 502, 503, 599].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 413, 422].some(isRetryableStatus)).toBe(false);
  });

  it('backs off exponentially from 0.5 s to at most 8 s, jittered down by up to 25 %', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, 0))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(backoffDelay(0, 0.999)).toBe(375);
  });

  it('follows Retry-After up to 20 s and gives up beyond', () => {
    expect(retryDelay(0, new Headers({ 'retry-after': '20' }), 0, 0)).toBe(20_000);
    expect(retryDelay(0, new Headers({ 'retry-after': '21' }), 0, 0)).toBeNull();
  });
});

describe('client retries (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('retries 503 twice with 0.5 s then 1 s waits, and reports every response', async () => {
    const infos: ResponseInfo[] = [];
    const { fetch, calls } = fakeFetch((_c, i) => (i < 2 ? errorBody(503, 'server_error') : json(models)));
    const client = createClient({ baseURL: 'http://h/v1', fetch, onResponse: (info) => infos.push(info) });
    const result = settle(client.listModels());
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    await vi.runAllTimersAsync();
    expect(result.value).toEqual(listed);
    expect(infos.map((i) => i.status)).toEqual([503, 503, 200]);
  });

  it('gives up after maxRetries with the last error', async () => {
    const { fetch, calls } = fakeFetch(() => errorBody(500, 'server_error'));
    const result = settle(createClient({ baseURL: 'http://h', fetch, maxRetries: 1 }).listModels());
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(2);
    expect(result.error).toMatchObject({ kind: 'http', status: 500, code: 'server_error' });
  });

  it('honours Retry-After seconds on 429', async () => {
    const { fetch, calls } = fakeFetch((_c, i) =>
      i === 0 ? errorBody(429, 'rate_limit_exceeded', { 'retry-after': '3' }) : json(models),
    );
    const result = settle(createClient({ baseURL: 'http://h', fetch }).listModels());
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.runAllTimersAsync();
    expect(result.value).toEqual(listed);
  });

  it('honours retry-after-ms', async () => {
    const { fetch, calls } = fakeFetch((_c, i) =>
      i === 0 ? errorBody(429, 'x', { 'retry-after-ms': '250' }) : json(models),
    );
    settle(createClient({ baseURL: 'http://h', fetch }).listModels());
    await vi.advanceTimersByTimeAsync(249);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
  });

  it('returns a 429 at once when Retry-After asks for longer than 20 s, keeping its rate-limit state', async () => {
    const { fetch, calls } = fakeFetch(() =>
      errorBody(429, 'rate_limit_exceeded', {
        'retry-after': '45',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': '45',
      }),
    );
    const result = settle(createClient({ baseURL: 'http://h', fetch }).listModels());
    await vi.advanceTimersByTimeAsync(0);
    expect(result.error).toMatchObject({ kind: 'http', status: 429, rateLimit: { remaining: 0 } });
    expect(calls).toHaveLength(1);
  });

  it.each([400, 401, 404])('does not retry %i', async (status) => {
    const { fetch, calls } = fakeFetch(() => errorBody(status, 'nope'));
    const result = settle(createClient({ baseURL: 'http://h', fetch }).listModels());
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(1);
    expect(result.error).toMatchObject({ kind: 'http', status });
  });

  it('retries connection failures, then reports them as connection errors', async () => {
    const { fetch, calls } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = settle(createClient({ baseURL: 'http://h', fetch }).listModels());
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(3);
    expect(result.error).toMatchObject({ kind: 'connection' });
    expect((result.error as ApiError).message).toMatch(/Could not reach http:\/\/h\/models/);
  });

  it('sends one request with maxRetries 0', async () => {
    const { fetch, calls } = fakeFetch(() => errorBody(503, 'x'));
    settle(createClient({ baseURL: 'http://h', fetch, maxRetries: 0 }).listModels());
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(1);
  });

  it('stops at once when the user aborts during the back-off wait', async () => {
    const { fetch, calls } = fakeFetch(() => errorBody(503, 'x'));
    const controller = new AbortController();
    const result = settle(
      createClient({ baseURL: 'http://h', fetch }).listModels({ signal: controller.signal }),
    );
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(result.error).toMatchObject({ kind: 'aborted' });
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(1);
  });

  it('times out, names the seconds, and does not retry a time-out', async () => {
    const { fetch, calls } = fakeFetch(never);
    const result = settle(createClient({ baseURL: 'http://h', fetch, timeoutMs: 5000 }).listModels());
    await vi.advanceTimersByTimeAsync(4999);
    expect(result.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(result.error).toMatchObject({ kind: 'timeout' });
    expect((result.error as ApiError).message).toMatch(/within 5 seconds/);
    expect(calls[0]?.signal.aborted).toBe(true);
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(1);
  });

  it('reports a user abort during the request as aborted, never retried', async () => {
    const { fetch, calls } = fakeFetch(never);
    const controller = new AbortController();
    const result = settle(
      createClient({ baseURL: 'http://h', fetch }).listModels({ signal: controller.signal }),
    );
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await vi.runAllTimersAsync();
    expect(result.error).toMatchObject({ kind: 'aborted', message: 'The request was cancelled.' });
    expect(calls).toHaveLength(1);
  });

  it('retries a stream that failed before its body, but never after its first byte', async () => {
    const first = controlledBody();
    const { fetch, calls } = fakeFetch((_c, i) =>
      i === 0
        ? errorBody(502, 'bad_gateway')
        : new Response(first.body, { headers: { 'content-type': 'text/event-stream' } }),
    );
    const stream = createClient({ baseURL: 'http://h', fetch }).streamChat({
      model: 'svc-chat',
      messages: [],
    });
    const seen: string[] = [];
    const done = settle(
      (async () => {
        for await (const chunk of stream) seen.push(chunk.id);
      })(),
    );
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(2);
    first.push('data: {"id":"a","object":"chat.completion.chunk","created":1,"model":"m","choices":[]}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    first.fail(new TypeError('network connection lost'));
    await vi.runAllTimersAsync();
    expect(done.error).toMatchObject({ kind: 'stream' });
    expect((done.error as ApiError).partial?.map((c) => c.id)).toEqual(['a']);
    expect(seen).toEqual(['a']);
    expect(calls).toHaveLength(2);
  });
});

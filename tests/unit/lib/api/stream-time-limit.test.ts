import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, DEFAULT_TIMEOUT_MS, isApiError, type ApiError } from '../../../../src/lib/api';
import type { ChatCompletionChunk } from '../../../../src/protocol/wire';
import { controlledBody, fakeFetch } from './fake-fetch';

const request = { model: 'svc-chat', messages: [{ role: 'user' as const, content: 'Hi' }] };
const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

afterEach(() => vi.useRealTimers());

/** A server that sends one token every 2 s and never finishes, read by a client with `timeoutMs`. */
async function slowDrip(timeoutMs?: number) {
  vi.useFakeTimers();
  const body = controlledBody();
  const { fetch } = fakeFetch(
    () => new Response(body.body, { headers: { 'content-type': 'text/event-stream' } }),
  );
  const client = createClient({
    baseURL: 'http://h/v1',
    fetch,
    maxRetries: 0,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  const received: string[] = [];
  let failure: ApiError | null = null;
  const reading = (async () => {
    for await (const c of client.streamChat(request) as AsyncIterable<ChatCompletionChunk>)
      received.push(c.choices[0]?.delta.content ?? '');
  })().catch((error: unknown) => {
    if (!isApiError(error)) throw error;
    failure = error;
  });
  // 100 tokens two seconds apart: 200 s of stream, unless the limit cuts it.
  for (let i = 0; i < 100 && failure === null; i++) {
    await vi.advanceTimersByTimeAsync(2000);
    if (!body.cancelled) body.push(chunk(`t${i} `));
  }
  if (!body.cancelled) {
    body.push('data: [DONE]\n\n');
    body.end();
  }
  await reading;
  return { received, failure: failure as ApiError | null, cancelled: body.cancelled };
}

describe('the total time limit of a streamed reply', () => {
  it('stops a reply still streaming at 60 s, keeps what arrived, and says why', async () => {
    const { received, failure, cancelled } = await slowDrip();
    expect(DEFAULT_TIMEOUT_MS).toBe(60_000);
    // Tokens at 2, 4 … 58 s arrived; the one due at 60 s did not.
    expect(received).toHaveLength(29);
    expect(failure).toMatchObject({ kind: 'timeout' });
    expect(failure?.message).toBe(
      'The reply took longer than the 60 s time limit, so it was stopped; the text received is kept.',
    );
    expect(failure?.hint).toMatch(/Settings/);
    expect(failure?.partial).toHaveLength(29);
    expect(cancelled).toBe(true);
  });

  it('applies the limit set in Settings (the client’s timeoutMs) to the whole stream', async () => {
    const { received, failure } = await slowDrip(10_000);
    expect(received).toHaveLength(4);
    expect(failure?.message).toMatch(/longer than the 10 s time limit/);
  });
});

describe('a stream error after chunks whose choices are not a list', () => {
  it('is still worded as the server’s error, not a broken connection', async () => {
    const body = [
      `data: ${JSON.stringify({ id: 'c', choices: 'nonsense' })}\n\n`,
      `data: ${JSON.stringify({ error: { message: 'boom' } })}\n\n`,
    ].join('');
    const { fetch } = fakeFetch(
      () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    );
    const client = createClient({ baseURL: 'http://h/v1', fetch, maxRetries: 0 });
    const failure = await (async () => {
      for await (const _ of client.streamChat(request)) void _;
    })().catch((error: unknown) => error);
    expect(failure).toMatchObject({
      kind: 'stream',
      message: /answered with an error instead of a reply: boom/,
    });
  });
});

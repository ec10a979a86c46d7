import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../../src/lib/api/client';
import { ApiError } from '../../../../src/lib/api/errors';
import type { ChatCompletionChunk } from '../../../../src/protocol/wire';
import { controlledBody, errorBody, fakeFetch, never, type FetchHandler } from './fake-fetch';
import { FIXTURE_DIR } from '../../protocol/stream-helpers';

const request = { model: 'svc-chat', messages: [{ role: 'user' as const, content: 'Hi' }] };
const fixtureText = (name: string) => readFileSync(join(FIXTURE_DIR, name), 'utf8');
const sse = (text: string | ReadableStream<Uint8Array>) =>
  new Response(text, { headers: { 'content-type': 'text/event-stream' } });
const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

function setup(handler: FetchHandler, timeoutMs?: number) {
  const { fetch, calls } = fakeFetch(handler);
  return {
    client: createClient({ baseURL: 'http://h/v1', apiKey: 'k', fetch, ...(timeoutMs ? { timeoutMs } : {}) }),
    calls,
  };
}

async function collect(stream: AsyncIterable<ChatCompletionChunk>) {
  const text: string[] = [];
  for await (const c of stream) text.push(c.choices[0]?.delta.content ?? '');
  return text.join('');
}

async function failure(run: () => Promise<unknown>): Promise<ApiError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('streamChat', () => {
  it('sends stream:true with an event-stream Accept and yields the chunks of an SSE reply', async () => {
    const { client, calls } = setup(() => sse(fixtureText('sse-chat.sse')));
    const stream = client.streamChat({ ...request, temperature: 0.5 });
    expect(await collect(stream)).toBe('Hello, world!');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ ...request, temperature: 0.5, stream: true });
    expect(calls[0]?.headers.get('accept')).toMatch(/^text\/event-stream/);
    expect((await stream.response).status).toBe(200);
  });

  it('reads the bare-JSON form', async () => {
    const { client } = setup(() => new Response(fixtureText('bare-json-chat.jsonl')));
    expect(await collect(client.streamChat(request))).toBe('Hello, world!');
  });

  it('turns a whole completion from a server that ignored stream:true into one chunk', async () => {
    const completion = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'svc-chat',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Whole reply' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
    };
    const { client } = setup(
      () => new Response(JSON.stringify(completion), { headers: { 'content-type': 'application/json' } }),
    );
    const chunks = [];
    for await (const c of client.streamChat(request)) chunks.push(c);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: { role: 'assistant', content: 'Whole reply' }, finish_reason: 'stop' }],
      usage: { total_tokens: 3 },
    });
  });

  it('starts the request at once, before iteration', async () => {
    const { client, calls } = setup(() => sse(fixtureText('sse-chat.sse')));
    const stream = client.streamChat(request);
    await stream.response;
    expect(calls).toHaveLength(1);
  });

  it('aborts the request when the loop is left early', async () => {
    const body = controlledBody();
    const { client, calls } = setup(() => sse(body.body));
    body.push(chunk('a') + chunk('b'));
    for await (const c of client.streamChat(request)) {
      expect(c.choices[0]?.delta.content).toBe('a');
      break;
    }
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(body.cancelled).toBe(true);
  });

  it('does not abort a stream that ended normally', async () => {
    const { client, calls } = setup(() => sse(fixtureText('sse-chat.sse')));
    await collect(client.streamChat(request));
    expect(calls[0]?.signal.aborted).toBe(false);
  });

  it('turns an error payload mid-stream into a stream ApiError that keeps the partial reply', async () => {
    const { client } = setup(() => sse(fixtureText('error-midstream.sse')));
    const seen: string[] = [];
    const error = await failure(async () => {
      for await (const c of client.streamChat(request)) seen.push(c.choices[0]?.delta.content ?? '');
    });
    expect(error).toMatchObject({ kind: 'stream', code: 'server_error', type: 'server_error' });
    expect(error.message).toMatch(/The upstream model stopped responding\./);
    expect(error.partial?.map((c) => c.choices[0]?.delta.content)).toEqual(['', 'Partial ', 'reply']);
    expect(seen.join('')).toBe('Partial reply');
  });

  it('words an error that arrives before any reply text as the server’s answer, not a broken reply', async () => {
    // Some servers answer a bad key or an unknown model with HTTP 200 and one error event.
    const { client } = setup(() =>
      sse(
        'data: {"error":{"message":"model \'x\' not found","type":"invalid_request_error","code":"model_not_found"}}\n\n',
      ),
    );
    const error = await failure(() => collect(client.streamChat(request)));
    expect(error).toMatchObject({ kind: 'stream', code: 'model_not_found', type: 'invalid_request_error' });
    expect(error.message).toBe("The server answered with an error instead of a reply: model 'x' not found.");
    expect(error.message).not.toMatch(/kept|broke|after the reply/);
  });

  it('reads a pretty-printed whole completion sent as application/json to a stream request', async () => {
    const completion = {
      id: 'c',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Pretty' }, finish_reason: 'stop' }],
    };
    const { client } = setup(
      () =>
        new Response(JSON.stringify(completion, null, 2), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    expect(await collect(client.streamChat(request))).toBe('Pretty');
  });

  it('reports data that is not JSON as a stream error with the partial reply', async () => {
    const { client } = setup(() => sse(chunk('ok') + 'data: {"id":\n\n'));
    const error = await failure(() => collect(client.streamChat(request)));
    expect(error.kind).toBe('stream');
    expect(error.message).toMatch(/not valid JSON/);
    expect(error.partial).toHaveLength(1);
  });

  it('gives an aborted ApiError with the partial reply when abort() is called mid-stream', async () => {
    const body = controlledBody();
    const { client, calls } = setup(() => sse(body.body));
    const stream = client.streamChat(request);
    body.push(chunk('one '));
    const error = await failure(async () => {
      for await (const _c of stream) stream.abort();
    });
    expect(error.kind).toBe('aborted');
    expect(error.partial?.map((c) => c.choices[0]?.delta.content)).toEqual(['one ']);
    expect(calls[0]?.signal.aborted).toBe(true);
  });

  it('honours the caller’s signal before the headers arrive', async () => {
    const controller = new AbortController();
    const { client, calls } = setup(never);
    const stream = client.streamChat(request, { signal: controller.signal });
    controller.abort();
    await expect(stream.response).rejects.toMatchObject({ kind: 'aborted' });
    await expect(collect(stream)).rejects.toMatchObject({ kind: 'aborted' });
    expect(calls[0]?.signal.aborted).toBe(true);
  });

  it('rejects response and iteration with the HTTP error when the server refuses', async () => {
    const { client } = setup(() => errorBody(401, 'invalid_api_key'));
    const stream = client.streamChat(request);
    await expect(stream.response).rejects.toMatchObject({ kind: 'http', status: 401 });
    await expect(collect(stream)).rejects.toMatchObject({ kind: 'http', code: 'invalid_api_key' });
  });

  it('times out waiting for headers, and counts the body in the same limit', async () => {
    vi.useFakeTimers();
    const slow = setup(never, 1000);
    const waiting = slow.client.streamChat(request);
    const waited = waiting.response.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await waited).toMatchObject({
      kind: 'timeout',
      message: /did not start answering within 1 seconds/,
    });

    // The limit is on the whole exchange (see stream-time-limit.test.ts): a body that ends in time is whole.
    const body = controlledBody();
    const streaming = setup(() => sse(body.body), 1000);
    const text = collect(streaming.client.streamChat(request));
    body.push(chunk('slow '));
    await vi.advanceTimersByTimeAsync(900);
    body.push(chunk('but fine'));
    body.push('data: [DONE]\n\n');
    body.end();
    expect(await text).toBe('slow but fine');
  });

  it('reports a body that stops with no finish_reason and no [DONE] as cut off, keeping the text', async () => {
    const body = controlledBody();
    const cut = setup(() => sse(body.body));
    const received: string[] = [];
    const reading = (async () => {
      for await (const c of cut.client.streamChat(request)) received.push(c.choices[0]?.delta.content ?? '');
    })().catch((e: unknown) => e);
    body.push(chunk('half a '));
    body.push(chunk('reply'));
    body.end();
    const error = await reading;
    expect(error).toMatchObject({ kind: 'stream', message: /ended before the reply finished/ });
    expect((error as { partial: unknown[] }).partial).toHaveLength(2);
    expect(received.join('')).toBe('half a reply');
  });

  it('can be iterated only once', async () => {
    const { client } = setup(() => sse(fixtureText('sse-chat.sse')));
    const stream = client.streamChat(request);
    await collect(stream);
    expect(() => stream[Symbol.asyncIterator]()).toThrow(/only once/);
  });
});

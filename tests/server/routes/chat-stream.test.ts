import { describe, expect, it } from 'vitest';
import type { ChatEngine } from '../../../server/engines/engine';
import { EngineError } from '../../../server/engines/engine';
import type { ChatCompletionChunk } from '../../../src/protocol/wire';
import { hangingChatEngine, scriptedChatEngine, USAGE } from '../support/fake-engines';
import { parseJsonLines, parseSse } from '../support/stream-parser';
import { authHeaders, CHAT, postJson, testApp } from '../support/test-app';

const STREAM = { ...CHAT, stream: true };

describe('streamed chat completions', () => {
  it('streams SSE: role first, content deltas, an empty last delta with finish_reason and usage, then [DONE]', async () => {
    const { app } = testApp();
    const response = await postJson(app, '/v1/chat/completions', STREAM);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('x-ratelimit-limit')).toBe('60');
    const { events, done } = parseSse(await response.text());
    const chunks = events as ChatCompletionChunk[];
    expect(done).toBe(true);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks[0]!.id).toMatch(/^chatcmpl-/);
    expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'svc-chat')).toBe(true);
    expect(chunks.map((c) => c.choices[0]!.delta)).toEqual([
      { role: 'assistant', content: '' },
      { content: 'Hello' },
      { content: ', world' },
      {},
    ]);
    expect(chunks.map((c) => c.choices[0]!.finish_reason)).toEqual([null, null, null, 'stop']);
    expect(chunks.at(-1)!.usage).toEqual(USAGE);
    expect(chunks.slice(0, -1).some((c) => 'usage' in c)).toBe(false);
  });

  it('streams bare JSON lines with no [DONE] when configured for jsonl', async () => {
    const { app } = testApp({ SVC_STREAM_FORMAT: 'jsonl' });
    const response = await postJson(app, '/chat/completions', STREAM);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const text = await response.text();
    expect(text).not.toContain('data:');
    expect(text).not.toContain('[DONE]');
    const chunks = parseJsonLines(text).events as ChatCompletionChunk[];
    expect(chunks.map((c) => c.choices[0]!.delta.content ?? '').join('')).toBe('Hello, world');
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
  });

  it('streams a function call as the name with empty arguments, then argument fragments', async () => {
    const args = JSON.stringify({ city: 'São Paulo', unit: 'celsius', days: 3 });
    const chat = scriptedChatEngine([
      { type: 'function_call', name: 'get_weather', arguments: args },
      { type: 'finish', finish_reason: 'function_call', usage: USAGE },
    ]);
    const { app } = testApp({}, { engines: { 'svc-chat': chat.engine } });
    const chunks = parseSse(await (await postJson(app, '/v1/chat/completions', STREAM)).text())
      .events as ChatCompletionChunk[];
    const calls = chunks.map((c) => c.choices[0]!.delta.function_call).filter((f) => f !== undefined);
    expect(calls[0]).toEqual({ name: 'get_weather', arguments: '' });
    expect(calls.length).toBeGreaterThan(2);
    expect(calls.slice(1).every((f) => f.name === undefined)).toBe(true);
    expect(calls.map((f) => f.arguments).join('')).toBe(args);
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('function_call');
  });

  it('streams reasoning as delta.reasoning_content before the content, and logprobs when asked', async () => {
    const chat = scriptedChatEngine([
      { type: 'reasoning', text: 'hmm' },
      {
        type: 'text',
        text: 'ok',
        logprobs: [{ token: 'ok', logprob: -0.1, bytes: [111, 107], top_logprobs: [] }],
      },
      { type: 'finish', finish_reason: 'stop', usage: USAGE },
    ]);
    const { app } = testApp({}, { engines: { 'svc-reasoner': chat.engine } });
    const response = await postJson(app, '/v1/chat/completions', {
      ...STREAM,
      model: 'svc-reasoner',
      logprobs: true,
    });
    const chunks = parseSse(await response.text()).events as ChatCompletionChunk[];
    expect(chunks[1]!.choices[0]!.delta).toEqual({ reasoning_content: 'hmm' });
    expect(chunks[2]!.choices[0]!.delta).toEqual({ content: 'ok' });
    expect(chunks[2]!.choices[0]!.logprobs?.content?.[0]?.token).toBe('ok');
  });

  it('aborts the engine when the client cancels the stream', async () => {
    const hanging = hangingChatEngine();
    const { app } = testApp({}, { engines: { 'svc-chat': hanging.engine } });
    const response = await postJson(app, '/v1/chat/completions', STREAM);
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"role":"assistant"');
    await reader.cancel();
    await hanging.aborted; // resolves only if the engine's signal was aborted
  });

  it('aborts the engine when the request is aborted (a disconnect)', async () => {
    const hanging = hangingChatEngine();
    const { app } = testApp({}, { engines: { 'svc-chat': hanging.engine } });
    const controller = new AbortController();
    const response = await app.fetch(
      new Request('http://svc.test/v1/chat/completions', {
        method: 'POST',
        headers: authHeaders(),
        body: JSON.stringify(STREAM),
        signal: controller.signal,
      }),
    );
    expect(response.status).toBe(200);
    controller.abort();
    await hanging.aborted;
  });

  it('ends with one error event in the spec shape when the engine fails mid-stream', async () => {
    const failing: ChatEngine = {
      describe: () => '',
      async *generate() {
        yield { type: 'text', text: 'partial' };
        yield { type: 'text', text: ' more' };
        throw new Error('boom');
      },
    };
    const { app, logs } = testApp({}, { engines: { 'svc-chat': failing } });
    const response = await postJson(app, '/v1/chat/completions', STREAM);
    expect(response.status).toBe(200);
    const { events, done } = parseSse(await response.text());
    expect(done).toBe(false);
    const last = events.at(-1) as { error: { type: string; code: string; message: string } };
    expect(last.error).toMatchObject({ type: 'server_error', code: 'server_error' });
    expect(last.error.message).not.toContain('boom');
    expect((events[1] as ChatCompletionChunk).choices[0]!.delta.content).toBe('partial');
    expect(logs.join()).toContain('boom');
  });

  it('sends an EngineError mid-stream with its own body', async () => {
    const failing: ChatEngine = {
      describe: () => '',
      async *generate() {
        yield { type: 'text', text: 'a' };
        yield { type: 'text', text: 'b' };
        throw new EngineError(502, {
          message: 'upstream went away',
          type: 'server_error',
          param: null,
          code: 'upstream_error',
        });
      },
    };
    const { app } = testApp({ SVC_STREAM_FORMAT: 'jsonl' }, { engines: { 'svc-chat': failing } });
    const { events } = parseJsonLines(await (await postJson(app, '/v1/chat/completions', STREAM)).text());
    expect(events.at(-1)).toEqual({
      error: { message: 'upstream went away', type: 'server_error', param: null, code: 'upstream_error' },
    });
  });

  it('answers with the proper HTTP status when the engine fails before its first event', async () => {
    const failing: ChatEngine = {
      describe: () => '',
      // eslint-disable-next-line require-yield
      async *generate() {
        throw new EngineError(401, {
          message: 'upstream key rejected',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        });
      },
    };
    const { app } = testApp({}, { engines: { 'svc-chat': failing } });
    const response = await postJson(app, '/v1/chat/completions', STREAM);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/json/);
    expect(response.headers.get('x-ratelimit-limit')).toBe('60');
  });
});

import { describe, expect, it } from 'vitest';
import { EngineError, type EngineEvent } from '../../../server/engines/engine';
import type { ChatCompletion } from '../../../src/protocol/wire';
import { scriptedChatEngine, USAGE } from '../support/fake-engines';
import { CHAT, errorOf, postJson, testApp } from '../support/test-app';

const logprob = (token: string) => ({
  token,
  logprob: -0.5,
  bytes: [...Buffer.from(token)],
  top_logprobs: [],
});

async function completion(events: EngineEvent[], body: Record<string, unknown> = {}) {
  const chat = scriptedChatEngine(events);
  const { app } = testApp({}, { engines: { 'svc-chat': chat.engine, 'svc-reasoner': chat.engine } });
  const response = await postJson(app, '/v1/chat/completions', { ...CHAT, ...body });
  return { response, chat };
}

describe('POST /chat/completions (non-streaming)', () => {
  it('answers a chat.completion built from the engine events', async () => {
    const { response, chat } = await completion([
      { type: 'text', text: 'Hello' },
      { type: 'text', text: ', world' },
      { type: 'finish', finish_reason: 'stop', usage: USAGE },
    ]);
    expect(response.status).toBe(200);
    const body = (await response.json()) as ChatCompletion;
    expect(body.id).toMatch(/^chatcmpl-[A-Za-z0-9]{24}$/);
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'svc-chat',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Hello, world' },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: USAGE,
    });
    expect(body.created).toBeTypeOf('number');
    expect(body.choices[0]!.message).not.toHaveProperty('reasoning_content');
    expect(chat.calls[0]!.request).toEqual({
      model: 'svc-chat',
      messages: [{ role: 'user', content: 'Hi' }],
    });
  });

  it('answers the same at / and /v1', async () => {
    const { app } = testApp();
    expect((await postJson(app, '/chat/completions', CHAT)).status).toBe(200);
  });

  it('gives content null and function_call when the engine calls a function', async () => {
    const { response } = await completion(
      [
        { type: 'function_call', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'finish', finish_reason: 'function_call', usage: USAGE },
      ],
      {
        functions: [
          { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
        ],
      },
    );
    const body = (await response.json()) as ChatCompletion;
    expect(body.choices[0]).toMatchObject({
      message: {
        role: 'assistant',
        content: null,
        function_call: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      },
      finish_reason: 'function_call',
    });
  });

  it('joins argument fragments that an engine streams after the name', async () => {
    const { response } = await completion([
      { type: 'function_call', name: 'f', arguments: '{"a"' },
      { type: 'function_call_arguments', arguments: ':1}' },
      { type: 'finish', finish_reason: 'function_call', usage: USAGE },
    ]);
    const body = (await response.json()) as ChatCompletion;
    expect(body.choices[0]!.message.function_call).toEqual({ name: 'f', arguments: '{"a":1}' });
  });

  it('puts the reasoner thinking in reasoning_content before the answer', async () => {
    const { response } = await completion(
      [
        { type: 'reasoning', text: 'Think ' },
        { type: 'reasoning', text: 'hard.' },
        { type: 'text', text: 'Answer.' },
        { type: 'finish', finish_reason: 'stop', usage: USAGE },
      ],
      { model: 'svc-reasoner' },
    );
    const body = (await response.json()) as ChatCompletion;
    expect(body.model).toBe('svc-reasoner');
    expect(body.choices[0]!.message).toMatchObject({ content: 'Answer.', reasoning_content: 'Think hard.' });
  });

  it('returns per-token logprobs in choices[].logprobs.content when asked', async () => {
    const { response } = await completion(
      [
        { type: 'text', text: 'A', logprobs: [logprob('A')] },
        { type: 'text', text: 'B', logprobs: [logprob('B')] },
        { type: 'finish', finish_reason: 'length', usage: USAGE },
      ],
      { logprobs: true, top_logprobs: 2 },
    );
    const body = (await response.json()) as ChatCompletion;
    expect(body.choices[0]!.logprobs).toEqual({ content: [logprob('A'), logprob('B')] });
    expect(body.choices[0]!.finish_reason).toBe('length');
  });

  it('passes only validated fields to the engine, with nulls treated as absent', async () => {
    const { chat } = await completion([{ type: 'finish', finish_reason: 'stop', usage: USAGE }], {
      temperature: 0,
      top_p: null,
      stop: ['x'],
      seed: 4,
      user: 'u',
      stream_options: null,
      unknown_field: 1,
    });
    expect(chat.calls[0]!.request).toEqual({ ...CHAT, temperature: 0, stop: ['x'], seed: 4 });
    // The body as sent goes beside it, for an engine that forwards it (the upstream's pass-through).
    expect(chat.calls[0]!.clientBody).toMatchObject({ user: 'u', unknown_field: 1, top_p: null });
  });

  it('passes an EngineError through with its own status and body', async () => {
    const failing = scriptedChatEngine(() => {
      throw new EngineError(
        429,
        { message: 'upstream is busy', type: 'rate_limit_error', param: null, code: 'rate_limit_exceeded' },
        { 'retry-after': '3' },
      );
    });
    const { app } = testApp({}, { engines: { 'svc-chat': failing.engine } });
    const response = await postJson(app, '/v1/chat/completions', CHAT);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await errorOf(response)).toEqual({
      message: 'upstream is busy',
      type: 'rate_limit_error',
      param: null,
      code: 'rate_limit_exceeded',
    });
  });

  it('turns any other engine failure into 500 server_error with no stack in the body', async () => {
    const failing = scriptedChatEngine(() => {
      throw new TypeError('secret internal detail');
    });
    const { app, logs } = testApp({}, { engines: { 'svc-chat': failing.engine } });
    const response = await postJson(app, '/v1/chat/completions', CHAT);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret internal detail');
    expect(text).not.toMatch(/at .*\.ts/);
    const error = JSON.parse(text).error;
    expect(error).toMatchObject({ type: 'server_error', code: 'server_error' });
    expect(error.message).toContain(response.headers.get('x-request-id'));
    // Logged once, with the request id the client was given, so the two can be matched.
    const logged = logs.filter((line) => line.includes('secret internal detail'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(response.headers.get('x-request-id'));
  });

  it('answers 500 when an engine ends without a finish event', async () => {
    const { response } = await completion([{ type: 'text', text: 'cut' }]);
    expect(response.status).toBe(500);
    expect((await errorOf(response)).code).toBe('server_error');
  });
});

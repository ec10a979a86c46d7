/**
 * The upstream engines against a second local service acting as the upstream, served on
 * 127.0.0.1:0: what a client sends through one service reaches the other and comes back intact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatCompletionRequest } from '../../../../src/protocol/wire';
import { createApp } from '../../../../server/app';
import { resolveConfig } from '../../../../server/config';
import { EngineError } from '../../../../server/engines/engine';
import { createReferenceEngines } from '../../../../server/engines/reference';
import { createUpstreamEngines, type UpstreamEngines } from '../../../../server/engines/upstream';
import { serveApp, type ServedApp } from '../../../support/serve-app';
import { collect } from '../reference/collect';

let served: ServedApp;
let engines: UpstreamEngines;
const reference = createReferenceEngines();
const signal = () => new AbortController().signal;

beforeAll(async () => {
  served = await serveApp(createApp(resolveConfig({ SVC_API_KEYS: 'up-key' }), { log: () => undefined }));
  engines = createUpstreamEngines({ url: `${served.origin}/v1`, apiKey: 'up-key', models: {} });
});
afterAll(async () => {
  await served.close();
});

const base: ChatCompletionRequest = {
  model: 'svc-chat',
  messages: [{ role: 'user', content: 'Hello through two services' }],
  temperature: 0,
};

describe('upstream engines against another local service', () => {
  it('streams a chat reply that matches the reference engine token for token', async () => {
    const streamed = { ...base, stream: true };
    const through = await collect(engines.chat.generate(streamed, { signal: signal() }));
    const direct = await collect(reference.chat.generate(streamed, { signal: signal() }));
    expect(through.content).toBe(direct.content);
    expect(through.events.filter((e) => e.type === 'text').length).toBeGreaterThan(50);
    expect(through.finish).toEqual(direct.finish);
  });

  it('passes the reasoner thinking through as reasoning events, before the answer', async () => {
    const request = { ...base, model: 'svc-reasoner' };
    const through = await collect(engines.chat.generate(request, { signal: signal() }));
    const direct = await collect(reference.chat.generate(request, { signal: signal() }));
    expect(through.reasoning).toBe(direct.reasoning);
    expect(through.content).toBe(direct.content);
    const kinds = through.events.map((e) => e.type);
    expect(kinds.lastIndexOf('reasoning')).toBeLessThan(kinds.indexOf('text'));
  });

  it('passes a function call through as a name then its arguments', async () => {
    const request: ChatCompletionRequest = {
      ...base,
      messages: [{ role: 'user', content: 'What is the weather in Oslo?' }],
      functions: [
        {
          name: 'get_weather',
          description: 'Weather for a place',
          parameters: {
            type: 'object',
            properties: { location: { type: 'string' } },
            required: ['location'],
          },
        },
      ],
    };
    const through = await collect(engines.chat.generate(request, { signal: signal() }));
    expect(through.call?.name).toBe('get_weather');
    const args = through.events
      .flatMap((e) =>
        e.type === 'function_call' || e.type === 'function_call_arguments' ? [e.arguments] : [],
      )
      .join('');
    expect(JSON.parse(args)).toEqual({ location: 'Oslo' });
    expect(through.finish?.finish_reason).toBe('function_call');
  });

  it('passes max_tokens, stop and logprobs through', async () => {
    const through = await collect(
      engines.chat.generate(
        { ...base, max_tokens: 9, logprobs: true, top_logprobs: 2 },
        { signal: signal() },
      ),
    );
    expect(through.finish?.finish_reason).toBe('length');
    expect(through.finish?.usage.completion_tokens).toBe(9);
    expect(through.logprobs.length).toBeGreaterThan(0);
    expect(through.logprobs.every((l) => l.top_logprobs.length === 2)).toBe(true);
    const stopped = await collect(
      engines.chat.generate({ ...base, stop: '### Analysis' }, { signal: signal() }),
    );
    expect(stopped.finish?.finish_reason).toBe('stop');
    expect(stopped.content).not.toContain('### Analysis');
  });

  it('passes the upstream validation error through with its status and param', async () => {
    const error = await collect(
      engines.chat.generate({ ...base, temperature: 5 }, { signal: signal() }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).status).toBe(400);
    expect((error as EngineError).body).toMatchObject({
      type: 'invalid_request_error',
      param: 'temperature',
    });
  });

  it('explains a refused upstream key without revealing it', async () => {
    const wrong = createUpstreamEngines({ url: `${served.origin}/v1`, apiKey: 'not-the-key', models: {} });
    const error = (await collect(wrong.chat.generate(base, { signal: signal() })).catch(
      (e: unknown) => e,
    )) as EngineError;
    expect(error.status).toBe(502);
    expect(error.body.code).toBe('upstream_auth_failed');
    expect(error.body.message).toContain('SVC_UPSTREAM_API_KEY');
    expect(error.body.message).not.toContain('not-the-key');
  });

  it('completes code through /code/completions', async () => {
    const request = { model: 'svc-coder', prompt: 'def fibonacci(n):\n', temperature: 0 };
    const through = await collect(engines.code.generate(request, { signal: signal() }));
    const direct = await collect(reference.code.generate(request, { signal: signal() }));
    expect(through.content).toBe(direct.content);
    expect(through.finish).toEqual(direct.finish);
  });

  it('lists the upstream models', async () => {
    expect(await engines.listModels()).toEqual(
      expect.arrayContaining(['svc-chat', 'svc-reasoner', 'svc-coder']),
    );
  });

  it('serves a front service whose configuration points at the upstream service', async () => {
    const front = createApp(
      resolveConfig({
        SVC_API_KEYS: 'front-key',
        SVC_UPSTREAM_URL: `${served.origin}/v1`,
        SVC_UPSTREAM_API_KEY: 'up-key',
      }),
      { log: () => undefined },
    );
    const response = await front.request('/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: 'Bearer front-key', 'content-type': 'application/json' },
      body: JSON.stringify(base),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { choices: { message: { content: string } }[] };
    const direct = await collect(reference.chat.generate(base, { signal: signal() }));
    expect(body.choices[0]?.message.content).toBe(direct.content);
  });
});

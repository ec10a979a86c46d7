/**
 * The local service's upstream engine against a third-party server of the format (mock-llm): what a
 * person pointing the service at a server they run gets — streaming, stop, a legacy function call
 * mapped to tools, parallel tool calls (streamed too, though that server crashes streaming them), a
 * json_schema reply, an error as the first event, and an upstream 500 with a string `error`.
 */
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import { ChunkFolder } from '../../../src/protocol/chat/chunk-folder';
import type { ChatCompletion, ChatCompletionChunk } from '../../../src/protocol/wire';
import { parseSse } from '../support/stream-parser';
import { KEY } from '../support/test-app';
import { startMockLlm, type MockLlm } from './mock-llm';

let mock: MockLlm;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined); // mock-llm logs every request
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  mock = await startMockLlm();
  app = createApp(
    resolveConfig({
      SVC_API_KEYS: KEY,
      SVC_UPSTREAM_URL: mock.url,
      SVC_UPSTREAM_MODELS: 'svc-chat=mock-chat',
    }),
    { log: () => undefined },
  );
});
afterAll(async () => {
  await mock.close();
  vi.restoreAllMocks();
});

const post = (body: object, signal?: AbortSignal) =>
  app.request('/v1/chat/completions', {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'svc-chat', ...body }),
    ...(signal ? { signal } : {}),
  });
const user = (content: string) => [{ role: 'user', content }];
const weather = {
  name: 'get_weather',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
};
const time = {
  name: 'get_time',
  parameters: { type: 'object', properties: { timezone: { type: 'string' } } },
};
const tools = [weather, time].map((fn) => ({ type: 'function', function: fn }));

function fold(events: unknown[]): ChatCompletion {
  const folder = new ChunkFolder();
  for (const event of events) folder.add(event as ChatCompletionChunk);
  return folder.completion();
}

describe('the upstream engine against mock-llm', () => {
  it('streams a reply through, chunk by chunk, ending with [DONE]', async () => {
    const response = await post({ messages: user('Hello from the playground'), stream: true });
    expect(response.status).toBe(200);
    const { events, done } = parseSse(await response.text());
    expect(done).toBe(true);
    expect(events.length).toBeGreaterThan(5);
    expect(fold(events).choices[0]?.message.content).toBe('Hello from the playground');
  });

  it('stops when the client goes away mid-stream, and keeps answering', async () => {
    const controller = new AbortController();
    const response = await post({ messages: user('x'.repeat(400)), stream: true }, controller.signal);
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    controller.abort();
    await reader.cancel();
    const next = await post({ messages: user('still here') });
    expect(((await next.json()) as ChatCompletion).choices[0]?.message.content).toBe('still here');
  });

  it('sends a legacy function request as tools and answers in the legacy form', async () => {
    const response = await post({
      messages: user('What is the weather in Oslo?'),
      functions: [weather, time],
    });
    const body = (await response.json()) as ChatCompletion;
    expect(body.choices[0]?.finish_reason).toBe('function_call');
    expect(body.choices[0]?.message.function_call).toEqual({
      name: 'get_weather',
      arguments: '{"city":"Oslo"}',
    });
  });

  it('passes two parallel tool calls through, whole and streamed (falling back when streaming them crashes)', async () => {
    const whole = (await (
      await post({ messages: user('weather and time?'), tools })
    ).json()) as ChatCompletion;
    const expected = [
      { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
      {
        id: 'call_b',
        type: 'function',
        function: { name: 'get_time', arguments: '{"timezone":"Europe/Oslo"}' },
      },
    ];
    expect(whole.choices[0]?.message.tool_calls).toEqual(expected);
    expect(whole.choices[0]?.finish_reason).toBe('tool_calls');

    const streamed = await post({ messages: user('weather and time?'), tools, stream: true });
    expect(streamed.status).toBe(200);
    const { events } = parseSse(await streamed.text());
    const folded = fold(events);
    expect(folded.choices[0]?.message.tool_calls).toEqual(expected);
    expect(folded.choices[0]?.finish_reason).toBe('tool_calls');
  });

  it('passes response_format json_schema through and returns an object that validates', async () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, legs: { type: 'integer' } },
      required: ['name', 'legs'],
    };
    const response = await post({
      messages: user('json-please'),
      response_format: { type: 'json_schema', json_schema: { name: 'cat', schema, strict: true } },
    });
    const content = ((await response.json()) as ChatCompletion).choices[0]?.message.content ?? '';
    expect(new Ajv().compile(schema)(JSON.parse(content))).toBe(true);
  });

  it('reads a 401 sent as HTTP 200 and a first error event as the upstream refusing its key', async () => {
    const response = await post({ messages: user('error-401'), stream: true });
    expect(response.status).toBe(502);
    expect(response.headers.get('x-error-source')).toBe('upstream');
    const { error } = (await response.json()) as { error: { message: string; code: string } };
    expect(error.code).toBe('upstream_auth_failed');
    expect(error.message).toMatch(
      /^The upstream server at http:\/\/127\.0\.0\.1:\d+\/v1 refused this service's credentials \(401\): check SVC_UPSTREAM_API_KEY.* The upstream said: Incorrect API key provided\.$/,
    );
  });

  it('carries an upstream 500 with a string error as a 502 naming the upstream', async () => {
    const response = await post({ messages: user('no-content'), stream: true });
    expect(response.status).toBe(502);
    expect(response.headers.get('x-upstream-status')).toBe('500');
    const { error } = (await response.json()) as { error: { message: string; code: string } };
    expect(error.code).toBe('upstream_server_error');
    expect(error.message).toMatch(
      /^The upstream server at .*\/chat\/completions failed \(500\): TypeError: /,
    );
  });
});

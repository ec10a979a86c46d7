import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../../../server/engines/engine';
import { createUpstreamEngines } from '../../../../server/engines/upstream';
import { collect } from '../reference/collect';
import { chunk, sleep, sse, startFakeUpstream, writeSplit, type FakeUpstream } from './fake-upstream';

let upstream: FakeUpstream | undefined;
afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});

const messages = [{ role: 'user' as const, content: 'Hi there' }];
const signal = () => new AbortController().signal;

async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof EngineError)) throw new Error(`expected an EngineError, got ${String(error)}`);
  return error;
}

describe('upstream chat engine', () => {
  it('streams with the mapped model, the Bearer key and include_usage, and passes events through', async () => {
    upstream = await startFakeUpstream(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const body = sse([
        chunk({ role: 'assistant', content: '' }),
        chunk({ reasoning_content: 'thinking…' }),
        chunk({ content: 'Héllo 🎉' }, null, {
          logprobs: { content: [{ token: 'Héllo', logprob: -0.1, bytes: [72], top_logprobs: [] }] },
        }),
        chunk({ content: ' world' }),
        chunk({}, 'stop'),
        {
          id: 'chatcmpl-up',
          object: 'chat.completion.chunk',
          created: 1,
          model: 'm',
          choices: [],
          usage: { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 },
        },
      ]);
      await writeSplit(res, body, 7);
      res.end();
    });
    const engines = createUpstreamEngines({
      url: `${upstream.url}/`,
      apiKey: 'up-secret',
      models: { 'svc-chat': 'llama-3' },
    });
    const reply = await collect(
      engines.chat.generate(
        { model: 'svc-chat', messages, temperature: 0.3, stream: true },
        { signal: signal() },
      ),
    );
    const sent = upstream.received[0];
    expect(sent?.url).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer up-secret');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      model: 'llama-3',
      messages,
      temperature: 0.3,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(reply.reasoning).toBe('thinking…');
    expect(reply.content).toBe('Héllo 🎉 world');
    expect(reply.logprobs[0]?.token).toBe('Héllo');
    expect(reply.finish).toEqual({
      type: 'finish',
      finish_reason: 'stop',
      usage: { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 },
    });
  });

  it('reads bare JSON lines, and leaves usage out when the upstream sends none (no made-up count)', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end(
        `${JSON.stringify(chunk({ content: 'one ' }))}\r\n${JSON.stringify(chunk({ content: 'two' }))}\n${JSON.stringify(chunk({}, 'length'))}\n`,
      );
    });
    const engines = createUpstreamEngines({ url: upstream.url, models: {} });
    const reply = await collect(engines.chat.generate({ model: 'svc-chat', messages }, { signal: signal() }));
    expect(JSON.parse(upstream.received[0]?.body ?? '{}').model).toBe('svc-chat');
    expect(upstream.received[0]?.headers.authorization).toBeUndefined();
    expect(reply.content).toBe('one two');
    expect(reply.finish?.finish_reason).toBe('length');
    expect(reply.finish).not.toHaveProperty('usage');
  });

  it('turns the first tool call into a function call streamed as name then argument fragments', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const call = (fn: Record<string, unknown>, index = 0) =>
        chunk({ tool_calls: [{ index, id: 'call_1', type: 'function', function: fn }] });
      res.end(
        sse([
          call({ name: 'get_weather', arguments: '' }),
          call({ arguments: '{"location":' }),
          call({ name: 'other', arguments: '{}' }, 1),
          call({ arguments: '"Paris"}' }),
          chunk({}, 'tool_calls'),
        ]),
      );
    });
    const engines = createUpstreamEngines({ url: upstream.url, models: {} });
    const reply = await collect(engines.chat.generate({ model: 'svc-chat', messages }, { signal: signal() }));
    expect(reply.events.filter((e) => e.type !== 'finish' && e.type !== 'identity')).toEqual([
      { type: 'function_call', name: 'get_weather', arguments: '' },
      { type: 'function_call_arguments', arguments: '{"location":' },
      { type: 'function_call_arguments', arguments: '"Paris"}' },
    ]);
    expect(reply.finish?.finish_reason).toBe('function_call');
  });

  it('accepts a whole chat completion from an upstream that ignores stream', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          {
            id: 'x',
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: null,
                  function_call: { name: 'f', arguments: '{"a":1}' },
                },
                finish_reason: 'function_call',
              },
            ],
            usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
          },
          null,
          2,
        ),
      );
    });
    const reply = await collect(
      createUpstreamEngines({ url: upstream.url, models: {} }).chat.generate(
        { model: 'svc-chat', messages },
        { signal: signal() },
      ),
    );
    expect(reply.call).toEqual({ type: 'function_call', name: 'f', arguments: '{"a":1}' });
    expect(reply.finish?.finish_reason).toBe('function_call');
    expect(reply.finish?.usage.total_tokens).toBe(3);
  });

  it('passes an upstream JSON error through with its status and fields', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            message: 'temperature too high',
            type: 'invalid_request_error',
            param: 'temperature',
            code: 'invalid_value',
          },
        }),
      );
    });
    const engines = createUpstreamEngines({ url: upstream.url, models: {} });
    const error = await failure(
      collect(engines.chat.generate({ model: 'svc-chat', messages }, { signal: signal() })),
    );
    expect(error.status).toBe(400);
    expect(error.headers).toMatchObject({ 'x-error-source': 'upstream', 'x-upstream-status': '400' });
    expect(error.body).toEqual({
      message: `The upstream server at ${upstream.url}/chat/completions answered 400: temperature too high`,
      type: 'invalid_request_error',
      param: 'temperature',
      code: 'invalid_value',
    });
  });

  it('carries both halves of a string error from an upstream 500 as a 502 naming the upstream', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: 'TypeError',
          message: "Cannot read properties of undefined (reading 'content')",
        }),
      );
    });
    const engines = createUpstreamEngines({ url: upstream.url, models: {} });
    const error = await failure(
      collect(engines.chat.generate({ model: 'svc-chat', messages }, { signal: signal() })),
    );
    expect(error.status).toBe(502);
    expect(error.body.message).toBe(
      `The upstream server at ${upstream.url}/chat/completions failed (500): TypeError: Cannot read properties of undefined (reading 'content')`,
    );
    expect(error.body).toMatchObject({ type: 'upstream_error', code: 'upstream_server_error' });
    expect(error.headers['x-upstream-status']).toBe('500');
  });

  it('maps an HTML 502 page to a readable error in the spec shape', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' });
      res.end(
        '<html><head><style>body{}</style></head><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>',
      );
    });
    const engines = createUpstreamEngines({ url: upstream.url, apiKey: 'up-secret', models: {} });
    const error = await failure(
      collect(engines.chat.generate({ model: 'svc-chat', messages }, { signal: signal() })),
    );
    expect(error.status).toBe(502);
    expect(error.body.type).toBe('upstream_error');
    expect(error.body.message).toContain('502 Bad Gateway nginx');
    expect(error.body.message).toContain(upstream.url);
    expect(error.body.message).not.toContain('up-secret');
  });

  it('passes a 429 with its Retry-After header, and a refused upstream key as a 502 naming SVC_UPSTREAM_API_KEY', async () => {
    upstream = await startFakeUpstream((req, res) => {
      if (req.headers.authorization === 'Bearer wrong') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: 'Incorrect API key', type: 'invalid_request_error', code: 'invalid_api_key' },
          }),
        );
        return;
      }
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
      res.end(JSON.stringify({ error: 'slow down' }));
    });
    const limited = await failure(
      collect(
        createUpstreamEngines({ url: upstream.url, models: {} }).chat.generate(
          { model: 'svc-chat', messages },
          { signal: signal() },
        ),
      ),
    );
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      message: `The upstream server at ${upstream.url}/chat/completions is rate limiting this service (429); it asks to retry after 7 s. The upstream said: slow down`,
      type: 'rate_limit_error',
      code: 'upstream_rate_limited',
    });
    expect(limited.headers['retry-after']).toBe('7');
    const refused = await failure(
      collect(
        createUpstreamEngines({ url: upstream.url, apiKey: 'wrong', models: {} }).chat.generate(
          { model: 'svc-chat', messages },
          { signal: signal() },
        ),
      ),
    );
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ type: 'upstream_error', code: 'upstream_auth_failed' });
    expect(refused.headers['x-upstream-status']).toBe('401');
    expect(refused.body.message).toContain('SVC_UPSTREAM_API_KEY');
    expect(refused.body.message).not.toContain('wrong');
  });

  it('reports a connection failure as 502 naming the URL but not the key', async () => {
    upstream = await startFakeUpstream(() => undefined);
    const url = upstream.url;
    await upstream.close();
    upstream = undefined;
    const engines = createUpstreamEngines({ url, apiKey: 'up-secret', models: {} });
    const error = await failure(
      collect(engines.chat.generate({ model: 'svc-chat', messages }, { signal: signal() })),
    );
    expect(error.status).toBe(502);
    expect(error.body.message).toContain(`${url}/chat/completions`);
    expect(error.body.message).toContain('SVC_UPSTREAM_URL');
    expect(error.body.message).not.toContain('up-secret');
  });

  it('turns an error payload mid-stream into an EngineError after the text already sent', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        sse(
          [chunk({ content: 'partial' }), { error: { message: 'model crashed', type: 'server_error' } }],
          false,
        ),
      );
    });
    const events: string[] = [];
    const engines = createUpstreamEngines({ url: upstream.url, models: {} });
    const error = await failure(
      (async () => {
        for await (const event of engines.chat.generate(
          { model: 'svc-chat', messages },
          { signal: signal() },
        )) {
          if (event.type === 'text') events.push(event.text);
        }
      })(),
    );
    expect(events).toEqual(['partial']);
    expect(error.body.message).toContain('model crashed');
  });

  it('words an error sent as the first event as the upstream’s answer, keeping both halves of its message', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: {"error":"TypeError","message":"Cannot read properties of undefined"}\n\n');
    });
    const engines = createUpstreamEngines({ url: upstream.url, models: {} });
    const error = await failure(
      collect(engines.chat.generate({ model: 'svc-chat', messages }, { signal: signal() })),
    );
    expect(error.status).toBe(502);
    expect(error.body.message).toMatch(
      /^The upstream server at .* answered with an error instead of a reply: TypeError: Cannot read properties of undefined$/,
    );
    expect(error.body.message).not.toMatch(/mid-reply/);
  });

  it('reports a stream that stops with no finish_reason and no [DONE] as cut off, after the text sent', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        sse(
          [
            chunk({ role: 'assistant', content: '' }),
            chunk({ content: 'half a ' }),
            chunk({ content: 'reply' }),
          ],
          false,
        ),
      );
    });
    const texts: string[] = [];
    let finished = false;
    const engines = createUpstreamEngines({ url: upstream.url, models: {} });
    const error = await failure(
      (async () => {
        for await (const event of engines.chat.generate(
          { model: 'svc-chat', messages },
          { signal: signal() },
        )) {
          if (event.type === 'text') texts.push(event.text);
          if (event.type === 'finish') finished = true;
        }
      })(),
    );
    expect(texts.join('')).toBe('half a reply');
    expect(finished).toBe(false);
    expect(error.status).toBe(502);
    expect(error.body.message).toContain('ended its stream before the reply finished');
  });

  it('accepts bare JSON lines that end with a finish_reason and no [DONE]', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end(
        [chunk({ content: 'whole' }), chunk({}, 'stop')].map((c) => JSON.stringify(c)).join('\n') + '\n',
      );
    });
    const engines = createUpstreamEngines({ url: upstream.url, models: {} });
    const collected = await collect(
      engines.chat.generate({ model: 'svc-chat', messages }, { signal: signal() }),
    );
    expect(collected.content).toBe('whole');
    expect(collected.finish).toMatchObject({ type: 'finish', finish_reason: 'stop' });
  });

  it('reports a stream that is not JSON as a 502 saying so', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: {"choices": [\n\nthis is not json\n');
    });
    const engines = createUpstreamEngines({ url: upstream.url, models: {} });
    const error = await failure(
      collect(engines.chat.generate({ model: 'svc-chat', messages }, { signal: signal() })),
    );
    expect(error.status).toBe(502);
    expect(error.body.message).toContain('cannot read');
  });

  it('yields each chunk as it arrives and aborts the upstream request when the signal aborts', async () => {
    upstream = await startFakeUpstream(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < 1000 && !res.destroyed; i += 1) {
        res.write(sse([chunk({ content: `t${i} ` })], false));
        await sleep(20);
      }
      res.end();
    });
    const controller = new AbortController();
    const engines = createUpstreamEngines({ url: upstream.url, models: {} });
    const texts: string[] = [];
    for await (const event of engines.chat.generate(
      { model: 'svc-chat', messages },
      { signal: controller.signal },
    )) {
      if (event.type === 'text') texts.push(event.text);
      if (texts.length === 3) controller.abort();
    }
    expect(texts).toEqual(['t0 ', 't1 ', 't2 ']);
    await upstream.closed;
  });

  it('closes the upstream request when the consumer stops reading', async () => {
    let finished: () => void = () => undefined;
    const wroteItAll = new Promise<string>((resolve) => (finished = () => resolve('wrote all 1,000 chunks')));
    upstream = await startFakeUpstream(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < 1000 && !res.destroyed; i += 1) {
        res.write(sse([chunk({ content: 'x' })], false));
        await sleep(20);
      }
      if (!res.destroyed) finished();
      res.end();
    });
    const engines = createUpstreamEngines({ url: upstream.url, models: {} });
    let texts = 0;
    for await (const event of engines.chat.generate({ model: 'svc-chat', messages }, { signal: signal() })) {
      if (event.type === 'text') {
        texts += 1;
        break;
      }
    }
    expect(texts).toBe(1);
    // The upstream sees its connection closed before it has written its reply to the end.
    const outcome = await Promise.race([upstream.closed.then(() => 'closed'), wroteItAll]);
    expect(outcome).toBe('closed');
  });

  it('describes the upstream model honestly without the key', () => {
    const engines = createUpstreamEngines({
      url: 'http://user:pw@127.0.0.1:9/v1',
      apiKey: 'up-secret',
      models: { 'svc-chat': 'qwen' },
    });
    const text = engines.chat.describe('svc-chat');
    expect(text).toContain('http://127.0.0.1:9/v1');
    expect(text).toContain('"qwen"');
    expect(text).not.toMatch(/up-secret|pw/);
  });
});

describe('upstream chat engine: functions in the tools form', () => {
  const weather = {
    name: 'get_weather',
    description: 'Weather for a place',
    parameters: {
      type: 'object' as const,
      properties: { location: { type: 'string' } },
      required: ['location'],
    },
  };
  const history = [
    { role: 'user' as const, content: 'weather in Oslo?' },
    {
      role: 'assistant' as const,
      content: null,
      function_call: { name: 'get_weather', arguments: '{"location":"Oslo"}' },
    },
    { role: 'function' as const, name: 'get_weather', content: '{"t":-3}' },
  ];

  it('sends tools, tool_choice and tool messages to an OpenAI-compatible upstream', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(sse([chunk({ content: 'It is -3.' }, 'stop')]));
    });
    const engines = createUpstreamEngines({ url: upstream.url, models: { 'svc-chat': 'llama-3' } });
    await collect(
      engines.chat.generate(
        {
          model: 'svc-chat',
          messages: history,
          functions: [weather],
          function_call: { name: 'get_weather' },
        },
        { signal: signal() },
      ),
    );
    const body = JSON.parse(upstream.received[0]?.body ?? '{}') as Record<string, unknown>;
    expect(body.functions).toBeUndefined();
    expect(body.function_call).toBeUndefined();
    expect(body.tools).toEqual([{ type: 'function', function: weather }]);
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
    expect(body.messages).toEqual([
      history[0],
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"location":"Oslo"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"t":-3}' },
    ]);
  });

  it('speaks tools to a service of this interface too, unless SVC_UPSTREAM_DIALECT says legacy', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(sse([chunk({ content: 'ok' }, 'stop')]));
    });
    const tools = createUpstreamEngines({ url: upstream.url, models: {} });
    await collect(
      tools.chat.generate(
        { model: 'svc-chat', messages: history, functions: [weather], function_call: 'auto' },
        { signal: signal() },
      ),
    );
    const sent = JSON.parse(upstream.received[0]?.body ?? '{}') as Record<string, unknown>;
    expect(sent.model).toBe('svc-chat');
    expect(sent.tools).toEqual([{ type: 'function', function: weather }]);
    expect(sent.functions).toBeUndefined();
    upstream.received.length = 0;

    const engines = createUpstreamEngines({ url: upstream.url, models: {}, dialect: 'legacy' });
    await collect(
      engines.chat.generate(
        { model: 'svc-chat', messages: history, functions: [weather], function_call: 'auto' },
        { signal: signal() },
      ),
    );
    const body = JSON.parse(upstream.received[0]?.body ?? '{}') as Record<string, unknown>;
    expect(body.functions).toEqual([weather]);
    expect(body.function_call).toBe('auto');
    expect(body.messages).toEqual(history);
    expect(body.tools).toBeUndefined();
  });
});

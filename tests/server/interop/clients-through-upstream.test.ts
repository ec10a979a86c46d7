/**
 * Two clients nobody here wrote — the official `openai` package and the Vercel AI SDK
 * (`@ai-sdk/openai`'s `provider.chat()` with `generateText`/`streamText`) — through the local service
 * in upstream mode, in front of a scripted upstream speaking each of four shapes (OpenAI, vLLM,
 * llama.cpp, Ollama). Each case compares what the upstream received with what the client sent (every
 * field the service does not own passes unchanged), and what the client got with what the upstream
 * answered (nothing invented, nothing lost, errors attributed to the upstream).
 */
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, streamText, tool } from 'ai';
import OpenAI, { APIError, RateLimitError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import { serveApp, type ServedApp } from '../../support/serve-app';
import {
  ask,
  SHAPE_MODELS,
  SHAPES,
  startScriptedUpstream,
  type ScriptedUpstream,
  type Shape,
} from './scripted-upstream';

const KEY = 'interop-key';

interface Rig {
  upstream: ScriptedUpstream;
  served: ServedApp;
  openai: OpenAI;
  base: string;
  model: string;
}

async function rig(shape: Shape): Promise<Rig> {
  const upstream = await startScriptedUpstream(shape);
  const app = createApp(
    resolveConfig({ SVC_API_KEYS: KEY, SVC_UPSTREAM_URL: upstream.url, SVC_UPSTREAM_API_KEY: 'up-key' }),
    { log: () => undefined },
  );
  const served = await serveApp(app);
  const base = `${served.origin}/v1`;
  return {
    upstream,
    served,
    base,
    openai: new OpenAI({ apiKey: KEY, baseURL: base, maxRetries: 0 }),
    model: SHAPE_MODELS[shape][0] ?? '',
  };
}

/** The last chat request the upstream received, as parsed JSON. */
const lastSent = (r: Rig): Record<string, unknown> => r.upstream.chats().at(-1)?.body ?? {};

/** What the upstream should have received for a client body: the same, bar the rewrites named in forwarded-request.ts. */
function expectForwarded(sent: Record<string, unknown>, client: Record<string, unknown>): void {
  const { stream_options: sentOptions, ...rest } = sent;
  const { stream_options: clientOptions, ...clientRest } = client;
  expect(rest).toEqual(clientRest);
  if (client.stream === true)
    expect(sentOptions).toEqual({ ...(clientOptions as object | undefined), include_usage: true });
  else expect(sentOptions).toBeUndefined();
}

describe.each(SHAPES)('through the service to a %s-shaped upstream', (shape) => {
  let r: Rig;
  beforeAll(async () => {
    r = await rig(shape);
  });
  afterAll(async () => {
    await r.served.close();
    await r.upstream.close();
  });

  it('openai: lists the upstream’s models, and uses one of them directly', async () => {
    const page = await r.openai.models.list();
    expect(page.data.map((m) => m.id)).toEqual(SHAPE_MODELS[shape]);
    const body = { model: r.model, messages: [{ role: 'user' as const, content: ask('hello') }] };
    const reply = await r.openai.chat.completions.create(body);
    expect(reply.choices[0]?.message.content).toBe('Hello from the scripted upstream.');
    expectForwarded(lastSent(r), body);
    // The upstream's own id and model stay (OpenAI answers with a dated model).
    expect(reply.id).toMatch(/^chatcmpl-/);
    expect(reply.id).not.toMatch(/^chatcmpl-[A-Za-z0-9]{24}$/);
    expect(reply.model).toBe(shape === 'openai' ? `${r.model}-2024-07-18` : r.model);
    if (shape === 'openai') expect(reply.system_fingerprint).toBe('fp_up_42');
  });

  it('openai: every field the service does not own reaches the upstream unchanged, streamed too', async () => {
    const body = {
      model: r.model,
      messages: [
        { role: 'developer' as const, content: 'Be brief.' },
        { role: 'user' as const, content: ask('hello') },
      ],
      max_completion_tokens: 7,
      reasoning_effort: 'low' as const,
      user: 'user-1',
      metadata: { team: 'a' },
      store: false,
      service_tier: 'default' as const,
      temperature: 0.2,
      top_p: 0.9,
      seed: 3,
      logit_bias: { '50256': -100 },
      prediction: { type: 'content' as const, content: 'Hello' },
      stop: ['\n\n'],
    };
    await r.openai.chat.completions.create(body);
    expectForwarded(lastSent(r), body);
    const stream = await r.openai.chat.completions.create({ ...body, stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('Hello from the scripted upstream.');
    expectForwarded(lastSent(r), { ...body, stream: true });
  });

  it('openai: a tool call with its result in parts goes upstream as sent; the finish reason follows the dialect', async () => {
    const tools = [
      {
        type: 'function' as const,
        function: {
          name: 'get_weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      },
    ];
    const first = { model: r.model, messages: [{ role: 'user' as const, content: ask('tool') }], tools };
    const reply = await r.openai.chat.completions.create(first);
    expectForwarded(lastSent(r), first);
    // Ollama says "stop" after a call: the client still gets tool_calls.
    expect(reply.choices[0]?.finish_reason).toBe('tool_calls');
    const call = reply.choices[0]?.message.tool_calls?.[0];
    expect(call).toMatchObject({
      id: 'call_up_1',
      function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
    });
    const second = {
      ...first,
      messages: [
        ...first.messages,
        { role: 'assistant' as const, content: null, tool_calls: reply.choices[0]?.message.tool_calls },
        {
          role: 'tool' as const,
          tool_call_id: 'call_up_1',
          content: [{ type: 'text' as const, text: '-3 °C' }],
        },
      ],
    };
    await r.openai.chat.completions.create(second as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming);
    expectForwarded(lastSent(r), second);
  });

  it('openai: a legacy function call goes upstream as tools and comes back as function_call', async () => {
    const reply = await r.openai.chat.completions.create({
      model: r.model,
      messages: [{ role: 'user', content: ask('tool') }],
      functions: [
        { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
      ],
    });
    const sent = lastSent(r);
    expect(sent.functions).toBeUndefined();
    expect(sent.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      },
    ]);
    expect(reply.choices[0]?.finish_reason).toBe('function_call');
    expect(reply.choices[0]?.message.function_call).toEqual({
      name: 'get_weather',
      arguments: '{"city":"Oslo"}',
    });
  });

  it('openai: usage is the upstream’s, or absent when it sent none; logprobs null stays null', async () => {
    const counted = await r.openai.chat.completions.create({
      model: r.model,
      messages: [{ role: 'user', content: ask('hello') }],
    });
    expect(counted.usage).toEqual({ prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 });
    const none = await r.openai.chat.completions.create({
      model: r.model,
      messages: [{ role: 'user', content: ask('no-usage') }],
      logprobs: true,
    });
    expect(none.usage).toBeUndefined();
    expect(none.choices[0]?.logprobs).toBeNull();
  });

  it('openai: an upstream 401 is a 502 naming SVC_UPSTREAM_API_KEY, also when sent as 200 + an error event', async () => {
    for (const [which, stream] of [
      ['auth', false],
      ['auth', true],
      ['auth-event', true],
    ] as const) {
      const error = (await r.openai.chat.completions
        .create({ model: r.model, messages: [{ role: 'user', content: ask(which) }], stream })
        .then(
          () => null,
          (e: unknown) => e,
        )) as APIError;
      expect(error).toBeInstanceOf(APIError);
      expect(error.status).toBe(502);
      expect(error.code).toBe('upstream_auth_failed');
      expect(error.message).toContain('SVC_UPSTREAM_API_KEY');
      expect(error.message).not.toContain('up-key');
    }
  });

  it('openai: an upstream 429 is a RateLimitError with the upstream’s wait and limits, the local limiter’s kept apart', async () => {
    const error = (await r.openai.chat.completions
      .create({ model: r.model, messages: [{ role: 'user', content: ask('limit') }] })
      .then(
        () => null,
        (e: unknown) => e,
      )) as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.code).toBe('upstream_rate_limited');
    expect(error.headers.get('retry-after')).toBe('2');
    expect(error.headers.get('x-upstream-ratelimit-limit-requests')).toBe('5');
    expect(error.headers.get('x-upstream-ratelimit-remaining-requests')).toBe('0');
    expect(error.headers.get('x-upstream-ratelimit-reset-requests')).toBe('2s');
    expect(error.headers.get('x-ratelimit-limit')).toBe('60');
    expect(Number(error.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(40);
    const event = (await r.openai.chat.completions
      .create({ model: r.model, messages: [{ role: 'user', content: ask('limit-event') }], stream: true })
      .then(
        () => null,
        (e: unknown) => e,
      )) as RateLimitError;
    expect(event).toBeInstanceOf(RateLimitError);
    expect(event.code).toBe('upstream_rate_limited');
  });

  it('openai: the upstream’s request id and rate-limit state come as X-Upstream-* headers', async () => {
    const { response } = await r.openai.chat.completions
      .create({ model: r.model, messages: [{ role: 'user', content: ask('hello') }] })
      .withResponse();
    const id = response.headers.get('x-upstream-request-id');
    if (shape === 'openai') {
      expect(id).toMatch(/^req_up_\d+$/);
      expect(response.headers.get('x-upstream-ratelimit-limit-tokens')).toBe('4000000');
    } else if (shape === 'vllm') expect(id).toMatch(/^vllm-req-\d+$/);
    else expect(id).toBeNull();
    expect(response.headers.get('x-request-id')).not.toBe(id);
  });

  it('openai: reasoning passes in its own field', async () => {
    const reply = await r.openai.chat.completions.create({
      model: r.model,
      messages: [{ role: 'user', content: ask('think') }],
    });
    expect((reply.choices[0]?.message as { reasoning_content?: string }).reasoning_content).toBe(
      'Let me think.',
    );
  });

  it('AI SDK: generateText and streamText through provider.chat(), requests as the SDK made them', async () => {
    const sentBySdk: Record<string, unknown>[] = [];
    const provider = createOpenAI({
      baseURL: r.base,
      apiKey: KEY,
      fetch: async (input, init) => {
        if (typeof init?.body === 'string') sentBySdk.push(JSON.parse(init.body) as Record<string, unknown>);
        return fetch(input, init);
      },
    });
    const model = provider.chat(r.model);
    const whole = await generateText({
      model,
      system: 'Be brief.',
      prompt: ask('hello'),
      maxOutputTokens: 20,
      temperature: 0.1,
      providerOptions: { openai: { user: 'sdk-user', metadata: { run: '1' }, store: false } },
      maxRetries: 0,
    });
    expect(whole.text).toBe('Hello from the scripted upstream.');
    expect(whole.usage.inputTokens).toBe(12);
    expect(whole.response.modelId).toBe(shape === 'openai' ? `${r.model}-2024-07-18` : r.model);
    expectForwarded(lastSent(r), sentBySdk.at(-1) ?? {});

    const streamed = streamText({ model, prompt: ask('hello'), maxRetries: 0 });
    let text = '';
    for await (const part of streamed.textStream) text += part;
    expect(text).toBe('Hello from the scripted upstream.');
    expectForwarded(lastSent(r), sentBySdk.at(-1) ?? {});
  });

  it('AI SDK: a tool call round trip; an upstream 401 and 429 keep their meaning', async () => {
    const provider = createOpenAI({ baseURL: r.base, apiKey: KEY });
    const result = await generateText({
      model: provider.chat(r.model),
      prompt: ask('tool'),
      tools: {
        get_weather: tool({
          inputSchema: jsonSchema<{ city: string }>({
            type: 'object',
            properties: { city: { type: 'string' } },
            required: ['city'],
          }),
          execute: async () => ({ celsius: -3 }),
        }),
      },
      maxRetries: 0,
    });
    expect(result.steps[0]?.toolCalls[0]).toMatchObject({ toolName: 'get_weather', input: { city: 'Oslo' } });
    expect(result.steps[0]?.finishReason).toBe('tool-calls');
    const auth = await generateText({
      model: provider.chat(r.model),
      prompt: ask('auth'),
      maxRetries: 0,
    }).then(
      () => null,
      (e: unknown) => e as { statusCode?: number; message: string; isRetryable?: boolean },
    );
    expect(auth?.statusCode).toBe(502);
    expect(auth?.message).toContain('SVC_UPSTREAM_API_KEY');
    const limited = await generateText({
      model: provider.chat(r.model),
      prompt: ask('limit'),
      maxRetries: 0,
    }).then(
      () => null,
      (e: unknown) =>
        e as { statusCode?: number; isRetryable?: boolean; responseHeaders?: Record<string, string> },
    );
    expect(limited?.statusCode).toBe(429);
    expect(limited?.isRetryable).toBe(true);
    expect(limited?.responseHeaders?.['retry-after']).toBe('2');
  });
});

describe('a refusal through the service (OpenAI shape)', () => {
  let r: Rig;
  beforeAll(async () => {
    r = await rig('openai');
  });
  afterAll(async () => {
    await r.served.close();
    await r.upstream.close();
  });

  it('passes refusal whole and streamed, with no empty content invented', async () => {
    const whole = await r.openai.chat.completions.create({
      model: r.model,
      messages: [{ role: 'user', content: ask('refuse') }],
    });
    expect(whole.choices[0]?.message.refusal).toBe('I can’t help with that.');
    expect(whole.choices[0]?.message.content).toBeNull();
    const stream = await r.openai.chat.completions.create({
      model: r.model,
      messages: [{ role: 'user', content: ask('refuse') }],
      stream: true,
    });
    let refusal = '';
    for await (const chunk of stream) refusal += chunk.choices[0]?.delta.refusal ?? '';
    expect(refusal).toBe('I can’t help with that.');
  });
});

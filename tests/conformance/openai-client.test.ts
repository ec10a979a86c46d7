import OpenAI, { type APIError, type NotFoundError, type RateLimitError } from 'openai';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { resolveConfig } from '../../server/config';
import { serveApp, type ServedApp } from '../support/serve-app';

// The official `openai` npm client, which nobody here wrote, is the judge of whether the local
// service speaks the chat-completion format faithfully.
const KEY = 'conformance-key';
let served: ServedApp;
let client: OpenAI;

beforeAll(async () => {
  served = await serveApp(createApp(resolveConfig({ SVC_API_KEYS: `${KEY},other-key` })));
  client = new OpenAI({ apiKey: KEY, baseURL: `${served.origin}/v1`, maxRetries: 0 });
});
afterAll(async () => {
  await served.close();
});

const weather: OpenAI.Chat.ChatCompletionCreateParams.Function = {
  name: 'get_weather',
  description: 'Get the current weather for a city',
  parameters: {
    type: 'object',
    properties: {
      city: { type: 'string', description: 'The city name' },
      unit: { type: 'string', description: 'Temperature unit', enum: ['celsius', 'fahrenheit'] },
    },
    required: ['city'],
  },
};

describe('models', () => {
  it('lists the five svc models', async () => {
    const page = await client.models.list();
    const ids = page.data.map((m) => m.id).sort();
    expect(ids).toEqual(['svc-audio', 'svc-chat', 'svc-coder', 'svc-reasoner', 'svc-vision']);
    for (const model of page.data) {
      expect(model).toMatchObject({
        object: 'model',
        owned_by: 'svc',
        permission: [],
        root: model.id,
        parent: null,
      });
      expect(model).not.toHaveProperty('description');
    }
  });

  it('retrieves one model with its description', async () => {
    const model = await client.models.retrieve('svc-chat');
    expect(model.id).toBe('svc-chat');
    expect((model as unknown as { description: string }).description).toMatch(/\w/);
  });

  it('reports an unknown model as NotFoundError with code model_not_found', async () => {
    const error = await client.models.retrieve('svc-nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as NotFoundError).code).toBe('model_not_found');
  });

  it('works at the base URL without /v1 too', async () => {
    const bare = new OpenAI({ apiKey: KEY, baseURL: served.origin, maxRetries: 0 });
    const page = await bare.models.list();
    expect(page.data).toHaveLength(5);
  });
});

describe('chat', () => {
  it('answers a plain request with a chat.completion', async () => {
    const completion = await client.chat.completions.create({
      model: 'svc-chat',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello there' },
      ],
      temperature: 0,
      max_tokens: 200,
    });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('svc-chat');
    const choice = completion.choices[0]!;
    expect(choice.message.role).toBe('assistant');
    expect(choice.message.content).toMatch(/\w/);
    expect(['stop', 'length']).toContain(choice.finish_reason);
    const usage = completion.usage!;
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(usage.completion_tokens).toBeLessThanOrEqual(200);
  });

  it('streams chunks whose contents join to the non-streamed reply', async () => {
    const request = {
      model: 'svc-chat',
      messages: [{ role: 'user' as const, content: 'Tell me about streams' }],
      temperature: 0,
      max_tokens: 120,
    };
    const whole = await client.chat.completions.create(request);
    const stream = await client.chat.completions.create({ ...request, stream: true });
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);

    expect(chunks.length).toBeGreaterThan(3);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    const last = chunks.at(-1)!.choices[0]!;
    expect(last.finish_reason).toBe(whole.choices[0]!.finish_reason);
    expect(chunks.slice(0, -1).every((c) => c.choices[0]!.finish_reason === null)).toBe(true);
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe(whole.choices[0]!.message.content);
  });

  it('cuts at max_tokens with finish_reason length', async () => {
    const completion = await client.chat.completions.create({
      model: 'svc-chat',
      messages: [{ role: 'user', content: 'Write a long essay of 500 words about rivers' }],
      max_tokens: 16,
    });
    expect(completion.choices[0]!.finish_reason).toBe('length');
    expect(completion.usage!.completion_tokens).toBe(16);
  });

  it('returns a legacy function call with schema-valid arguments', async () => {
    const completion = await client.chat.completions.create({
      model: 'svc-chat',
      messages: [{ role: 'user', content: 'What is the weather in Paris? Use get_weather in celsius.' }],
      functions: [weather],
      function_call: 'auto',
    });
    const choice = completion.choices[0]!;
    expect(choice.finish_reason).toBe('function_call');
    expect(choice.message.content).toBeNull();
    expect(choice.message.function_call?.name).toBe('get_weather');
    const args = JSON.parse(choice.message.function_call!.arguments) as Record<string, unknown>;
    expect(typeof args.city).toBe('string');
    if ('unit' in args) expect(['celsius', 'fahrenheit']).toContain(args.unit);
  });

  it('streams a function call that assembles into the same call', async () => {
    const stream = await client.chat.completions.create({
      model: 'svc-chat',
      messages: [{ role: 'user', content: 'Call get_weather for Berlin please' }],
      functions: [weather],
      stream: true,
    });
    let name = '';
    let args = '';
    let finish: string | null = null;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      name += choice?.delta.function_call?.name ?? '';
      args += choice?.delta.function_call?.arguments ?? '';
      finish = choice?.finish_reason ?? finish;
    }
    expect(name).toBe('get_weather');
    expect(JSON.parse(args)).toHaveProperty('city');
    expect(finish).toBe('function_call');
  });

  const time: OpenAI.Chat.ChatCompletionTool = {
    type: 'function',
    function: {
      name: 'get_time',
      description: 'Get the local time in a timezone',
      parameters: { type: 'object', properties: { timezone: { type: 'string' } }, required: ['timezone'] },
    },
  };
  const tools: OpenAI.Chat.ChatCompletionTool[] = [{ type: 'function', function: weather }, time];
  const both = 'Use get_weather for Oslo and get_time for Europe/Oslo.';

  it('answers tools with parallel tool_calls, one per function the message names', async () => {
    const completion = await client.chat.completions.create({
      model: 'svc-chat',
      messages: [{ role: 'user', content: both }],
      tools,
    });
    const choice = completion.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    const calls = choice.message.tool_calls ?? [];
    expect(calls.map((c) => c.type === 'function' && c.function.name)).toEqual(['get_weather', 'get_time']);
    expect(new Set(calls.map((c) => c.id)).size).toBe(2);
    for (const call of calls)
      if (call.type === 'function') expect(JSON.parse(call.function.arguments)).toBeTypeOf('object');
  });

  it('streams the same tool calls, which the client’s stream helper assembles', async () => {
    const runner = client.chat.completions.stream({
      model: 'svc-chat',
      messages: [{ role: 'user', content: both }],
      tools,
    });
    const final = await runner.finalChatCompletion();
    const calls = final.choices[0]?.message.tool_calls ?? [];
    expect(calls.map((c) => c.type === 'function' && c.function.name)).toEqual(['get_weather', 'get_time']);
    for (const call of calls)
      if (call.type === 'function') expect(JSON.parse(call.function.arguments)).toBeTypeOf('object');
    expect(final.choices[0]?.finish_reason).toBe('tool_calls');
  });

  it('makes one call with parallel_tool_calls false, and answers the results sent back by tool_call_id', async () => {
    const first = await client.chat.completions.create({
      model: 'svc-chat',
      messages: [{ role: 'user', content: both }],
      tools,
      parallel_tool_calls: false,
    });
    const calls = first.choices[0]!.message.tool_calls ?? [];
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    const reply = await client.chat.completions.create({
      model: 'svc-chat',
      messages: [
        { role: 'user', content: both },
        first.choices[0]!.message,
        { role: 'tool', tool_call_id: call.id, content: '{"temperature": 4}' },
      ],
      tools,
    });
    expect(reply.choices[0]?.finish_reason).toBe('stop');
    expect(reply.choices[0]?.message.content).toMatch(/\w/);
  });

  it('answers response_format json_schema with an object that validates against the schema', async () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        legs: { type: 'integer', minimum: 0 },
        colours: {
          type: 'array',
          items: { type: 'string', enum: ['black', 'white', 'ginger'] },
          minItems: 1,
        },
      },
      required: ['name', 'legs', 'colours'],
      additionalProperties: false,
    };
    const completion = await client.chat.completions.create({
      model: 'svc-chat',
      messages: [{ role: 'user', content: 'Describe a cat called Tom' }],
      response_format: { type: 'json_schema', json_schema: { name: 'cat', schema, strict: true } },
    });
    const parsed: unknown = JSON.parse(completion.choices[0]!.message.content!);
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true);
  });

  it('answers in JSON mode with exactly one JSON object', async () => {
    const completion = await client.chat.completions.create({
      model: 'svc-chat',
      messages: [{ role: 'user', content: 'Describe a cat as JSON' }],
      response_format: { type: 'json_object' },
    });
    const parsed: unknown = JSON.parse(completion.choices[0]!.message.content!);
    expect(parsed).toBeTypeOf('object');
    expect(Array.isArray(parsed)).toBe(false);
  });

  it('gives the reasoner thinking in reasoning_content before the answer', async () => {
    const completion = await client.chat.completions.create({
      model: 'svc-reasoner',
      messages: [{ role: 'user', content: 'Why is the sky blue?' }],
    });
    const message = completion.choices[0]!.message as OpenAI.Chat.ChatCompletionMessage & {
      reasoning_content?: string;
    };
    expect(message.reasoning_content).toMatch(/\w/);
    expect(message.content).toMatch(/\w/);
  });

  it('returns per-token logprobs in the common shape', async () => {
    const completion = await client.chat.completions.create({
      model: 'svc-chat',
      messages: [{ role: 'user', content: 'Say something short' }],
      max_tokens: 10,
      logprobs: true,
      top_logprobs: 3,
    });
    const content = completion.choices[0]!.logprobs!.content!;
    expect(content.length).toBe(completion.usage!.completion_tokens);
    for (const token of content) {
      expect(token.logprob).toBeLessThanOrEqual(0);
      expect(token.top_logprobs).toHaveLength(3);
    }
    expect(content.map((t) => t.token).join('')).toBe(completion.choices[0]!.message.content);
  });
});

describe('code completions', () => {
  it('completes code through the client’s generic post', async () => {
    const body = await client.post<{
      id: string;
      object: string;
      choices: { text: string; finish_reason: string }[];
    }>('/code/completions', {
      body: { model: 'svc-coder', prompt: 'def add(a, b):\n', language: 'python', max_tokens: 40 },
    });
    expect(body.id).toMatch(/^codecmpl-/);
    expect(body.object).toBe('code.completion');
    expect(body.choices[0]!.text.length).toBeGreaterThan(0);
  });
});

describe('errors', () => {
  it('rejects a wrong key with AuthenticationError invalid_api_key', async () => {
    const bad = new OpenAI({ apiKey: 'wrong', baseURL: `${served.origin}/v1`, maxRetries: 0 });
    const error = await bad.models.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as APIError).code).toBe('invalid_api_key');
    expect((error as APIError).type).toBe('invalid_request_error');
  });

  it('names the offending parameter of a bad request', async () => {
    const error = await client.chat.completions
      .create({ model: 'svc-chat', messages: [{ role: 'user', content: 'hi' }], temperature: 3 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as APIError).param).toBe('temperature');
  });

  it('rejects a model used on the wrong endpoint', async () => {
    const error = await client.chat.completions
      .create({ model: 'svc-audio', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as APIError).param).toBe('model');
  });

  it('reports an unknown chat model as model_not_found', async () => {
    const error = await client.chat.completions
      .create({ model: 'svc-imaginary', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as APIError).code).toBe('model_not_found');
  });

  it('reports context_length_exceeded for a prompt over the context', async () => {
    const error = await client.chat.completions
      .create({ model: 'svc-chat', messages: [{ role: 'user', content: 'word '.repeat(130_000) }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as APIError).code).toBe('context_length_exceeded');
  });

  it('raises RateLimitError after the per-key limit, with the limit headers', async () => {
    const limited = await serveApp(
      createApp(resolveConfig({ SVC_API_KEYS: 'rl-key', SVC_RATE_LIMITS: 'chat=2' })),
    );
    try {
      const c = new OpenAI({ apiKey: 'rl-key', baseURL: `${limited.origin}/v1`, maxRetries: 0 });
      const ask = () =>
        c.chat.completions.create({ model: 'svc-chat', messages: [{ role: 'user', content: 'hi' }] });
      await ask();
      await ask();
      const error = await ask().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.RateLimitError);
      const apiError = error as RateLimitError;
      expect(apiError.code).toBe('rate_limit_exceeded');
      expect(apiError.type).toBe('rate_limit_error');
      expect(apiError.headers.get('x-ratelimit-limit')).toBe('2');
      expect(apiError.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(apiError.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 - 1);
    } finally {
      await limited.close();
    }
  });
});

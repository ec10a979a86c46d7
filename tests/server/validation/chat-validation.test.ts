import { describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import { countTokens } from '../../../server/tokens';
import type { ChatCompletion } from '../../../src/protocol/wire';
import { CHAT, errorOf, KEY, postJson, testApp } from '../support/test-app';

const user = (content: unknown) => ({ role: 'user', content });
const weather = {
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

// [case, body overrides, expected param, message pattern]
const CASES: [string, Record<string, unknown>, string | null, RegExp][] = [
  ['missing model', { model: undefined }, 'model', /'model' is required/],
  ['model not a string', { model: 7 }, 'model', /'model' must be a string/],
  [
    'audio model on chat',
    { model: 'svc-audio' },
    'model',
    /'svc-audio' cannot be used on \/chat\/completions: use svc-chat or svc-reasoner/,
  ],
  ['coder model on chat', { model: 'svc-coder' }, 'model', /send svc-coder to \/code\/completions/],
  ['missing messages', { messages: undefined }, 'messages', /'messages' is required/],
  ['messages not an array', { messages: 'hi' }, 'messages', /must be an array/],
  ['empty messages', { messages: [] }, 'messages', /at least one message/],
  ['message not an object', { messages: [user('a'), 'b'] }, 'messages[1]', /must be an object/],
  [
    'unknown role',
    { messages: [user('a'), { role: 'moderator', content: 'x' }] },
    'messages[1].role',
    /'system', 'developer', 'user', 'assistant', 'function' or 'tool'/,
  ],
  [
    'a tool message without tool_call_id',
    { messages: [user('a'), { role: 'tool', content: 'x' }] },
    'messages[1].tool_call_id',
    /required on a tool message/,
  ],
  [
    'a tool message answering no call',
    { messages: [user('a'), { role: 'tool', tool_call_id: 'call_9', content: 'x' }] },
    'messages[1].tool_call_id',
    /no earlier assistant tool_calls entry/,
  ],
  [
    'tool_calls on a user message',
    { messages: [{ role: 'user', content: 'a', tool_calls: [] }] },
    'messages[0].tool_calls',
    /only allowed on an assistant message/,
  ],
  ['missing role', { messages: [{ content: 'x' }] }, 'messages[0].role', /must be one of/],
  ['missing content', { messages: [{ role: 'user' }] }, 'messages[0].content', /is required/],
  ['numeric content', { messages: [user(5)] }, 'messages[0].content', /must be a string/],
  ['empty content array', { messages: [user([])] }, 'messages[0].content', /empty array/],
  [
    'image part on chat',
    { messages: [user([{ type: 'image_url', image_url: { url: 'https://x.test/a.png' } }])] },
    'messages[0].content[0]',
    /\/vision\/analyze/,
  ],
  [
    'bad part type',
    { messages: [user([{ type: 'audio' }])] },
    'messages[0].content[0].type',
    /'text' or 'image_url'/,
  ],
  [
    'function role without name',
    { messages: [{ role: 'function', content: '{}' }] },
    'messages[0].name',
    /is required on a function message/,
  ],
  [
    'function_call on a user message',
    { messages: [{ role: 'user', content: 'x', function_call: { name: 'f', arguments: '{}' } }] },
    'messages[0].function_call',
    /only allowed on an assistant/,
  ],
  [
    'assistant function_call without arguments',
    { messages: [{ role: 'assistant', content: null, function_call: { name: 'f' } }] },
    'messages[0].function_call.arguments',
    /must be a string/,
  ],
  [
    'a refusal that is not text',
    { messages: [user('a'), { role: 'assistant', content: null, refusal: 42 }, user('b')] },
    'messages[1].refusal',
    /'messages\[1\].refusal' must be a string/,
  ],
  [
    'a refusal on a user message',
    { messages: [{ role: 'user', content: 'a', refusal: 'no' }] },
    'messages[0].refusal',
    /only allowed on an assistant message/,
  ],
  [
    'an assistant message with neither content nor a refusal',
    { messages: [user('a'), { role: 'assistant', content: null, refusal: null }, user('b')] },
    'messages[1].content',
    /is required unless the message carries a function_call, tool_calls or a refusal/,
  ],
  ['temperature too high', { temperature: 2.5 }, 'temperature', /from 0 to 2; 2.5 is out of range/],
  ['temperature negative', { temperature: -0.1 }, 'temperature', /out of range/],
  ['temperature a string', { temperature: '1' }, 'temperature', /must be a number/],
  ['top_p over 1', { top_p: 1.5 }, 'top_p', /from 0 to 1/],
  ['frequency_penalty under -2', { frequency_penalty: -3 }, 'frequency_penalty', /from -2 to 2/],
  ['presence_penalty over 2', { presence_penalty: 2.01 }, 'presence_penalty', /from -2 to 2/],
  ['max_tokens zero', { max_tokens: 0 }, 'max_tokens', /integer of at least 1/],
  ['max_tokens fractional', { max_tokens: 1.5 }, 'max_tokens', /must be an integer/],
  ['stream not boolean', { stream: 'yes' }, 'stream', /true or false/],
  ['stop empty string', { stop: '' }, 'stop', /must not be an empty string/],
  ['stop with a number', { stop: ['a', 3] }, 'stop[1]', /non-empty string/],
  ['too many stops', { stop: ['a', 'b', 'c', 'd', 'e'] }, 'stop', /at most 4/],
  ['logprobs not boolean', { logprobs: 1 }, 'logprobs', /true or false/],
  ['top_logprobs without logprobs', { top_logprobs: 2 }, 'top_logprobs', /needs "logprobs": true/],
  ['top_logprobs over 20', { logprobs: true, top_logprobs: 21 }, 'top_logprobs', /from 0 to 20/],
  ['logit_bias key not a token id', { logit_bias: { hello: 1 } }, 'logit_bias.hello', /token ids/],
  ['logit_bias out of range', { logit_bias: { '42': 101 } }, 'logit_bias.42', /-100 to 100/],
  ['n above 1', { n: 2 }, 'n', /must be 1: the service makes one choice/],
  ['empty tools', { tools: [] }, 'tools', /array of 1 to 128 tools/],
  [
    'tools and functions together',
    { tools: [{ type: 'function', function: { name: 'a' } }], functions: [{ name: 'a' }] },
    'tools',
    /either 'functions' or 'tools'/,
  ],
  [
    'a tool that is not a function',
    { tools: [{ type: 'retrieval' }] },
    'tools[0].type',
    /must be "function"/,
  ],
  [
    'a tool with a bad name',
    { tools: [{ type: 'function', function: { name: 'a b' } }] },
    'tools[0].function.name',
    /letters, digits/,
  ],
  [
    'tool_choice naming no tool',
    {
      tools: [{ type: 'function', function: { name: 'a' } }],
      tool_choice: { type: 'function', function: { name: 'b' } },
    },
    'tool_choice',
    /names 'b'/,
  ],
  [
    'parallel_tool_calls not a boolean',
    { parallel_tool_calls: 'yes' },
    'parallel_tool_calls',
    /boolean|true or false/,
  ],
  ['response_format not an object', { response_format: 'json' }, 'response_format', /must be an object/],
  [
    'response_format of an unknown type',
    { response_format: { type: 'yaml' } },
    'response_format.type',
    /"json_object", "json_schema" or "text"/,
  ],
  [
    'response_format json_schema without a name',
    { response_format: { type: 'json_schema', json_schema: { schema: { type: 'object' } } } },
    'response_format.json_schema.name',
    /1-64 letters/,
  ],
  [
    'response_format json_schema with an invalid schema',
    { response_format: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'objekt' } } } },
    'response_format.json_schema.schema',
    /not a valid JSON Schema/,
  ],
  [
    'stream_options without stream',
    { stream_options: { include_usage: true } },
    'stream_options',
    /only allowed with "stream": true/,
  ],
  ['functions empty', { functions: [] }, 'functions', /1 to 128/],
  [
    'function name with a space',
    { functions: [{ name: 'get weather' }] },
    'functions[0].name',
    /\^\[a-zA-Z0-9_-\]\{1,64\}\$/,
  ],
  ['function name too long', { functions: [{ name: 'f'.repeat(65) }] }, 'functions[0].name', /1-64/],
  [
    'duplicate function names',
    { functions: [weather, weather] },
    'functions[1].name',
    /repeats 'get_weather'/,
  ],
  [
    'parameters not type object',
    { functions: [{ name: 'f', parameters: { type: 'array' } }] },
    'functions[0].parameters.type',
    /must be "object"/,
  ],
  [
    'parameters without properties',
    { functions: [{ name: 'f', parameters: { type: 'object' } }] },
    'functions[0].parameters.properties',
    /must be an object/,
  ],
  [
    'property with a bad type',
    { functions: [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'strin' } } } }] },
    'functions[0].parameters.properties.a.type',
    /must be one of string/,
  ],
  [
    'property without a type',
    { functions: [{ name: 'f', parameters: { type: 'object', properties: { a: { description: 'x' } } } }] },
    'functions[0].parameters.properties.a.type',
    /is required/,
  ],
  [
    'empty enum',
    {
      functions: [
        { name: 'f', parameters: { type: 'object', properties: { a: { type: 'string', enum: [] } } } },
      ],
    },
    'functions[0].parameters.properties.a.enum',
    /non-empty array/,
  ],
  [
    'required naming an unknown property',
    { functions: [{ name: 'f', parameters: { type: 'object', properties: {}, required: ['city'] } }] },
    'functions[0].parameters.required[0]',
    /must name a property/,
  ],
  [
    'schema ajv cannot compile',
    {
      functions: [
        { name: 'f', parameters: { type: 'object', properties: { a: { type: 'string', minLength: -1 } } } },
      ],
    },
    'functions[0].parameters',
    /not a valid JSON Schema/,
  ],
  [
    'function_call naming an undefined function',
    { functions: [weather], function_call: { name: 'other' } },
    'function_call',
    /not among the defined 'functions'/,
  ],
  [
    'function_call an unknown string',
    { functions: [weather], function_call: 'always' },
    'function_call',
    /"auto", "none" or \{"name"/,
  ],
];

describe('chat request validation', () => {
  it.each(CASES)('rejects %s with 400 naming the param', async (_case, overrides, param, message) => {
    const { app, chat } = testApp();
    const body: Record<string, unknown> = { ...CHAT, ...overrides };
    for (const [name, value] of Object.entries(overrides)) if (value === undefined) delete body[name];
    const response = await postJson(app, '/v1/chat/completions', body);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_request_error', param });
    expect(error.message).toMatch(message);
    expect(chat.calls).toHaveLength(0);
  });

  it('answers 404 model_not_found for an unknown model', async () => {
    const { app } = testApp();
    const response = await postJson(app, '/v1/chat/completions', { ...CHAT, model: 'gpt-4' });
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({
      code: 'model_not_found',
      type: 'invalid_request_error',
      param: 'model',
    });
  });

  it('accepts valid functions, function_call values and the boundaries of every range', async () => {
    const { app, chat } = testApp();
    const ok = [
      { functions: [weather], function_call: 'auto' },
      { functions: [weather], function_call: 'none' },
      { functions: [weather], function_call: { name: 'get_weather' } },
      {
        functions: [
          { name: 'no_params' },
          {
            name: 'union',
            parameters: {
              type: 'object',
              properties: {
                v: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                w: { type: ['integer', 'null'] },
              },
            },
          },
        ],
      },
      { temperature: 0, top_p: 0, frequency_penalty: -2, presence_penalty: 2, max_tokens: 1 },
      {
        temperature: 2,
        top_p: 1,
        stop: 'x',
        logprobs: true,
        top_logprobs: 20,
        logit_bias: { '1': -100, '2': 100 },
      },
      { response_format: { type: 'json_object' } },
      { response_format: { type: 'text' }, stream: false, n: 1 },
      {
        messages: [
          { role: 'system', content: 's' },
          { role: 'assistant', content: null, function_call: { name: 'f', arguments: '{}' } },
          { role: 'function', name: 'f', content: '{"t":1}' },
          user([{ type: 'text', text: 'parts' }]),
        ],
      },
    ];
    for (const overrides of ok) {
      const response = await postJson(app, '/v1/chat/completions', { ...CHAT, ...overrides });
      expect(response.status, JSON.stringify(overrides)).toBe(200);
    }
    expect(chat.calls).toHaveLength(ok.length);
  });

  it('accepts an earlier refusal in the history as OpenAI does, and gives it to the engine', async () => {
    const { app, chat } = testApp();
    const messages = [
      user('Do the thing'),
      { role: 'assistant', content: null, refusal: 'I can’t help with that.' },
      { role: 'assistant', content: 'Here is half.', refusal: 'Not the rest.' },
      { role: 'assistant', content: 'Plain.', refusal: null },
      user('Why not?'),
    ];
    const response = await postJson(app, '/v1/chat/completions', { ...CHAT, messages });
    expect(response.status).toBe(200);
    expect(chat.calls[0]!.request.messages).toEqual([
      { role: 'user', content: 'Do the thing' },
      { role: 'assistant', content: null, refusal: 'I can’t help with that.' },
      { role: 'assistant', content: 'Here is half.', refusal: 'Not the rest.' },
      { role: 'assistant', content: 'Plain.' },
      { role: 'user', content: 'Why not?' },
    ]);
  });

  it('counts a refusal in the history as prompt tokens, and the reference engine answers as without it', async () => {
    const app = createApp(resolveConfig({ SVC_API_KEYS: KEY }), { log: () => {} });
    const refusal = 'I can’t help with that: it is against the rules I follow.';
    const ask = async (assistant: Record<string, unknown>) => {
      const response = await postJson(app, '/v1/chat/completions', {
        ...CHAT,
        // Above 0 its wording varies with the request: at 0 only what it reads changes the reply.
        temperature: 0,
        messages: [user('Do the thing'), { role: 'assistant', ...assistant }, user('Why not?')],
      });
      expect(response.status).toBe(200);
      return (await response.json()) as ChatCompletion;
    };
    const refused = await ask({ content: null, refusal });
    const plain = await ask({ content: '' });
    expect(refused.usage!.prompt_tokens - plain.usage!.prompt_tokens).toBe(countTokens(refusal));
    // The reply reads the last message; only its report of the prompt's size differs.
    const withoutCount = (c: ChatCompletion) =>
      c.choices[0]!.message.content!.replace(/whole conversation:\*\* \d+/, '');
    expect(withoutCount(refused)).toBe(withoutCount(plain));
  });

  it('answers context_length_exceeded when prompt tokens plus max_tokens exceed the context', async () => {
    const { app } = testApp();
    const response = await postJson(app, '/v1/chat/completions', { ...CHAT, max_tokens: 131_070 });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toMatchObject({
      type: 'invalid_request_error',
      code: 'context_length_exceeded',
      param: 'messages',
    });
    expect(error.message).toMatch(
      /maximum context length is 131072 tokens.*\(\d+ in the messages, 131070 in the completion\)/,
    );
    // The prompt counts: the same budget with a tiny prompt fits.
    expect((await postJson(app, '/v1/chat/completions', { ...CHAT, max_tokens: 131_000 })).status).toBe(200);
  });

  it('counts the configured default max_tokens when the request sets none', async () => {
    const { app } = testApp({ SVC_DEFAULT_MAX_TOKENS: '131072' });
    const response = await postJson(app, '/v1/chat/completions', CHAT);
    expect((await errorOf(response)).code).toBe('context_length_exceeded');
  });

  it('counts tokens, not characters: a prompt longer than the context in characters fits in tokens', async () => {
    const { app } = testApp();
    // 240,000 characters, about 40,000 tokens.
    const long = 'hello world '.repeat(20_000);
    const response = await postJson(app, '/v1/chat/completions', {
      ...CHAT,
      messages: [user(long)],
      max_tokens: 1,
    });
    expect(response.status).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { buildChatRequest, toWireMessages } from '../../../../src/lib/chat/build-request';
import { pickChatParameters, type ChatParameters } from '../../../../src/lib/chat/chat-parameters';
import type { ConversationMessage } from '../../../../src/lib/chat/conversation-types';

const user = (content: string, id = content): ConversationMessage => ({
  id,
  role: 'user',
  content,
  createdAt: 0,
});
const assistant = (content: string, extra: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id: `a-${content}`,
  role: 'assistant',
  content,
  createdAt: 0,
  ...extra,
});

describe('buildChatRequest', () => {
  it('sends only model and messages when no parameter is set', () => {
    const body = buildChatRequest({ model: 'svc-chat', messages: [user('hi')], stream: false });
    expect(body).toEqual({ model: 'svc-chat', messages: [{ role: 'user', content: 'hi' }] });
  });

  const cases: [keyof ChatParameters, unknown][] = [
    ['temperature', 0],
    ['max_tokens', 5],
    ['top_p', 0.5],
    ['frequency_penalty', -1.5],
    ['presence_penalty', 2],
    ['stop', ['END', '\n\n']],
    ['logprobs', false],
    ['top_logprobs', 3],
    ['logit_bias', { '42': -100 }],
    ['response_format', { type: 'json_object' }],
    ['seed', 7],
  ];
  it.each(cases)('sends %s only when it is set, with its exact value', (name, value) => {
    const without = buildChatRequest({ model: 'm', messages: [user('x')], stream: false, parameters: {} });
    expect(name in without).toBe(false);
    const parameters = { [name]: value } as ChatParameters;
    const body = buildChatRequest({ model: 'm', messages: [user('x')], stream: false, parameters });
    expect((body as unknown as Record<string, unknown>)[name]).toEqual(value);
    const others = Object.keys(body).filter((k) => k !== 'model' && k !== 'messages' && k !== name);
    expect(others).toEqual([]);
  });

  it('drops a parameter whose key holds undefined', () => {
    const body = buildChatRequest({
      model: 'm',
      messages: [],
      stream: false,
      // A caller outside TypeScript's checks (a parsed file) can still hand over a key set to undefined.
      parameters: { temperature: undefined } as unknown as ChatParameters,
    });
    expect('temperature' in body).toBe(false);
  });

  it('sends stream only when streaming', () => {
    expect(buildChatRequest({ model: 'm', messages: [], stream: true }).stream).toBe(true);
    expect('stream' in buildChatRequest({ model: 'm', messages: [], stream: false })).toBe(false);
  });

  it('sends function_call only together with functions', () => {
    const fn = { name: 'f', parameters: { type: 'object' as const, properties: {} } };
    const alone = buildChatRequest({
      model: 'm',
      messages: [],
      stream: false,
      parameters: { function_call: 'auto' },
    });
    expect('function_call' in alone).toBe(false);
    const withFns = buildChatRequest({
      model: 'm',
      messages: [],
      stream: false,
      parameters: { function_call: 'auto' },
      functions: [fn],
    });
    expect(withFns.function_call).toBe('auto');
    expect(withFns.functions).toEqual([fn]);
  });

  it('puts a non-blank system prompt first and leaves a blank one out', () => {
    const withSystem = buildChatRequest({
      model: 'm',
      systemPrompt: 'Be brief.',
      messages: [user('q')],
      stream: false,
    });
    expect(withSystem.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
    const blank = buildChatRequest({
      model: 'm',
      systemPrompt: '  \n',
      messages: [user('q')],
      stream: false,
    });
    expect(blank.messages.map((m) => m.role)).toEqual(['user']);
  });

  it('does not share parameter objects with the caller', () => {
    const parameters: ChatParameters = { stop: ['a'] };
    const body = buildChatRequest({ model: 'm', messages: [], stream: false, parameters });
    (body.stop as string[]).push('b');
    expect(parameters.stop).toEqual(['a']);
  });
});

describe('toWireMessages', () => {
  it('never sends reasoning back', () => {
    const wire = toWireMessages([
      user('q'),
      assistant('answer', {
        status: 'complete',
        reasoning: { text: 'secret thoughts', tokens: 3, startedAt: 1, endedAt: 2 },
      }),
    ]);
    expect(wire).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: 'answer' },
    ]);
    expect(JSON.stringify(wire)).not.toContain('secret thoughts');
  });

  it('sends a kept stopped or failed partial reply as its text', () => {
    const wire = toWireMessages([user('q'), assistant('half an ans', { status: 'stopped' }), user('go on')]);
    expect(wire[1]).toEqual({ role: 'assistant', content: 'half an ans' });
    expect(toWireMessages([assistant('partial', { status: 'error' })])).toHaveLength(1);
  });

  it('leaves out empty failed replies and the reply being requested', () => {
    const wire = toWireMessages([
      user('q'),
      assistant('', { status: 'error' }),
      assistant('', { status: 'stopped' }),
      assistant('growing', { status: 'streaming' }),
      assistant('', { status: 'pending' }),
    ]);
    expect(wire).toEqual([{ role: 'user', content: 'q' }]);
  });

  it('keeps a hand-written empty assistant message and function calls with null content', () => {
    const wire = toWireMessages([
      assistant(''),
      assistant('', { status: 'complete', function_call: { name: 'f', arguments: '{}' } }),
      { id: 'r', role: 'function', name: 'f', content: '{"ok":true}', createdAt: 0 },
    ]);
    expect(wire).toEqual([
      { role: 'assistant', content: '' },
      { role: 'assistant', content: null, function_call: { name: 'f', arguments: '{}' } },
      { role: 'function', name: 'f', content: '{"ok":true}' },
    ]);
  });
});

describe('toWireMessages with a refusal', () => {
  it('sends a refused reply as OpenAI takes it: content null beside the refusal', () => {
    const wire = toWireMessages([
      user('q'),
      assistant('', { status: 'complete', refusal: 'I can’t help with that.' }),
      user('why?'),
    ]);
    expect(wire[1]).toEqual({ role: 'assistant', content: null, refusal: 'I can’t help with that.' });
  });

  it('keeps the text of a reply that has both, and sends a stopped refusal it received', () => {
    expect(toWireMessages([assistant('Part: ', { status: 'complete', refusal: 'not more.' })])).toEqual([
      { role: 'assistant', content: 'Part: ', refusal: 'not more.' },
    ]);
    expect(toWireMessages([assistant('', { status: 'stopped', refusal: 'I can’t' })])).toEqual([
      { role: 'assistant', content: null, refusal: 'I can’t' },
    ]);
  });

  it('keeps the refusal on the first message only when a legacy server gets calls split one per message', () => {
    const calls = ['a', 'b'].map((id) => ({
      id,
      type: 'function' as const,
      function: { name: 'f', arguments: '{}' },
    }));
    const body = buildChatRequest({
      model: 'm',
      messages: [assistant('', { status: 'complete', tool_calls: calls, refusal: 'Only one.' })],
      stream: false,
      dialect: 'legacy',
    });
    expect(body.messages).toEqual([
      { role: 'assistant', content: null, refusal: 'Only one.', function_call: calls[0]!.function },
      { role: 'assistant', content: null, function_call: calls[1]!.function },
    ]);
  });
});

describe('pickChatParameters', () => {
  it('keeps request parameters and drops model, stream, unknown keys and undefined values', () => {
    expect(
      pickChatParameters({
        model: 'svc-chat',
        stream: true,
        temperature: 0,
        top_p: undefined,
        colour: 'red',
        stop: ['x'],
      }),
    ).toEqual({ temperature: 0, stop: ['x'] });
  });
});

describe('buildChatRequest in each function-calling dialect', () => {
  const weather = { name: 'get_weather', parameters: { type: 'object' as const, properties: {} } };
  const calls = [
    {
      id: 'call_a',
      type: 'function' as const,
      function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
    },
    {
      id: 'call_b',
      type: 'function' as const,
      function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
    },
  ];
  const conversation: ConversationMessage[] = [
    { id: '1', role: 'user', content: 'Weather in Paris and Oslo?', createdAt: 0 },
    { id: '2', role: 'assistant', content: '', tool_calls: calls, status: 'complete', createdAt: 0 },
    { id: '3', role: 'tool', tool_call_id: 'call_a', name: 'get_weather', content: '21', createdAt: 0 },
    { id: '4', role: 'tool', tool_call_id: 'call_b', name: 'get_weather', content: '9', createdAt: 0 },
  ];

  it('sends tools, tool_calls and tool results as they are in the tools dialect', () => {
    const body = buildChatRequest({
      model: 'm',
      messages: conversation,
      functions: [weather],
      parameters: { function_call: { name: 'get_weather' } },
      stream: false,
      dialect: 'tools',
    }) as unknown as Record<string, unknown>;
    expect(body.functions).toBeUndefined();
    expect(body.function_call).toBeUndefined();
    expect(body.tools).toEqual([{ type: 'function', function: weather }]);
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
    expect(body.messages).toEqual([
      { role: 'user', content: 'Weather in Paris and Oslo?' },
      { role: 'assistant', content: null, tool_calls: calls },
      { role: 'tool', tool_call_id: 'call_a', content: '21' },
      { role: 'tool', tool_call_id: 'call_b', content: '9' },
    ]);
  });

  it('rewrites the same conversation for a legacy server: one function_call per call, results named', () => {
    const body = buildChatRequest({
      model: 'm',
      messages: conversation,
      functions: [weather],
      stream: false,
      dialect: 'legacy',
    });
    expect(body.tools).toBeUndefined();
    expect(body.functions).toEqual([weather]);
    expect(body.messages).toEqual([
      { role: 'user', content: 'Weather in Paris and Oslo?' },
      { role: 'assistant', content: null, function_call: calls[0]!.function },
      { role: 'assistant', content: null, function_call: calls[1]!.function },
      { role: 'function', name: 'get_weather', content: '21' },
      { role: 'function', name: 'get_weather', content: '9' },
    ]);
  });

  it('sends parallel_tool_calls to a tools server only', () => {
    const input = {
      model: 'm',
      messages: conversation.slice(0, 1),
      functions: [weather],
      parameters: { parallel_tool_calls: false },
      stream: false,
    };
    expect(buildChatRequest({ ...input, dialect: 'tools' }).parallel_tool_calls).toBe(false);
    expect('parallel_tool_calls' in buildChatRequest({ ...input, dialect: 'legacy' })).toBe(false);
  });

  it('gives a legacy call made earlier an id when the conversation goes on with a tools server', () => {
    const body = buildChatRequest({
      model: 'm',
      messages: [
        { id: '1', role: 'user', content: 'Weather?', createdAt: 0 },
        {
          id: '2',
          role: 'assistant',
          content: '',
          function_call: { name: 'get_weather', arguments: '{}' },
          status: 'complete',
          createdAt: 0,
        },
        { id: '3', role: 'function', name: 'get_weather', content: '21', createdAt: 0 },
      ],
      stream: false,
      dialect: 'tools',
    });
    const [, call, result] = body.messages as unknown as Record<string, unknown>[];
    const id = (call!.tool_calls as { id: string }[])[0]!.id;
    expect(result).toEqual({ role: 'tool', tool_call_id: id, content: '21' });
  });
});

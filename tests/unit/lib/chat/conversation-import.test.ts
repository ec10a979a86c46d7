import { describe, expect, it } from 'vitest';
import { exportConversation } from '../../../../src/lib/chat/conversation-format';
import {
  CONVERSATIONS_FORMAT,
  exportConversations,
  parseConversationFile,
  parseConversationImport,
  parseConversationsImport,
} from '../../../../src/lib/chat/conversation-import';
import type { Conversation } from '../../../../src/lib/chat/conversation-types';
import { ajv } from '../../../../src/lib/function-schema/ajv-instance';
import { metaSchemaCheckOf } from '../../../../src/lib/function-schema/meta-schema';

const metaSchema = metaSchemaCheckOf({ ajv });

function defaults() {
  let n = 0;
  return { model: 'svc-chat', createId: () => `id${++n}`, now: 1000, metaSchema };
}

function sample(id = 'c1', title = 'Sample'): Conversation {
  return {
    id,
    title,
    createdAt: 1,
    updatedAt: 2,
    model: 'svc-reasoner',
    systemPrompt: '',
    parameters: {},
    messages: [{ id: 'm1', role: 'user', content: 'Hi', createdAt: 1 }],
  };
}

function imported(body: unknown): Conversation {
  const result = parseConversationImport(JSON.stringify(body), defaults());
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  return result.conversation;
}

function issuesOf(body: unknown) {
  const result = parseConversationImport(typeof body === 'string' ? body : JSON.stringify(body), defaults());
  if (result.ok) throw new Error('expected the import to be refused');
  return result.issues;
}

describe('importing one conversation', () => {
  it("takes the playground's own export as before", () => {
    expect(parseConversationImport(exportConversation(sample()), defaults())).toEqual({
      ok: true,
      conversation: sample(),
    });
  });

  it('takes a bare request body: messages only, the model from the defaults, the title from the user', () => {
    const c = imported({ messages: [{ role: 'user', content: 'Plan a trip\nto Lisbon' }] });
    expect(c).toEqual({
      id: 'id2',
      title: 'Plan a trip',
      createdAt: 1000,
      updatedAt: 1000,
      model: 'svc-chat',
      systemPrompt: '',
      parameters: {},
      messages: [{ id: 'id1', role: 'user', content: 'Plan a trip\nto Lisbon', createdAt: 1000 }],
    });
  });

  it('makes a first system message the system prompt and keeps model and parameters', () => {
    const c = imported({
      model: 'llama3.1',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: '**Hello**' },
      ],
      temperature: 0.3,
      max_tokens: 50,
      stop: ['END'],
      seed: 7,
      stream: true,
      top_k: 40,
    });
    expect(c.systemPrompt).toBe('Be brief.');
    expect(c.model).toBe('llama3.1');
    expect(c.parameters).toEqual({ temperature: 0.3, max_tokens: 50, stop: ['END'], seed: 7 });
    expect(c.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Hi'],
      ['assistant', '**Hello**'],
    ]);
  });

  it('takes a developer first message as the system prompt, and text parts joined', () => {
    const c = imported({
      messages: [
        { role: 'developer', content: [{ type: 'text', text: 'Rule one.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
      ],
    });
    expect(c.systemPrompt).toBe('Rule one.');
    expect(c.messages[0]!.content).toBe('a\nb');
  });

  it('keeps legacy function calls and results with their fields', () => {
    const c = imported({
      functions: [{ name: 'get_weather', parameters: { type: 'object', properties: {} } }],
      function_call: 'auto',
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: null,
          function_call: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
        },
        { role: 'function', name: 'get_weather', content: '{"t":3}' },
      ],
    });
    expect(c.functions).toEqual([{ name: 'get_weather', parameters: { type: 'object', properties: {} } }]);
    expect(c.parameters).toEqual({ function_call: 'auto' });
    expect(c.messages[1]).toMatchObject({
      role: 'assistant',
      content: '',
      function_call: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
    });
    expect(c.messages[2]).toMatchObject({ role: 'function', name: 'get_weather', content: '{"t":3}' });
  });

  it('keeps tools, tool calls and tool results, and reads tool_choice as function_call', () => {
    const c = imported({
      tools: [{ type: 'function', function: { name: 'add', description: 'Adds' } }],
      tool_choice: { type: 'function', function: { name: 'add' } },
      messages: [
        { role: 'user', content: 'add 1 2' },
        {
          role: 'assistant',
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'add', arguments: '{"a":1,"b":2}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', name: 'add', content: '3' },
      ],
    });
    expect(c.functions).toEqual([{ name: 'add', description: 'Adds' }]);
    expect(c.parameters).toEqual({ function_call: { name: 'add' } });
    expect(c.messages[1]!.tool_calls).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'add', arguments: '{"a":1,"b":2}' } },
    ]);
    expect(c.messages[2]).toMatchObject({ role: 'tool', tool_call_id: 'call_1', name: 'add', content: '3' });
  });

  it('keeps image_url parts as the user message’s images for a model that reads them, and names the others by message', () => {
    const read = parseConversationImport(
      JSON.stringify({
        model: 'gpt-4o',
        messages: [
          { role: 'system', content: 'x' },
          { role: 'user', content: 'look' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'what is this?' },
              { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
            ],
          },
        ],
      }),
      defaults(),
    );
    expect(read.ok && read.conversation.messages.map((m) => [m.content, m.images])).toEqual([
      ['look', undefined],
      ['what is this?', [{ url: 'https://example.com/a.png' }]],
    ]);
    // For svc-chat, as the service refuses them, saying where to go.
    expect(
      issuesOf({
        messages: [
          { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x.example/a.png' } }] },
        ],
      }),
    ).toEqual([
      {
        path: '$.messages[0].content[0]',
        reason:
          'Message 1 has images, and svc-chat reads text only in chat: ask about images on the Vision page, or import the request for a model that reads them. Chat models do not read images: send image parts to /vision/analyze with svc-vision.',
      },
    ]);
    // An image part of another dialect is named as an image, not sent to image_url parts by the rules' words.
    expect(
      issuesOf({
        messages: [
          { role: 'user', content: [{ type: 'input_image', image_url: 'https://example.com/a.png' }] },
        ],
      }),
    ).toEqual([
      {
        path: '$.messages[0].content[0].type',
        reason: `Message 1: 'input_image' is another tool's way of writing an image; chat requests write one as {"type": "image_url", "image_url": {"url": "https://…"}}. Rewrite the part, or attach the image in the chat page.`,
      },
    ]);
  });

  it('lists every problem of a bad body with its path', () => {
    const issues = issuesOf({
      model: 5,
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'robot', content: 'beep' },
        { role: 'system', content: 'late' },
        { role: 'assistant', content: 'x', function_call: { name: 'f', arguments: { a: 1 } } },
        { role: 'tool', tool_call_id: 'nope', content: 'r' },
        { role: 'function', content: 'no name' },
        { role: 'user' },
      ],
      temperature: 9,
      stop: ['a', 'b', 'c', 'd', 'e'],
    });
    const byPath = Object.fromEntries(issues.map((i) => [i.path, i.reason]));
    // The service's words (protocol/request-rules), each problem at the param the service names.
    expect(byPath['$.model']).toMatch(/'model' must be a string, not 5/);
    expect(byPath['$.messages[1].role']).toMatch(/must be one of 'system', .*not "robot"/);
    expect(byPath['$.messages[2].role']).toMatch(/Message 3 is a system message after the first/);
    expect(byPath['$.messages[3].function_call.arguments']).toMatch(/must be a string holding a JSON object/);
    expect(byPath['$.messages[4].tool_call_id']).toMatch(/is 'nope', which no earlier assistant tool_calls/);
    expect(byPath['$.messages[5].name']).toMatch(/is required on a function message/);
    expect(byPath['$.messages[6].content']).toMatch(/'messages\[6\].content' is required/);
    expect(byPath['$.temperature']).toBe(`'temperature' must be from 0 to 2; 9 is out of range.`);
    expect(byPath['$.stop']).toMatch(/holds 5 sequences; at most 4/);
    expect(issues).toHaveLength(9);
  });

  it('refuses parts it cannot hold, and a body without messages, saying what it is not', () => {
    expect(issuesOf({ messages: [{ role: 'user', content: [{ type: 'input_audio' }] }] })).toEqual([
      {
        path: '$.messages[0].content[0].type',
        reason: "Message 1: 'messages[0].content[0].type' must be 'text' or 'image_url'.",
      },
    ]);
    expect(issuesOf({ prompt: 'hi' })).toEqual([
      { path: '$', reason: expect.stringMatching(/neither a conversation exported .* nor a request body/) },
    ]);
    expect(issuesOf('[1,')[0]).toMatchObject({ path: '$', reason: expect.stringMatching(/not valid JSON/) });
  });

  it('refuses functions and tools together, and a name defined twice, as the service does', () => {
    const hi = [{ role: 'user', content: 'hi' }];
    expect(
      issuesOf({
        messages: hi,
        functions: [{ name: 'f' }],
        tools: [{ type: 'function', function: { name: 'f' } }],
      }),
    ).toEqual([{ path: '$.tools', reason: "Send either 'functions' or 'tools', not both." }]);
    expect(issuesOf({ messages: hi, functions: [{ name: 'f' }, { name: 'f' }] })).toEqual([
      {
        path: '$.functions[1].name',
        reason: "'functions[1].name' repeats 'f': function names must be unique.",
      },
    ]);
  });

  it('refuses what the service refuses and the page once let through', () => {
    const hi = [{ role: 'user', content: 'hi' }];
    expect(issuesOf({ messages: hi, stop: '' })).toEqual([
      { path: '$.stop', reason: "'stop' must not be an empty string." },
    ]);
    expect(issuesOf({ messages: hi, logit_bias: { abc: 1, '50256': 200 } })).toEqual([
      // Integer-like keys come first in any JavaScript object.
      { path: '$.logit_bias.50256', reason: "'logit_bias.50256' must be a number from -100 to 100." },
      {
        path: '$.logit_bias.abc',
        reason: "'logit_bias' keys must be token ids (non-negative integers as strings).",
      },
    ]);
    expect(issuesOf({ messages: [] })).toEqual([
      { path: '$.messages', reason: "'messages' must hold at least one message." },
    ]);
  });
});

describe('importing many conversations', () => {
  it('tells a file of many from a single document', () => {
    const holdsMany = (text: string) => parseConversationFile(text, defaults()).many;
    expect(holdsMany(exportConversations([sample()]))).toBe(true);
    expect(holdsMany('[]')).toBe(true);
    expect(holdsMany(exportConversation(sample()))).toBe(false);
    expect(holdsMany('{"messages": []}')).toBe(false);
    expect(holdsMany('not json')).toBe(false);
  });

  it('reads a file of one or many from one parse, as the single and many imports do', () => {
    const one = exportConversation(sample());
    expect(parseConversationFile(one, defaults())).toEqual({
      many: false,
      result: parseConversationImport(one, defaults()),
    });
    const many = exportConversations([sample('a', 'One'), sample('b', 'Two')]);
    expect(parseConversationFile(many, defaults())).toEqual({
      many: true,
      result: parseConversationsImport(many, defaults()),
    });
  });

  it('round-trips the export of all conversations', () => {
    const all = [sample('a', 'One'), sample('b', 'Two')];
    const text = exportConversations(all, new Date(0));
    expect(JSON.parse(text)).toMatchObject({ format: CONVERSATIONS_FORMAT, version: 1 });
    expect(parseConversationsImport(text, defaults())).toEqual({ ok: true, conversations: all, refused: [] });
  });

  it('takes an array of any single shape, and refuses a bad entry alone with its reasons', () => {
    const text = JSON.stringify([
      JSON.parse(exportConversation(sample('a', 'Exported'))),
      { messages: [{ role: 'user', content: 'From elsewhere' }] },
      { ...sample('b', 'Broken'), messages: [{ role: 'wizard' }] },
      sample('c', 'Bare'),
      42,
    ]);
    const result = parseConversationsImport(text, defaults());
    if (!result.ok) throw new Error('the file should be read');
    expect(result.conversations.map((c) => c.title)).toEqual(['Exported', 'From elsewhere', 'Bare']);
    expect(result.refused.map((r) => [r.number, r.title])).toEqual([
      [3, 'Broken'],
      [5, null],
    ]);
    expect(result.refused[0]!.issues).toContainEqual({
      path: '$[2].messages[0].role',
      reason: expect.stringMatching(/must be one of/),
    });
    expect(result.refused[1]!.issues).toEqual([
      { path: '$[4]', reason: 'must be an object, found number 42' },
    ]);
  });

  it('names the entry path inside the tagged file', () => {
    const text = JSON.stringify({
      format: CONVERSATIONS_FORMAT,
      version: 1,
      conversations: [sample(), { ...sample('x'), title: 7 }],
    });
    const result = parseConversationsImport(text, defaults());
    expect(result.ok && result.refused).toEqual([
      {
        number: 2,
        title: null,
        issues: [{ path: '$.conversations[1].title', reason: 'must be a string, found number 7' }],
      },
    ]);
  });

  it('refuses a whole file that cannot be read, saying why', () => {
    const read = (text: string) => {
      const result = parseConversationsImport(text, defaults());
      return result.ok ? [] : result.issues;
    };
    expect(read(JSON.stringify({ format: CONVERSATIONS_FORMAT, version: 9, conversations: [] }))).toEqual([
      { path: '$.version', reason: expect.stringMatching(/newer than this playground reads/) },
    ]);
    expect(read(JSON.stringify({ format: CONVERSATIONS_FORMAT, version: 1, conversations: {} }))).toEqual([
      { path: '$.conversations', reason: 'must be an array of conversations' },
    ]);
    expect(read('[]')).toEqual([{ path: '$', reason: 'holds no conversations' }]);
  });
});

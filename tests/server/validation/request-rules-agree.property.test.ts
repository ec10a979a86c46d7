/**
 * The service and the page's importer hold a chat request to one set of rules: generated bodies,
 * valid and invalid near the rules' edges, are accepted or refused by both alike, and the param and
 * message of the service's 400 are among the importer's listed problems.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../server/http/errors';
import { readChatRequest } from '../../../server/validation/chat';
import { parseConversationImport } from '../../../src/lib/chat/conversation-import';
import { ajv } from '../../../src/lib/function-schema/ajv-instance';
import { metaSchemaCheckOf } from '../../../src/lib/function-schema/meta-schema';

type Body = Record<string, unknown> & { messages: Record<string, unknown>[] };
type Edit = (body: Body) => void;

const weather = {
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};
const set =
  (name: string, value: unknown): Edit =>
  (body) => {
    body[name] = value;
  };
const message =
  (value: Record<string, unknown>): Edit =>
  (body) => {
    body.messages.push(value);
  };

// Each edit alone is valid or invalid; combined, they meet the rules' order and their interplay.
const EDITS: Edit[] = [
  ...['', 'END', [], ['a', ''], ['a', 'b', 'c', 'd', 'e'], ['a', 'b'], 5, null].map((v) => set('stop', v)),
  ...[{}, { '50256': 10 }, { abc: 1 }, { '1': 101 }, { '1': -100 }, { '1': '5' }, [], { '-1': 0 }].map((v) =>
    set('logit_bias', v),
  ),
  ...[-0.1, 0, 2, 2.01, '1', null, true].map((v) => set('temperature', v)),
  ...[1.5, 1, -0.5].map((v) => set('top_p', v)),
  ...[-2, 2.5, 'x'].map((v) => set('presence_penalty', v)),
  ...[5, 21, 1.5].map((v) => set('top_logprobs', v)),
  ...[true, 'yes'].map((v) => set('logprobs', v)),
  ...[1, 1.5, 2 ** 60, 'seed'].map((v) => set('seed', v)),
  ...[0, 1, 1.5, 100, '10'].map((v) => set('max_tokens', v)),
  ...[10, 0].map((v) => set('max_completion_tokens', v)),
  ...[1, 2, null].map((v) => set('n', v)),
  ...[true, false, 'yes'].map((v) => set('stream', v)),
  ...[{ include_usage: true }, 'x', { include_usage: 'y' }].map((v) => set('stream_options', v)),
  ...['me', 5].map((v) => set('user', v)),
  ...[
    [weather],
    [],
    [{ name: 'bad name' }],
    [weather, weather],
    [{ name: 'f', parameters: { type: 'array', properties: {} } }],
    [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'text' } } } }],
    [{ name: 'f', parameters: { type: 'object', properties: { n: { type: 'integer', minimum: 'zero' } } } }],
    [{ name: 'f', parameters: { type: 'object', properties: { s: { type: 'string', pattern: '(' } } } }],
    [{ name: 'f', parameters: { type: 'object', properties: {}, required: ['x'] } }],
    [{ name: 'f', description: 5 }],
    'weather',
  ].map((v) => set('functions', v)),
  ...[
    [{ type: 'function', function: weather }],
    [{ type: 'retrieval' }],
    [{ type: 'function', function: { ...weather, strict: 'yes' } }],
    [{ type: 'function', function: { ...weather, strict: true } }],
    [],
  ].map((v) => set('tools', v)),
  ...['auto', 'none', 'required', { name: 'get_weather' }, { name: 'nope' }, 7].map((v) => set('function_call', v)),
  ...['required', 'sometimes', { type: 'function', function: { name: 'get_weather' } }].map((v) =>
    set('tool_choice', v),
  ),
  ...[true, 'no'].map((v) => set('parallel_tool_calls', v)),
  ...[
    { type: 'json_object' },
    { type: 'xml' },
    'json',
    { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' } } },
    { type: 'json_schema', json_schema: { name: 'bad name!' } },
    { type: 'json_schema', json_schema: { name: 'a', schema: { type: 'object', minProperties: 'x' } } },
    { type: 'json_schema', json_schema: { name: 'a', strict: 'yes' } },
  ].map((v) => set('response_format', v)),
  message({ role: 'user', content: '' }),
  message({ role: 'user', content: null }),
  message({ role: 'user', content: [] }),
  message({ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }),
  message({ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] }),
  message({ role: 'user', content: [{ type: 'input_audio' }] }),
  message({ role: 'robot', content: 'beep' }),
  message({ role: 'user', content: 'hi', name: 'bad name' }),
  message({ role: 'user', content: 'hi', name: 'alice' }),
  message({ role: 'user', content: 'hi', refusal: 'no' }),
  message({ role: 'user', content: 'hi', function_call: { name: 'get_weather', arguments: '{}' } }),
  message({ role: 'assistant', content: null, function_call: { name: 'get_weather', arguments: '{}' } }),
  message({ role: 'assistant', content: null, function_call: { name: 'get_weather', arguments: {} } }),
  message({ role: 'assistant', content: null }),
  message({ role: 'assistant', content: null, refusal: 'I cannot.' }),
  message({ role: 'assistant', content: 'x', refusal: 5 }),
  message({ role: 'assistant', content: null, tool_calls: [] }),
  message({ role: 'assistant', content: null, tool_calls: [{ id: 'c', function: { name: 'f', arguments: '' } }] }),
  message({ role: 'assistant', content: null, tool_calls: [{ id: '', type: 'function', function: { name: 'f', arguments: '' } }] }),
  message({ role: 'tool', tool_call_id: 'nope', content: 'r' }),
  message({ role: 'tool', content: 'r' }),
  message({ role: 'function', content: 'no name' }),
  message({ role: 'function', name: 'get_weather', content: [{ type: 'text', text: '3' }] }),
  (body) => {
    body.messages.push(
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
    );
  },
  (body) => {
    body.messages.unshift({ role: 'developer', content: 'Be brief.' });
  },
  (body) => {
    body.messages = [];
  },
  (body) => {
    delete (body as Record<string, unknown>).messages;
  },
]; // prettier-ignore

/** A body from a valid base and up to three edits, through JSON as both sides receive it. */
const bodies = fc.array(fc.constantFrom(...EDITS), { maxLength: 3 }).map((edits) => {
  const body: Body = { model: 'svc-chat', messages: [{ role: 'user', content: 'Hello' }] };
  for (const edit of edits) edit(body);
  return JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
});

/** The service's answer: null when it takes the body, else its 400's param and message. */
function serviceAnswer(body: Record<string, unknown>): { param: string | null; message: string } | null {
  try {
    readChatRequest(body);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(400);
    return { param: error.param, message: error.message };
  }
}

const metaSchema = metaSchemaCheckOf({ ajv });

function pageAnswer(body: Record<string, unknown>) {
  let n = 0;
  return parseConversationImport(JSON.stringify(body), {
    model: 'svc-chat',
    createId: () => `id${++n}`,
    now: 1000,
    metaSchema,
  });
}

describe('the request rules, on both sides', () => {
  it('the service and the importer accept and refuse the same generated requests', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(bodies, (body) => {
        const service = serviceAnswer(body);
        const page = pageAnswer(body);
        expect(page.ok, JSON.stringify({ body, service, page })).toBe(service === null);
        if (service === null) accepted++;
        else {
          refused++;
          // Without `messages` the importer cannot tell a request body (and says so), so only a
          // body it reads as one is held to the service's words.
          if (page.ok || !Object.hasOwn(body, 'messages')) return;
          // The page lists every problem; the one the service named is among them, in its words
          // (after the message's number, for a problem inside a message).
          const path = service.param === null ? '$' : `$.${service.param}`;
          expect(page.issues).toContainEqual({ path, reason: expect.stringContaining(service.message) });
        }
      }),
      { numRuns: 600, seed: 28 },
    );
    // Both answers were met: the edits are near enough the edges to land on either side.
    expect(accepted).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  });

  it('the disagreements the issue names are gone: an empty stop and a logit_bias key that is no token id', () => {
    for (const extra of [{ stop: '' }, { logit_bias: { abc: 1 } }]) {
      const body = { model: 'svc-chat', messages: [{ role: 'user', content: 'Hi' }], ...extra };
      expect(serviceAnswer(body)).not.toBeNull();
      expect(pageAnswer(body).ok).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_VALUE_CHARS } from '../../../../../src/lib/function-schema/check-budget';
import type { FunctionDefinition } from '../../../../../src/protocol/wire';
import { check, outcome, problems } from './grade-with';

const schema = {
  type: 'object',
  properties: { city: { type: 'string' }, n: { type: 'integer', minimum: 1 } },
  required: ['city'],
};

describe('is-json', () => {
  it('passes a whole reply that is JSON, and says where it is not', () => {
    expect(check({ type: 'is-json' }, outcome({ content: ' {"a": 1} ' })).pass).toBe(true);
    expect(check({ type: 'is-json' }, outcome({ content: 'Sure! {"a": 1}' }))).toMatchObject({
      pass: false,
      reason: expect.stringMatching(/^the reply is not JSON \(.*\): "Sure! \{\\"a\\": 1\}"$/),
    });
    expect(check({ type: 'not-is-json' }, outcome({ content: 'plain' })).pass).toBe(true);
  });

  it("checks the reply against a JSON Schema with the playground's Ajv", () => {
    expect(
      check({ type: 'is-json', value: schema }, outcome({ content: '{"city": "Paris", "n": 2}' })).pass,
    ).toBe(true);
    expect(check({ type: 'is-json', value: schema }, outcome({ content: '{"n": 0}' }))).toMatchObject({
      pass: false,
      reason: 'the reply breaks the schema: city is required but missing (and 1 more)',
    });
  });

  it('runs schema patterns on RE2: a catastrophic pattern is checked to the end', () => {
    const evil = { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } };
    const reply = outcome({ content: JSON.stringify({ s: `${'a'.repeat(50_000)}b` }) });
    expect(check({ type: 'is-json', value: evil }, reply)).toMatchObject({
      pass: false,
      reason: 'the reply breaks the schema: s must match pattern "^(a+)+$"',
    });
  });

  it('leaves a check past the budget unchecked, with the reason', () => {
    const big = outcome({ content: JSON.stringify({ s: 'x'.repeat(MAX_VALUE_CHARS + 1) }) });
    expect(check({ type: 'is-json', value: { type: 'object' } }, big)).toMatchObject({
      pass: false,
      unchecked: true,
      reason: expect.stringMatching(
        /^not checked: the reply was not checked against the schema: it is 2 MB, larger than the 2 MB/,
      ),
    });
  });

  it('refuses a schema that does not compile, at its path', () => {
    expect(problems({ type: 'is-json', value: { type: 'bogus' } })).toMatchObject([
      { path: 'checks[0].value', reason: expect.stringMatching(/^is not a usable JSON Schema/) },
    ]);
    expect(problems({ type: 'is-json', value: 'nope' })).toMatchObject([
      { reason: 'must be a JSON Schema (an object)' },
    ]);
  });
});

const weather: FunctionDefinition = {
  name: 'get_weather',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } },
    required: ['city'],
  },
};

describe('function and tool calls', () => {
  const legacy = outcome({
    content: null,
    finish_reason: 'function_call',
    function_call: { name: 'get_weather', arguments: '{"city":"Paris","unit":"c"}' },
  });
  const tools = outcome({
    content: null,
    finish_reason: 'tool_calls',
    tool_calls: [
      { id: 'a', type: 'function', function: { name: 'lookup', arguments: '{}' } },
      {
        id: 'b',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Rome","unit":"k"}' },
      },
      {
        id: 'c',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Rome","unit":"f"}' },
      },
    ],
  });

  it('finds a call by name in either dialect', () => {
    expect(check({ type: 'function-call', value: 'get_weather' }, legacy).pass).toBe(true);
    expect(check({ type: 'tool-call', value: 'get_weather' }, tools).pass).toBe(true);
    expect(check({ type: 'function-call', value: 'book' }, tools)).toMatchObject({
      pass: false,
      reason: '"book" was not called; the reply called "lookup", "get_weather", "get_weather"',
    });
    expect(check({ type: 'function-call' }, outcome({ content: 'no call' }))).toMatchObject({
      pass: false,
      reason: 'no function was called (finish_reason "stop")',
    });
  });

  it("checks arguments against the variant's definition, or the check's own schema", () => {
    const context = { functions: [weather] };
    expect(check({ type: 'function-call', value: 'get_weather' }, legacy, context)).toMatchObject({
      pass: true,
      reason:
        'get_weather was called with "{\\"city\\":\\"Paris\\",\\"unit\\":\\"c\\"}", valid against its schema',
    });
    // One of two calls to get_weather is valid: enough.
    expect(check({ type: 'function-call', value: 'get_weather' }, tools, context).pass).toBe(true);
    const bad = outcome({ function_call: { name: 'get_weather', arguments: '{"unit":"k"}' } });
    expect(check({ type: 'function-call', value: 'get_weather' }, bad, context)).toMatchObject({
      pass: false,
      reason: 'the arguments of get_weather break the schema: city is required but missing (and 1 more)',
    });
    const own = { name: 'get_weather', schema: { type: 'object', required: ['zip'] } };
    expect(check({ type: 'function-call', value: own }, legacy, context).pass).toBe(false);
  });

  it('matches given argument values as a subset', () => {
    expect(
      check({ type: 'function-call', value: { name: 'get_weather', arguments: { city: 'Paris' } } }, legacy)
        .pass,
    ).toBe(true);
    expect(
      check({ type: 'function-call', value: { arguments: { city: 'Rome', unit: 'f' } } }, tools).pass,
    ).toBe(true);
    expect(check({ type: 'function-call', value: { arguments: { city: 'Lyon' } } }, legacy)).toMatchObject({
      pass: false,
      reason: expect.stringMatching(/not holding \{"city":"Lyon"\}/),
    });
  });

  it('says when arguments are not a JSON object', () => {
    const broken = outcome({ function_call: { name: 'f', arguments: '{"a":' } });
    expect(check({ type: 'is-valid-openai-function-call' }, broken)).toMatchObject({
      pass: false,
      reason: 'the arguments of f are not JSON: "{\\"a\\":"',
    });
    const list = outcome({ function_call: { name: 'f', arguments: '[1]' } });
    expect(check({ type: 'function-call' }, list).reason).toMatch(/not a JSON object/);
  });

  it('refuses a value it cannot read', () => {
    expect(problems({ type: 'function-call', value: { name: 3, extra: true } })).toEqual([
      { path: 'checks[0].value.extra', reason: 'is not a known field (name, arguments, schema)' },
      { path: 'checks[0].value.name', reason: 'must be a string' },
    ]);
  });
});

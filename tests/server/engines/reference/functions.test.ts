import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  FunctionDefinition,
  FunctionParameterProperty,
  FunctionParameters,
} from '../../../../src/protocol/wire';
import { fillArguments } from '../../../../server/engines/reference/argument-filler';
import { chat } from './collect';

const ajv = new Ajv({ strict: false, allErrors: true });

function expectValid(parameters: FunctionParameters, args: unknown): void {
  const validate = ajv.compile(parameters);
  if (!validate(args))
    throw new Error(`${JSON.stringify(args)} is invalid: ${ajv.errorsText(validate.errors)}`);
}

const weather: FunctionDefinition = {
  name: 'get_current_weather',
  description: 'Get the current weather in a given location',
  parameters: {
    type: 'object',
    properties: {
      location: { type: 'string', description: 'The city, e.g. San Francisco' },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    },
    required: ['location'],
  },
};
const booking: FunctionDefinition = {
  name: 'bookFlight',
  description: 'Reserve a seat on an airline flight between two airports',
  parameters: {
    type: 'object',
    properties: { passengers: { type: 'integer', minimum: 1, maximum: 9 }, origin: { type: 'string' } },
    required: ['passengers'],
  },
};

describe('reference chat engine: which function it calls', () => {
  it('calls a function whose name words appear in the last user message', async () => {
    const reply = await chat({
      content: 'What is the current weather in Paris in celsius?',
      functions: [booking, weather],
    });
    expect(reply.call?.name).toBe('get_current_weather');
    expect(JSON.parse(reply.call?.arguments ?? '')).toEqual({ location: 'Paris', unit: 'celsius' });
    expect(reply.finish?.finish_reason).toBe('function_call');
    expect(reply.content).toBe('');
  });

  it('calls a function named exactly, and one split on camelCase', async () => {
    expect(
      (await chat({ content: 'please run bookFlight now', functions: [weather, booking] })).call?.name,
    ).toBe('bookFlight');
    expect(
      (await chat({ content: 'I want to book a flight for 3 people', functions: [weather, booking] })).call
        ?.name,
    ).toBe('bookFlight');
  });

  it('calls a function whose description the message clearly matches', async () => {
    const reply = await chat({
      content: 'Reserve me a seat on an airline, 2 passengers',
      functions: [weather, { ...booking, name: 'reserve_x' }],
    });
    expect(reply.call?.name).toBe('reserve_x');
    expect(JSON.parse(reply.call?.arguments ?? '{}')).toEqual({ passengers: 2 });
  });

  it('answers in text when the message matches no function', async () => {
    const reply = await chat({ content: 'Tell me a joke about cats', functions: [weather, booking] });
    expect(reply.call).toBeUndefined();
    expect(reply.finish?.finish_reason).toBe('stop');
    expect(reply.content.length).toBeGreaterThan(0);
  });

  it('never calls with function_call "none", always calls with function_call {name}', async () => {
    const none = await chat({ content: 'weather in Oslo', functions: [weather], function_call: 'none' });
    expect(none.call).toBeUndefined();
    const forced = await chat({
      content: 'Tell me a joke',
      functions: [weather, booking],
      function_call: { name: 'bookFlight' },
    });
    expect(forced.call?.name).toBe('bookFlight');
    expectValid(booking.parameters!, JSON.parse(forced.call?.arguments ?? ''));
  });

  it('answers in text using a function result that ends the conversation', async () => {
    const reply = await chat({
      functions: [weather],
      messages: [
        { role: 'user', content: 'weather in Oslo?' },
        {
          role: 'assistant',
          content: null,
          function_call: { name: 'get_current_weather', arguments: '{"location":"Oslo"}' },
        },
        { role: 'function', name: 'get_current_weather', content: '{"temperature": -3, "sky": "snow"}' },
      ],
    });
    expect(reply.call).toBeUndefined();
    expect(reply.content).toContain('get_current_weather');
    expect(reply.content).toContain('| `sky` | snow |');
    expect(reply.finish?.finish_reason).toBe('stop');
  });

  it('answers a function result with a JSON object in JSON mode', async () => {
    const reply = await chat({
      functions: [weather],
      response_format: { type: 'json_object' },
      messages: [
        { role: 'user', content: 'weather in Oslo?' },
        { role: 'function', name: 'get_current_weather', content: '{"sky": "snow"}' },
      ],
    });
    expect(JSON.parse(reply.content)).toMatchObject({
      last_message: { role: 'function', text: '{"sky": "snow"}' },
    });
  });

  it('counts the call in completion tokens', async () => {
    const reply = await chat({ content: 'weather in Rome', functions: [weather] });
    expect(reply.finish?.usage.completion_tokens).toBeGreaterThan(0);
  });
});

const SCHEMAS: FunctionParameters[] = [
  { type: 'object', properties: {} },
  { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
  { type: 'object', properties: { n: { type: 'integer', minimum: 10, maximum: 20 } }, required: ['n'] },
  {
    type: 'object',
    properties: { x: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 } },
    required: ['x'],
  },
  { type: 'object', properties: { x: { type: 'integer', multipleOf: 5, minimum: 3 } }, required: ['x'] },
  {
    type: 'object',
    properties: { flag: { type: 'boolean' }, on: { type: 'boolean', default: true } },
    required: ['flag', 'on'],
  },
  {
    type: 'object',
    properties: { color: { type: 'string', enum: ['red', 'green', 'blue'] } },
    required: ['color'],
  },
  { type: 'object', properties: { level: { type: 'integer', enum: [1, 2, 3] } }, required: ['level'] },
  {
    type: 'object',
    properties: { tags: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 4 } },
    required: ['tags'],
  },
  {
    type: 'object',
    properties: { ids: { type: 'array', items: { type: 'integer', minimum: 0 }, uniqueItems: true } },
    required: ['ids'],
  },
  {
    type: 'object',
    properties: {
      user: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 3, maxLength: 5 },
          address: {
            type: 'object',
            properties: { city: { type: 'string' }, zip: { type: 'string' } },
            required: ['city', 'zip'],
            additionalProperties: false,
          },
        },
        required: ['name', 'address'],
      },
    },
    required: ['user'],
  },
  {
    type: 'object',
    properties: {
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
          required: ['sku', 'qty'],
        },
        minItems: 1,
      },
    },
    required: ['items'],
  },
  {
    type: 'object',
    // A type list is valid JSON Schema though the spec's table shows a single type.
    properties: {
      maybe: { type: ['string', 'null'] } as unknown as FunctionParameterProperty,
      c: { type: 'string', const: 'fixed' },
    },
    required: ['maybe', 'c'],
  },
  {
    type: 'object',
    properties: { v: { type: 'string', anyOf: [{ type: 'string', minLength: 2 }] } },
    required: ['v'],
  },
  {
    type: 'object',
    properties: { email: { type: 'string' }, url: { type: 'string' }, date: { type: 'string' } },
    required: ['email', 'url', 'date'],
  },
  { type: 'object', properties: { a: { type: 'number' } }, required: ['a', 'undeclared'] },
];

const MESSAGES = [
  '',
  'Use 42 and 7, color green, level 2, in Berlin',
  'tags "alpha" "beta" "gamma" "delta" "epsilon" and flag not set',
  'mail me at ana@example.com about https://example.com/x on 2024-05-06',
  'qty 3 of "sku-1" shipped to Lisbon, flag yes',
  'numbers -5 1e3 0.5 999999 and "x"',
];

describe('argument filler: arguments always validate against the schema', () => {
  it.each(SCHEMAS.map((schema, index) => [index, schema] as const))(
    'schema #%i is satisfied for every sample message',
    (_index, schema) => {
      for (const message of MESSAGES) expectValid(schema, fillArguments(schema, message));
    },
  );

  it('takes values from the message: enum mention, numbers in order, quoted strings, places', () => {
    const schema: FunctionParameters = {
      type: 'object',
      properties: {
        city: { type: 'string' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: { type: 'integer' },
        title: { type: 'string' },
      },
      required: ['city', 'unit', 'days', 'title'],
    };
    expect(fillArguments(schema, 'Forecast for 5 days in New York, in fahrenheit, titled "Trip"')).toEqual({
      city: 'New York',
      unit: 'fahrenheit',
      days: 5,
      title: 'Trip',
    });
  });

  it('fills only required properties when the message supplies nothing', () => {
    const schema: FunctionParameters = {
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'string' } },
      required: ['a'],
    };
    expect(fillArguments(schema, 'nothing useful')).toEqual({ a: 0 });
  });

  const leaf = fc.oneof(
    fc.record({
      type: fc.constant('string'),
      minLength: fc.option(fc.nat(4), { nil: undefined }),
      maxLength: fc.option(fc.integer({ min: 5, max: 20 }), { nil: undefined }),
    }),
    fc
      .record({
        type: fc.constantFrom('integer', 'number'),
        minimum: fc.option(fc.integer({ min: -50, max: 50 }), { nil: undefined }),
      })
      .map((s) => ({
        ...s,
        ...(s.minimum !== undefined ? { maximum: s.minimum + 100 } : {}),
      })),
    fc.record({ type: fc.constant('boolean') }),
    fc.record({
      type: fc.constant('string'),
      enum: fc.uniqueArray(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 4 }),
    }),
  );
  const schemaArb: fc.Arbitrary<Record<string, unknown>> = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
    array: fc.record({
      type: fc.constant('array'),
      items: tie('node'),
      minItems: fc.option(fc.nat(3), { nil: undefined }),
    }),
    object: fc
      .dictionary(fc.stringMatching(/^[a-z][a-zA-Z_]{0,10}$/), tie('node'), { maxKeys: 4 })
      .chain((properties) =>
        fc.record({
          type: fc.constant('object'),
          properties: fc.constant(properties),
          required: fc.subarray(Object.keys(properties)),
        }),
      ),
  })).object as fc.Arbitrary<Record<string, unknown>>;

  it('produces valid arguments for generated schemas and messages', () => {
    fc.assert(
      fc.property(schemaArb, fc.oneof(fc.constantFrom(...MESSAGES), fc.string()), (schema, message) => {
        expectValid(
          schema as unknown as FunctionParameters,
          fillArguments(schema as unknown as FunctionParameters, message),
        );
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});

/**
 * Request bodies for the fuzz test of every endpoint (and the bench's fuzzed-bodies case): mostly
 * valid values so requests reach the engines, sometimes junk so they probe validation.
 */
import fc from 'fast-check';

// Values that probe validation: right types, wrong types, edges and junk.
export const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -10, max: 300 }),
  fc.double({ noNaN: false }),
  fc.string({ maxLength: 40 }),
  fc.jsonValue({ maxDepth: 2 }),
);
/** Mostly a valid value, sometimes junk: so requests get past validation to the engines too. */
export function mostly<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: junk, weight: 1 });
}
export const text = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    'write 300 words',
    'call get_weather in "Paris"',
    'long essay',
    '111,'.repeat(500),
    'a.'.repeat(2000),
  ),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
);
/** A JSON-Schema-like value nested at most `depth` levels (a recursive arbitrary grew to megabytes). */
function schemaOf(depth: number): fc.Arbitrary<unknown> {
  const child = depth > 0 ? schemaOf(depth - 1) : junk;
  return fc.oneof(
    fc.record(
      {
        type: fc.constantFrom('string', 'number', 'integer', 'boolean', 'object', 'array', 'null', 'nope'),
        minLength: fc.integer({ min: -1, max: 5000 }),
        maxLength: fc.integer({ min: 0, max: 100 }),
        minItems: fc.integer({ min: 0, max: 3000 }),
        enum: fc.array(fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.constant(null)), {
          maxLength: 5,
        }),
        pattern: fc.constantFrom('^a+$', '(', '\\d{3}'),
        items: child,
        properties: fc.dictionary(fc.string({ maxLength: 8 }), child, { maxKeys: 3 }),
        required: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
        anyOf: fc.array(child, { maxLength: 2 }),
        minimum: fc.double(),
        multipleOf: fc.double(),
      },
      { requiredKeys: [] },
    ),
    junk,
  );
}
const schema = schemaOf(2);
const message = fc
  .record(
    {
      role: fc.constantFrom('system', 'user', 'user', 'user', 'assistant'),
      content: fc.oneof(
        { arbitrary: text, weight: 6 },
        fc.constant(null),
        fc.array(
          fc.oneof(
            fc.record({ type: fc.constant('text'), text }),
            fc.record({
              type: fc.constant('image_url'),
              image_url: fc.record({ url: fc.string({ maxLength: 30 }) }),
            }),
            junk,
          ),
          { maxLength: 3 },
        ),
        junk,
      ),
      name: mostly(fc.stringMatching(/^[a-z_]{1,10}$/)),
      function_call: fc.record({ name: fc.string({ maxLength: 10 }), arguments: fc.oneof(fc.json(), junk) }),
    },
    { requiredKeys: ['role', 'content'] },
  )
  .map((m) => {
    // A function_call on any but an assistant message is a 400 at once; keep it where it gets further.
    if (m.role === 'assistant' || typeof m.function_call !== 'object') return m;
    const { function_call: _dropped, ...rest } = m;
    return rest;
  });
/** A valid body from `base` and `extras`, then 0–2 of its fields (or `others`) replaced by junk. */
function mutated(
  base: fc.Arbitrary<Record<string, unknown>>,
  extras: Record<string, fc.Arbitrary<unknown>>,
  others: fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const keys = ['model', ...Object.keys(extras), 'extra'];
  return fc
    .tuple(
      base,
      fc.record(extras, { requiredKeys: [] }),
      fc.array(fc.tuple(fc.constantFrom(...keys), fc.oneof(junk, others)), { maxLength: 2 }),
    )
    .map(([required, optional, changes]) => {
      const body: Record<string, unknown> = { ...required, ...optional };
      for (const [key, value] of changes) body[key] = value;
      return body;
    });
}
const functionDefinition = fc.record(
  {
    name: fc.constantFrom('get_weather', 'fill', 'send_mail'),
    description: text,
    parameters: fc.record({
      type: fc.constant('object'),
      properties: fc.dictionary(
        fc.stringMatching(/^[a-z_]{1,8}$/),
        fc.oneof(
          fc.record({ type: fc.constantFrom('string', 'integer', 'number', 'boolean') }),
          fc.record({
            type: fc.constant('string'),
            enum: fc.array(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 4 }),
          }),
          fc.record({
            type: fc.constant('array'),
            minItems: fc.integer({ min: 0, max: 50 }),
            items: fc.record({ type: fc.constant('string'), minLength: fc.integer({ min: 0, max: 200 }) }),
          }),
        ),
        { maxKeys: 4 },
      ),
    }),
  },
  { requiredKeys: ['name'] },
);
export const chatBody = mutated(
  fc.record({
    model: fc.constantFrom('svc-chat', 'svc-reasoner'),
    messages: fc.array(message, { minLength: 1, maxLength: 4 }),
  }),
  {
    temperature: fc.double({ min: 0, max: 2, noNaN: true }),
    top_p: fc.double({ min: 0, max: 1, noNaN: true }),
    max_tokens: fc.integer({ min: 1, max: 400 }),
    stream: fc.boolean(),
    stop: fc.array(fc.string({ minLength: 1, maxLength: 5 }), { maxLength: 4 }),
    functions: fc.uniqueArray(functionDefinition, { minLength: 1, maxLength: 3, selector: (f) => f.name }),
    function_call: fc.constantFrom('auto', 'none'),
    response_format: fc.record({ type: fc.constantFrom('json_object', 'text') }),
    logprobs: fc.boolean(),
    seed: fc.integer(),
  },
  // Junk that looks like what a field holds: a hostile schema, a message list of anything.
  fc.oneof(
    fc.array(fc.record({ name: fc.string({ maxLength: 8 }), parameters: schema }), { maxLength: 2 }),
    fc.array(junk, { maxLength: 3 }),
  ),
);

/** A code request: a prompt (some of the engine's known openings), then fields mutated like chat's. */
export const codeBody = mutated(
  fc.record({
    model: fc.constant('svc-coder'),
    prompt: fc.oneof(
      text,
      fc.constantFrom('def f(x):\n', 'select ', 'fn main() -> u8 {', `${' '.repeat(5000)}x`),
    ),
  }),
  {
    suffix: text,
    language: fc.constantFrom('auto', 'python', 'rust', 'sql'),
    max_tokens: fc.integer({ min: 1, max: 300 }),
    temperature: fc.double({ min: 0, max: 2, noNaN: true }),
    stop: fc.array(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 3 }),
  },
  text,
);

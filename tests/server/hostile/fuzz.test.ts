/**
 * Fuzzing every endpoint's request body against the real engines in process: whatever arrives, the
 * service answers in the spec's error shape or with a reply — never a 5xx, never an error thrown out
 * of the app — and the event loop never stalls past the budget. The seed is fixed in CI (so a failure
 * there can be replayed) and random locally (so every run explores); fast-check prints it on failure.
 */
import fc from 'fast-check';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import { createLocalAudioEngine } from '../../../server/engines/audio-local';
import { canonicalWav } from '../../../server/engines/audio-local/wav-header';
import { createReferenceEngines } from '../../../server/engines/reference/index';
import { closeOcrWorker, createLocalVisionEngine } from '../../../server/engines/vision-local';
import { LOOP_BUDGET_MS } from './under-load';

const FUZZ_LOOP_BUDGET_MS = 2.5 * LOOP_BUDGET_MS;

const KEY = 'fuzz-key';
const reference = createReferenceEngines();
const logs: string[] = [];
const app = createApp(
  resolveConfig({
    SVC_API_KEYS: KEY,
    SVC_RATE_LIMITS: 'chat=1000000,code=1000000,vision=1000000,audio=1000000',
  }),
  {
    log: (line) => logs.push(line),
    engines: {
      'svc-chat': reference.chat,
      'svc-reasoner': reference.chat,
      'svc-coder': reference.code,
      'svc-vision': createLocalVisionEngine(),
      'svc-audio': createLocalAudioEngine(),
    },
  },
);
/** A WAV of `ms` milliseconds of silence, 16 kHz mono 16-bit: valid audio the recogniser runs on. */
function silentWav(ms: number): Uint8Array {
  const dataLength = Math.round((16_000 * ms) / 1000) * 2;
  const format = { audioFormat: 1, channels: 1, sampleRate: 16_000, bitsPerSample: 16 };
  return new Uint8Array(canonicalWav(new Uint8Array(dataLength), { ...format, dataOffset: 0, dataLength }));
}
let GREEN_PNG = '';
beforeAll(async () => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
    .png()
    .toBuffer();
  GREEN_PNG = `data:image/png;base64,${png.toString('base64')}`;
});
const seed = process.env.CI ? 20261125 : undefined;
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

afterAll(async () => {
  loop.disable();
  await closeOcrWorker();
});

/** Statuses seen per path, to prove the fuzzer reaches the engines and not only validation. */
const seen = new Map<string, Set<number>>();

/** Sends a body and reads the whole answer; the property fails on a 5xx or a throw. */
async function answer(path: string, body: BodyInit, contentType?: string): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${KEY}` };
  if (contentType) headers['content-type'] = contentType;
  const response = await app.request(path, { method: 'POST', headers, body });
  const text = await response.text();
  seen.set(path, (seen.get(path) ?? new Set()).add(response.status));
  if (response.status >= 500) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 500)}`);
  if (response.status >= 400) {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message !== 'string') throw new Error(`not the spec's error shape: ${text}`);
  }
  return response;
}

// Values that probe validation: right types, wrong types, edges and junk.
const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -10, max: 300 }),
  fc.double({ noNaN: false }),
  fc.string({ maxLength: 40 }),
  fc.jsonValue({ maxDepth: 2 }),
);
/** Mostly a valid value, sometimes junk: so requests get past validation to the engines too. */
function mostly<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: junk, weight: 1 });
}
const text = fc.oneof(
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
const chatBody = mutated(
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

const runs = (n: number) => ({ numRuns: n, endOnFailure: true, ...(seed === undefined ? {} : { seed }) });

describe('fuzzed request bodies', () => {
  it('chat: never a 5xx or a throw', async () => {
    await fc.assert(
      fc.asyncProperty(chatBody, async (body) => {
        await answer('/v1/chat/completions', JSON.stringify(body), 'application/json');
      }),
      runs(300),
    );
  }, 120_000);

  it('code: never a 5xx or a throw', async () => {
    const codeBody = mutated(
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
    await fc.assert(
      fc.asyncProperty(codeBody, async (body) => {
        await answer('/v1/code/completions', JSON.stringify(body), 'application/json');
      }),
      runs(200),
    );
  }, 120_000);

  it('vision: never a 5xx or a throw (images as data: URLs and junk, never a network address)', async () => {
    const imageUrl = fc.oneof(
      { arbitrary: fc.constant(null).map(() => GREEN_PNG), weight: 4 },
      fc
        .uint8Array({ maxLength: 64 })
        .map((bytes) => `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`),
      fc.string({ maxLength: 30 }).filter((url) => !/^\s*(https?|ftp|file|ws)/i.test(url)),
      junk,
    );
    const part = fc.oneof(
      { arbitrary: fc.record({ type: fc.constant('text'), text }), weight: 3 },
      {
        arbitrary: fc.record({
          type: fc.constant('image_url'),
          image_url: fc.record(
            { url: imageUrl, detail: mostly(fc.constantFrom('low', 'high', 'auto')) },
            { requiredKeys: ['url'] },
          ),
        }),
        weight: 3,
      },
      junk,
    );
    const visionBody = fc.record(
      {
        model: mostly(fc.constant('svc-vision')),
        messages: mostly(
          fc.array(
            fc.record({
              role: mostly(fc.constantFrom('user', 'user', 'system')),
              content: mostly(fc.array(part, { minLength: 1, maxLength: 3 })),
            }),
            { minLength: 1, maxLength: 2 },
          ),
        ),
        max_tokens: mostly(fc.integer({ min: 1, max: 400 })),
        detail: mostly(fc.constantFrom('low', 'high', 'auto')),
      },
      { requiredKeys: ['model', 'messages'] },
    );
    await fc.assert(
      fc.asyncProperty(visionBody, async (body) => {
        await answer('/v1/vision/analyze', JSON.stringify(body), 'application/json');
      }),
      runs(150),
    );
  }, 120_000);

  it('audio: never a 5xx or a throw (random files and fields)', async () => {
    const field = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('svc-audio', 'json', 'srt', 'en', '0.5'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.uint8Array({ maxLength: 2048 }), fc.integer({ min: 0, max: 800 }).map(silentWav)),
        fc.dictionary(
          fc.constantFrom('model', 'language', 'response_format', 'temperature', 'prompt', 'x'),
          field,
        ),
        fc.string({ maxLength: 16 }),
        async (bytes, fields, filename) => {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(bytes)]), filename || 'x.bin');
          if (!('model' in fields)) form.append('model', 'svc-audio');
          for (const [name, value] of Object.entries(fields)) form.append(name, value);
          await answer('/v1/audio/transcriptions', form);
        },
      ),
      // One valid request for sure: with random fields, 25 runs missed every valid one about once in
      // 30 unseeded runs, and the "reached the engines" check below failed by chance.
      { ...runs(25), examples: [[silentWav(200), {}, 'quiet.wav']] },
    );
  }, 120_000);

  it('raw bodies: any bytes under any content type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/v1/chat/completions',
          '/v1/code/completions',
          '/v1/vision/analyze',
          '/v1/audio/transcriptions',
        ),
        fc.oneof(fc.string({ maxLength: 300 }), fc.json()),
        fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', ''),
        async (path, body, type) => {
          await answer(path, body, type || undefined);
        },
      ),
      runs(200),
    );
  }, 120_000);

  it('reached the engines: replies as well as refusals', () => {
    expect(seen.get('/v1/chat/completions')).toContain(200);
    expect(seen.get('/v1/code/completions')).toContain(200);
    expect(seen.get('/v1/chat/completions')).toContain(400);
    expect(seen.get('/v1/vision/analyze')).toContain(200);
    expect(seen.get('/v1/audio/transcriptions')).toContain(200);
  });

  it('kept the event loop responsive through every run above', () => {
    // The worst stall of about a minute of random work, on 2 shared cores where other test files,
    // the OCR worker and ffmpeg compete: scheduling alone has put it at 1.2 s on a run with no
    // freeze (1.0 s was too tight). The freezes this guards against lasted 10 s to 84 s; the
    // targeted hostile tests keep the 1 s budget for the inputs that caused them.
    expect(loop.max / 1e6).toBeLessThan(FUZZ_LOOP_BUDGET_MS);
    expect(logs.filter((line) => / failed/.test(line))).toEqual([]);
  });
});

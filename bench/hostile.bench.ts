/**
 * The worst event-loop delay while hostile requests run against the service in process, next to a
 * baseline measured in the same run (an ordinary chat request). Each case is one of the hostile
 * suite's findings (tests/server/hostile), which count the work; the figure that matters here is how
 * long every other request waited, and how long the hostile one took.
 */
import fc from 'fast-check';
import { createApp } from '../server/app';
import { resolveConfig } from '../server/config';
import { createReferenceEngines } from '../server/engines/reference/index';
import { chatBody, codeBody } from '../tests/server/hostile/fuzz-bodies';
import { KEY } from '../tests/server/support/test-app';
import { hostileMediaCases } from './support/hostile-media';
import { underLoad, type LoadReport } from './support/under-load';

export interface HostileCase {
  name: string;
  run: (app: BenchApp) => Promise<number>;
}

export interface BenchApp {
  request: (path: string, init?: RequestInit) => Response | Promise<Response>;
}

/** POSTs JSON (a string is sent as it is) and returns the status once the whole answer is read. */
export async function postStatus(app: BenchApp, path: string, body: unknown): Promise<number> {
  const response = await app.request(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

const chat = (content: string, extra: Record<string, unknown> = {}) => ({
  model: 'svc-chat',
  messages: [{ role: 'user', content }],
  ...extra,
});
const fill = (parameters: unknown, content = 'fill') =>
  chat(content, { functions: [{ name: 'fill', parameters }] });
const object = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});

const CHAT_CODE_CASES: HostileCase[] = [
  {
    name: 'schema: 50,000 strings × minLength 100,000',
    run: (app) =>
      postStatus(
        app,
        '/v1/chat/completions',
        fill(
          object({ t: { type: 'array', minItems: 50_000, items: { type: 'string', minLength: 100_000 } } }),
        ),
      ),
  },
  {
    name: 'schema: nested 20,000 × 20,000 array',
    run: (app) =>
      postStatus(
        app,
        '/v1/chat/completions',
        fill(
          object({
            g: {
              type: 'array',
              minItems: 20_000,
              items: { type: 'array', minItems: 20_000, items: { type: 'integer' } },
            },
          }),
        ),
      ),
  },
  {
    name: 'schema: minLength 20,000,000',
    run: (app) =>
      postStatus(app, '/v1/chat/completions', fill(object({ s: { type: 'string', minLength: 20_000_000 } }))),
  },
  {
    name: 'message: 260 KB of "111,"',
    run: (app) => postStatus(app, '/v1/chat/completions', chat('111,'.repeat(65_000), { max_tokens: 100 })),
  },
  {
    name: 'message: 1 MB of "!a" (the tokenizer\'s slowest text)',
    run: (app) => postStatus(app, '/v1/chat/completions', chat('!a'.repeat(500_000), { max_tokens: 10 })),
  },
  {
    name: 'arguments: e-mail scan over "a." × 40,000',
    run: (app) =>
      postStatus(
        app,
        '/v1/chat/completions',
        fill(object({ email: { type: 'string' } }), `fill ${'a.'.repeat(40_000)}`),
      ),
  },
  {
    name: 'enum: 30,000 values vs a 120 KB message',
    run: (app) =>
      postStatus(
        app,
        '/v1/chat/completions',
        fill(
          object({ v: { type: 'string', enum: Array.from({ length: 30_000 }, (_, i) => `v ${i}`) } }),
          `fill ${'v x '.repeat(30_000)}`,
        ),
      ),
  },
  {
    name: 'schema: 10,000-deep array under an unknown keyword',
    run: (app) =>
      postStatus(
        app,
        '/v1/chat/completions',
        `{"model":"svc-chat","messages":[{"role":"user","content":"fill"}],"functions":[{"name":"fill","parameters":{"type":"object","properties":{"x":{"type":"string","x":${'['.repeat(10_000)}${']'.repeat(10_000)}}}}}]}`,
      ),
  },
  {
    name: 'schema: 5,000 properties (once compiled)',
    run: (app) =>
      postStatus(
        app,
        '/v1/chat/completions',
        fill({
          type: 'object',
          properties: Object.fromEntries(
            Array.from({ length: 5000 }, (_, i) => [`p${i}`, { type: 'string' }]),
          ),
        }),
      ),
  },
  {
    name: 'code: 200,000 spaces then x',
    run: (app) =>
      postStatus(app, '/v1/code/completions', { model: 'svc-coder', prompt: `${' '.repeat(200_000)}x` }),
  },
  {
    name: 'code: 1 MB of spaces then x',
    run: (app) =>
      postStatus(app, '/v1/code/completions', { model: 'svc-coder', prompt: `${' '.repeat(1_000_000)}x` }),
  },
  {
    name: 'code: 500,000 newlines, "->" × 100,000, "select " × 120,000',
    run: async (app) => {
      let status = 0;
      for (const prompt of [
        '\n'.repeat(500_000),
        `fn f() ${'->'.repeat(100_000)}`,
        'select '.repeat(120_000),
      ])
        status = Math.max(
          status,
          await postStatus(app, '/v1/code/completions', { model: 'svc-coder', prompt }),
        );
      return status;
    },
  },
  {
    name: 'functions: 128 against a 440 KB message',
    run: (app) =>
      postStatus(
        app,
        '/v1/chat/completions',
        chat('weather forecast city '.repeat(20_000), {
          functions: Array.from({ length: 128 }, (_, i) => ({
            name: `tool_${i}`,
            description: 'look up the weather forecast for a city',
            parameters: { type: 'object', properties: { city: { type: 'string' } } },
          })),
        }),
      ),
  },
  {
    name: 'schema: 1,000 strings × minLength 100 (fits, filled)',
    run: (app) =>
      postStatus(
        app,
        '/v1/chat/completions',
        fill(object({ t: { type: 'array', minItems: 1000, items: { type: 'string', minLength: 100 } } })),
      ),
  },
];

/**
 * The fuzz test's bodies, a fixed sample of each, sent one after another as one case (its status is
 * the highest answered). A turn of the loop between two requests, so the worst delay is one
 * request's, not the sum of requests that never leave the loop.
 */
function fuzzCase(name: string, path: string, bodies: fc.Arbitrary<Record<string, unknown>>, count: number) {
  const sample = fc.sample(bodies, { numRuns: count, seed: 20261125 });
  return {
    name,
    run: async (app: BenchApp) => {
      let worst = 0;
      for (const body of sample) {
        worst = Math.max(worst, await postStatus(app, path, body));
        await new Promise((resolve) => setImmediate(resolve));
      }
      return worst;
    },
  };
}

const FUZZ_CASES: HostileCase[] = [
  fuzzCase('fuzzed chat bodies (300, fixed seed)', '/v1/chat/completions', chatBody, 300),
  fuzzCase('fuzzed code bodies (200, fixed seed)', '/v1/code/completions', codeBody, 200),
];

function row(name: string, report: LoadReport<number>): string {
  return (
    `${name}: status ${report.result}, took ${report.elapsedMs.toFixed(0)} ms, ` +
    `worst event-loop delay ${report.maxLoopDelayMs.toFixed(0)} ms, ` +
    `slowest GET /models meanwhile ${report.slowestModelsMs.toFixed(0)} ms (${report.probes} answered)`
  );
}

export async function runHostileBench(): Promise<string[]> {
  const reference = createReferenceEngines();
  const media = await hostileMediaCases();
  const app = createApp(
    resolveConfig({
      SVC_API_KEYS: KEY,
      SVC_RATE_LIMITS: 'chat=1000000,code=1000000,vision=1000000,audio=1000000',
    }),
    {
      log: () => undefined,
      engines: {
        'svc-chat': reference.chat,
        'svc-reasoner': reference.chat,
        'svc-coder': reference.code,
        ...media.engines,
      },
    },
  );
  const lines: string[] = [];
  try {
    // Baseline: the same watch over an ordinary chat request, once the first has loaded the engine.
    const ordinary = () => postStatus(app, '/v1/chat/completions', chat('Hello there'));
    await ordinary();
    const idle = await underLoad(app, ordinary);
    lines.push(row('baseline (an ordinary chat request)', idle));
    let worst = { name: '', delay: 0 };
    for (const hostile of [...CHAT_CODE_CASES, ...FUZZ_CASES, ...media.cases]) {
      const report = await underLoad(app, () => hostile.run(app));
      lines.push(row(hostile.name, report));
      if (report.maxLoopDelayMs > worst.delay) worst = { name: hostile.name, delay: report.maxLoopDelayMs };
    }
    lines.push(
      `worst event-loop delay over the hostile cases: ${worst.delay.toFixed(0)} ms (${worst.name}), ` +
        `${(worst.delay / Math.max(1, idle.maxLoopDelayMs)).toFixed(1)}× the baseline's ${idle.maxLoopDelayMs.toFixed(0)} ms`,
    );
  } finally {
    await media.close();
  }
  return lines;
}

/**
 * Vision requests that once answered 500, or took tens of seconds and a gigabyte (each a finding of
 * an attack with a valid key), against the real local engine in process. Each must answer a 4xx or
 * a bounded reply, in bounded memory, while a GET /models sent meanwhile answers within the budget.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOcrWorker, createLocalVisionEngine } from '../../../server/engines/vision-local';
import { errorOf, postJson, testApp } from '../support/test-app';
import { LOOP_BUDGET_MS, underLoad } from './under-load';

const { app } = testApp(
  { SVC_RATE_LIMITS: 'vision=100000' },
  { engines: { 'svc-vision': createLocalVisionEngine({ maxConcurrent: 1, maxQueued: 1 }) } },
);

/** Blank PNGs compress to almost nothing: 49 megapixels are 160 KB. */
async function blankPng(width: number, height: number): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

let PNG_49MP = '';
let PNG_24MP = '';
let SMALL = '';

beforeAll(async () => {
  [PNG_49MP, PNG_24MP, SMALL] = await Promise.all([
    blankPng(7000, 7000),
    blankPng(6000, 4000),
    blankPng(8, 8),
  ]);
});

afterAll(async () => {
  await closeOcrWorker();
});

function analyze(content: unknown[], extra: Record<string, unknown> = {}) {
  return { model: 'svc-vision', messages: [{ role: 'user', content }], ...extra };
}

const image = (url: string, detail = 'auto') => ({ type: 'image_url', image_url: { url, detail } });

/**
 * Sends `bodies` at once under load, checks the loop stayed responsive, and returns the responses
 * with the growth of the process's resident memory while they ran.
 */
async function sendAll(
  bodies: unknown[],
  loopBudgetMs = LOOP_BUDGET_MS,
): Promise<{ responses: Response[]; rssGrowthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const report = await underLoad(app, () =>
      Promise.all(
        bodies.map(async (body) => {
          const response = await postJson(app, '/v1/vision/analyze', body);
          await response.clone().arrayBuffer();
          return response;
        }),
      ),
    );
    expect(report.probes).toBeGreaterThan(0);
    expect(report.slowestModelsMs).toBeLessThan(loopBudgetMs);
    expect(report.maxLoopDelayMs).toBeLessThan(loopBudgetMs);
    peak = Math.max(peak, process.memoryUsage().rss);
    return { responses: report.result, rssGrowthMb: (peak - before) / 1e6 };
  } finally {
    clearInterval(sampler);
  }
}

describe('hostile vision requests', { timeout: 20_000 }, () => {
  it('answers a 24-million-character text part with 400 context_length_exceeded, not 500', async () => {
    // 24 MB of JSON is turned into a string, sent, decoded and parsed in this one process, each step
    // synchronous: 400-550 ms of stall on an idle machine, 1.08 s once on a loaded CI run. The freeze
    // this guards against (the tokenizer on the whole text) took about 5 s (a fifth of a second per MB), so 2.5 s still finds it.
    const { responses } = await sendAll(
      [analyze([{ type: 'text', text: 'x'.repeat(24_000_000) }, image(SMALL)])],
      2500,
    );
    const [response] = responses as [Response];
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'context_length_exceeded', param: 'messages' });
  });

  it('answers 4.9 million tokens of text with 400 context_length_exceeded', async () => {
    const { responses } = await sendAll([
      analyze([{ type: 'text', text: 'a '.repeat(4_900_000) }, image(SMALL)]),
    ]);
    const [response] = responses as [Response];
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('context_length_exceeded');
    expect(error.message).toMatch(
      /you requested 49\d{5} tokens \(49\d{5} in the messages, 300 in the completion\)/,
    );
  });

  it('refuses three requests of eight 49-megapixel images at once, from their headers, in bounded memory', async () => {
    const started = performance.now();
    const eight = analyze(Array.from({ length: 8 }, () => image(PNG_49MP)));
    const { responses, rssGrowthMb } = await sendAll([eight, eight, eight]);
    const elapsed = performance.now() - started;
    console.info(`3 × 8 × 49 MP: ${Math.round(elapsed)} ms, resident memory +${Math.round(rssGrowthMb)} MB`);
    for (const response of responses) {
      expect([400, 429]).toContain(response.status);
      const error = await errorOf(response);
      if (response.status === 429) expect(response.headers.get('retry-after')).toBe('5');
      else {
        expect(error.param).toBe('messages[0].content[1].image_url.url');
        expect(error.message).toContain('98,000,000 pixels');
      }
    }
    expect(responses.some((r) => r.status === 400)).toBe(true);
    // Before the limits: 27 s and +680 MB here (47 s and 1.1 GB in the attack).
    expect(elapsed).toBeLessThan(3000);
    expect(rssGrowthMb).toBeLessThan(150);
  });

  it('reads big images one request at a time and answers 429 with Retry-After past the queue', async () => {
    const one = analyze([image(PNG_24MP, 'low')]);
    const { responses, rssGrowthMb } = await sendAll([one, one, one]);
    console.info(`3 × 1 × 24 MP, one at a time: resident memory +${Math.round(rssGrowthMb)} MB`);
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const refused = responses.find((r) => r.status === 429) as Response;
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await errorOf(refused)).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(rssGrowthMb).toBeLessThan(600);
  });
});

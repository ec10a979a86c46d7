/**
 * Vision requests that once answered 500, or took tens of seconds and a gigabyte (each a finding of
 * an attack with a valid key), against the real local engine in process. Each must answer a 4xx or
 * a bounded reply in bounded memory, doing bounded work counted in characters tokenized, image
 * headers read and images decoded, while GET /models sent meanwhile is answered (work-meter.ts).
 * The milliseconds are in `npm run bench` (hostile requests).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTEXT_LENGTH } from '../../../server/config';
import { closeOcrWorker, createLocalVisionEngine } from '../../../server/engines/vision-local';
import type * as imageFacts from '../../../server/engines/vision-local/image-facts';
import type * as pixelBudget from '../../../server/engines/vision-local/pixel-budget';
import { errorOf, postJson, testApp } from '../support/test-app';
import { meterWork, type WorkReport } from './work-meter';

vi.mock('gpt-tokenizer/encoding/o200k_base', async (importOriginal) =>
  (await import('./turn-meter')).meteredTokenizer(importOriginal),
);

/** Image headers read and images decoded, and the most decodes at once. */
const images = vi.hoisted(() => ({ headers: 0, decodes: 0, decoding: 0, mostDecodingAtOnce: 0 }));

vi.mock('../../../server/engines/vision-local/pixel-budget', async (importOriginal) => {
  const real = await importOriginal<typeof pixelBudget>();
  return {
    ...real,
    readImageHeader: (bytes: Uint8Array) => {
      images.headers += 1;
      return real.readImageHeader(bytes);
    },
  };
});

vi.mock('../../../server/engines/vision-local/image-facts', async (importOriginal) => {
  const real = await importOriginal<typeof imageFacts>();
  return {
    ...real,
    prepareForOcr: async (...args: Parameters<typeof real.prepareForOcr>) => {
      images.decodes += 1;
      images.decoding += 1;
      images.mostDecodingAtOnce = Math.max(images.mostDecodingAtOnce, images.decoding);
      try {
        return await real.prepareForOcr(...args);
      } finally {
        images.decoding -= 1;
      }
    },
  };
});

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

beforeEach(() => Object.assign(images, { headers: 0, decodes: 0, decoding: 0, mostDecodingAtOnce: 0 }));

afterAll(async () => {
  await closeOcrWorker();
});

function analyze(content: unknown[], extra: Record<string, unknown> = {}) {
  return { model: 'svc-vision', messages: [{ role: 'user', content }], ...extra };
}

const image = (url: string, detail = 'auto') => ({ type: 'image_url', image_url: { url, detail } });

/**
 * Sends `bodies` at once while counting their work, and returns the responses with the count and
 * the growth of the process's resident memory while they ran. No request may tokenize more than the
 * context's worth of characters without letting the loop turn.
 */
async function sendAll(
  bodies: unknown[],
): Promise<{ responses: Response[]; report: WorkReport<Response[]>; rssGrowthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const report = await meterWork(app, () =>
      Promise.all(
        bodies.map(async (body) => {
          const response = await postJson(app, '/v1/vision/analyze', body);
          await response.clone().arrayBuffer();
          return response;
        }),
      ),
    );
    expect(report.mostTokenizedInOneTurn).toBeLessThanOrEqual(DEFAULT_CONTEXT_LENGTH);
    peak = Math.max(peak, process.memoryUsage().rss);
    return { responses: report.result, report, rssGrowthMb: (peak - before) / 1e6 };
  } finally {
    clearInterval(sampler);
  }
}

describe('hostile vision requests', () => {
  it('answers a 24-million-character text part with 400 context_length_exceeded from its length, tokenizing none of it', async () => {
    // Once a 500 from the tokenizer, and about 5 s of stall before that (a fifth of a second per MB).
    const { responses, report } = await sendAll([
      analyze([{ type: 'text', text: 'x'.repeat(24_000_000) }, image(SMALL)]),
    ]);
    const [response] = responses as [Response];
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'context_length_exceeded', param: 'messages' });
    expect(report.tokenized).toBe(0);
    expect(images.headers).toBe(0);
  });

  it('answers 4.9 million tokens of text with 400 context_length_exceeded, counted in turns', async () => {
    const text = 'a '.repeat(4_900_000);
    const { responses, report } = await sendAll([analyze([{ type: 'text', text }, image(SMALL)])]);
    const [response] = responses as [Response];
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('context_length_exceeded');
    expect(error.message).toMatch(
      /you requested 49\d{5} tokens \(49\d{5} in the messages, 300 in the completion\)/,
    );
    expect(report.tokenized).toBeGreaterThanOrEqual(text.length);
    expect(report.probesMeanwhile).toBeGreaterThan(0);
    expect(images.headers).toBe(0);
  });

  it('refuses three requests of eight 49-megapixel images at once, from two headers each, decoding none, in bounded memory', async () => {
    const eight = analyze(Array.from({ length: 8 }, () => image(PNG_49MP)));
    const { responses, rssGrowthMb } = await sendAll([eight, eight, eight]);
    let refusedByPixels = 0;
    for (const response of responses) {
      expect([400, 429]).toContain(response.status);
      const error = await errorOf(response);
      if (response.status === 429) expect(response.headers.get('retry-after')).toBe('5');
      else {
        refusedByPixels += 1;
        expect(error.param).toBe('messages[0].content[1].image_url.url');
        expect(error.message).toContain('98,000,000 pixels');
      }
    }
    expect(refusedByPixels).toBeGreaterThan(0);
    // Before the limits every image was decoded: 27 s and +680 MB here (47 s and 1.1 GB in the attack).
    expect(images.headers).toBe(2 * refusedByPixels);
    expect(images.decodes).toBe(0);
    expect(rssGrowthMb).toBeLessThan(150);
  });

  it('reads big images one request at a time and answers 429 with Retry-After past the queue', async () => {
    const one = analyze([image(PNG_24MP, 'low')]);
    const { responses, report, rssGrowthMb } = await sendAll([one, one, one]);
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const refused = responses.find((r) => r.status === 429) as Response;
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await errorOf(refused)).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(images).toMatchObject({ headers: 2, decodes: 2, mostDecodingAtOnce: 1 });
    // The decodes ran off the event loop.
    expect(report.probesMeanwhile).toBeGreaterThan(0);
    expect(rssGrowthMb).toBeLessThan(600);
  });
});

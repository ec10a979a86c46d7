import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../../server/engines/engine';
import { closeOcrWorker, createLocalVisionEngine } from '../../../server/engines/vision-local';
import { collectReply, imageMessage } from './support/collect';
import { characterErrorRate } from './support/error-rates';

const LINES = ['Invoice total 42 dollars', 'Paid on Monday morning'];

function textSvg(lines: readonly string[], width: number, height: number, background = '#ffffff'): Buffer {
  const rows = lines
    .map(
      (line, i) =>
        `<text x="30" y="${80 + i * 80}" font-family="DejaVu Sans, sans-serif" font-size="48" fill="#000000">${line}</text>`,
    )
    .join('');
  const fill = background === 'none' ? '' : `<rect width="100%" height="100%" fill="${background}"/>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${fill}${rows}</svg>`,
  );
}

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

let textPng: Buffer;
let server: http.Server;
let port = 0;
const engine = createLocalVisionEngine({ allowedAddresses: ['127.0.0.1'], fetchTimeoutMs: 3000 });

beforeAll(async () => {
  textPng = await sharp(textSvg(LINES, 900, 200))
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    if (req.url === '/text.png') res.writeHead(200, { 'content-type': 'image/png' }).end(textPng);
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await closeOcrWorker();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function fencedText(answer: string): string {
  return /```text\n([\s\S]*?)\n```/.exec(answer)?.[1] ?? '';
}

async function refusalOf(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('local vision engine', () => {
  it('reads the text of a PNG the test rendered, with a low character error rate', async () => {
    const { text, finish } = await collectReply(engine, [
      imageMessage('What does it say?', { url: dataUrl(textPng) }),
    ]);
    const found = fencedText(text);
    const cer = characterErrorRate(LINES.join('\n'), found);
    console.info(
      `vision OCR character error rate: ${(cer * 100).toFixed(1)} % (read ${JSON.stringify(found)})`,
    );
    expect(cer).toBeLessThan(0.05);
    expect(finish?.finish_reason).toBe('stop');
    expect(finish?.usage.completion_tokens).toBeGreaterThan(0);
    expect(finish?.usage.total_tokens).toBe(
      (finish?.usage.prompt_tokens ?? 0) + (finish?.usage.completion_tokens ?? 0),
    );
  });

  it('reports format, size, transparency and dominant colours', async () => {
    // Red, with its left third fully transparent.
    const pixels = Buffer.alloc(120 * 80 * 4);
    for (let i = 0; i < 120 * 80; i += 1) if (i % 120 >= 40) pixels.set([220, 20, 20, 255], i * 4);
    const red = await sharp(pixels, { raw: { width: 120, height: 80, channels: 4 } })
      .png()
      .toBuffer();
    const { text } = await collectReply(engine, [imageMessage('', { url: dataUrl(red) })]);
    expect(text).toContain('**Format:** PNG');
    expect(text).toContain('120 × 80 pixels');
    expect(text).toContain('yes, some pixels are see-through');
    expect(text).toMatch(/Dominant colours:\*\* red `#dc1414` \((9\d|100) %\)/);
    expect(text).toContain('No text was found');
  });

  it('reports the EXIF orientation of a JPEG and reads it upright', async () => {
    const jpeg = await sharp(textSvg(['Rotated'], 400, 120))
      .rotate(-90)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { text } = await collectReply(engine, [imageMessage('', { url: dataUrl(jpeg, 'image/jpeg') })]);
    expect(text).toContain('**Format:** JPEG');
    expect(text).toContain('EXIF 6 (turned 90° clockwise); read upright');
    expect(fencedText(text)).toContain('Rotated');
  });

  it('downscales before reading at low detail, and reads full resolution at high', async () => {
    const big = await sharp(textSvg(LINES, 1800, 400))
      .png()
      .toBuffer();
    const low = await collectReply(engine, [imageMessage('', { url: dataUrl(big), detail: 'low' })]);
    expect(low.text).toContain('at 512 × 114 (detail: low)');
    const high = await collectReply(engine, [imageMessage('', { url: dataUrl(big), detail: 'high' })]);
    expect(high.text).toContain('at full resolution');
  });

  it('fetches an http image through the safe fetcher when its address is allowed', async () => {
    const { text } = await collectReply(engine, [
      imageMessage('', { url: `http://127.0.0.1:${port}/text.png` }),
    ]);
    expect(text).toContain(`(\`http://127.0.0.1:${port}/text.png\`)`);
    expect(characterErrorRate(LINES.join('\n'), fencedText(text))).toBeLessThan(0.05);
  });

  it('takes the prompt into account: text first, quoted phrases looked up, scene questions answered honestly', async () => {
    const { text } = await collectReply(engine, [
      imageMessage('Describe the scene. Does the text say "total 42" or "refund"?', {
        url: dataUrl(textPng),
      }),
    ]);
    expect(text.indexOf('Text found')).toBeLessThan(text.indexOf('**Format:**'));
    expect(text).toContain('Quoted and found in the text: “total 42”');
    expect(text).toContain('Quoted but not found in the text: “refund”');
    expect(text).toContain('does not recognise objects or scenes');
  });

  it('cuts the answer at max_tokens with finish_reason length', async () => {
    const { finish } = await collectReply(engine, [imageMessage('', { url: dataUrl(textPng) })], {
      max_tokens: 12,
    });
    expect(finish?.finish_reason).toBe('length');
    expect(finish?.usage.completion_tokens).toBeLessThanOrEqual(12);
  });

  it.each([
    ['data:text/plain;base64,aGVsbG8=', 'not an image'],
    ['data:image/png;base64,aGVsbG8gd29ybGQ=', 'could not be read as an image'],
    ['data:image/svg+xml,<svg/>', 'SVG images are not accepted'],
    ['ftp://example.com/a.png', 'must be an http(s) URL or a data: URL'],
  ])('refuses %s with a 400 naming the image part', async (url, words) => {
    const error = await refusalOf(
      collectReply(engine, [imageMessage('look', { url }, { url: dataUrl(textPng) })]),
    );
    expect(error.status).toBe(400);
    expect(error.body.param).toBe('messages[0].content[1].image_url.url');
    expect(error.body.code).toBe('invalid_request_error');
    expect(error.body.message).toContain(words);
  });

  it('refuses private addresses by default, naming the part, and a body that is not an image', async () => {
    const strict = createLocalVisionEngine();
    const error = await refusalOf(
      collectReply(strict, [imageMessage('', { url: `http://127.0.0.1:${port}/text.png` })]),
    );
    expect(error.body.param).toBe('messages[0].content[1].image_url.url');
    expect(error.body.message).toContain('loopback');
    const notImage = await refusalOf(
      collectReply(engine, [imageMessage('', { url: `http://127.0.0.1:${port}/page` })]),
    );
    expect(notImage.body.message).toContain('text/plain, not an image');
  });

  it('refuses an image over the size cap', async () => {
    const small = createLocalVisionEngine({ maxImageBytes: 1000 });
    const error = await refusalOf(collectReply(small, [imageMessage('', { url: dataUrl(textPng) })]));
    expect(error.body.message).toContain('larger than the limit');
  });

  it('refuses a request with no image, naming messages', async () => {
    const error = await refusalOf(collectReply(engine, [{ role: 'user', content: 'hello' }]));
    expect(error.body.param).toBe('messages');
  });
});

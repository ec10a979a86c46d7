/**
 * The local vision engine's limits: the request's total pixels, checked on the image headers before
 * anything is decoded; sharp's own pixel limit on every decode; and the bounded queue of requests
 * (429 with Retry-After when it is full). Images are made tiny: a PNG header claiming 7000 × 7000
 * pixels is 33 bytes followed by nothing, which only a header read can get through.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../../server/engines/engine';
import { closeOcrWorker, createLocalVisionEngine } from '../../../server/engines/vision-local';
import { prepareForOcr, readImageFacts } from '../../../server/engines/vision-local/image-facts';
import { ImageSourceError } from '../../../server/engines/vision-local/image-source';
import { collectReply, imageMessage } from './support/collect';

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

let square: Buffer;
/** The first 64 bytes of a 7000 × 7000 PNG: a whole header, no pixel data. */
let bombHeader: Buffer;
let server: http.Server;
let port = 0;
let hits = 0;
/** Responses to /slow.png wait here until the test lets them go. */
const held: (() => void)[] = [];

beforeAll(async () => {
  square = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#2040c0' } })
    .png()
    .toBuffer();
  const big = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  bombHeader = big.subarray(0, 64);
  server = http.createServer((req, res) => {
    hits += 1;
    const send = () => res.writeHead(200, { 'content-type': 'image/png' }).end(square);
    if (req.url === '/slow.png') held.push(send);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await closeOcrWorker();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (e: unknown) => e,
  );
}

async function refusalOf(promise: Promise<unknown>): Promise<EngineError> {
  const error = await failureOf(promise);
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('vision pixel limits', () => {
  it('refuses the image that takes the request past 50 million pixels, from its header, before loading the next', async () => {
    const engine = createLocalVisionEngine({ allowedAddresses: ['127.0.0.1'] });
    hits = 0;
    const error = await refusalOf(
      collectReply(engine, [
        imageMessage(
          'read it',
          { url: dataUrl(bombHeader) },
          { url: dataUrl(bombHeader) },
          { url: `http://127.0.0.1:${port}/after.png` },
        ),
      ]),
    );
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_request_error',
      param: 'messages[0].content[2].image_url.url',
    });
    expect(error.body.message).toBe(
      'The image at messages[0].content[2].image_url.url was not used: it has 7,000 × 7,000 = 49,000,000 pixels, ' +
        "which brings the request's images to 98,000,000 pixels, more than the limit of 50,000,000 pixels per request " +
        '(SVC_VISION_MAX_PIXELS); send fewer or smaller images.',
    );
    // The images have no pixel data: a decode would have failed with another message. The third was never fetched.
    expect(hits).toBe(0);
  });

  it('follows maxPixels, naming a single image that is over it alone', async () => {
    const engine = createLocalVisionEngine({ maxPixels: 2000 });
    const pair = await refusalOf(
      collectReply(engine, [imageMessage('', { url: dataUrl(square) }, { url: dataUrl(square) })]),
    );
    expect(pair.body.param).toBe('messages[0].content[2].image_url.url');
    expect(pair.body.message).toContain("brings the request's images to 3,200 pixels");
    const tiny = createLocalVisionEngine({ maxPixels: 1000 });
    const one = await refusalOf(collectReply(tiny, [imageMessage('', { url: dataUrl(square) })]));
    expect(one.body.param).toBe('messages[0].content[1].image_url.url');
    expect(one.body.message).toContain('it has 40 × 40 = 1,600 pixels, more than the limit of 1,000 pixels');
  });

  it('decodes with sharp’s pixel limit set, so no single image can decode past it', async () => {
    for (const step of [() => readImageFacts(square, 1000), () => prepareForOcr(square, 'high', 1000)]) {
      const error = await failureOf(step());
      expect(error).toBeInstanceOf(ImageSourceError);
      expect((error as ImageSourceError).reason).toContain('more than 1,000 pixels (SVC_VISION_MAX_PIXELS)');
    }
  });

  it('refuses an SVG at its header, whatever type the data URL claims', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="90000" height="90000"><rect width="10" height="10"/></svg>',
    );
    const error = await refusalOf(
      collectReply(createLocalVisionEngine(), [imageMessage('', { url: dataUrl(svg) })]),
    );
    expect(error.body.message).toContain('SVG images are not accepted');
  });
});

describe('vision queue', () => {
  it('runs maxConcurrent requests, queues maxQueued, answers 429 with Retry-After beyond, and frees an aborted place', async () => {
    const engine = createLocalVisionEngine({
      maxConcurrent: 1,
      maxQueued: 1,
      allowedAddresses: ['127.0.0.1'],
    });
    const quick = () => [imageMessage('', { url: dataUrl(square) })];
    const running = collectReply(engine, [imageMessage('', { url: `http://127.0.0.1:${port}/slow.png` })]);
    while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    const leaving = new AbortController();
    const waiting = collectReply(engine, quick(), { signal: leaving.signal });
    const busy = await refusalOf(collectReply(engine, quick()));
    expect(busy.status).toBe(429);
    expect(busy.headers).toEqual({ 'Retry-After': '5' });
    expect(busy.body).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded', param: null });
    expect(busy.body.message).toContain('busy (1 request(s) being read, 1 waiting)');

    // A client that leaves the queue gets nothing, and its place goes to the next request.
    leaving.abort();
    expect(await waiting).toMatchObject({ text: '', finish: undefined });
    const next = collectReply(engine, quick());
    held.shift()?.();
    const [first, second] = await Promise.all([running, next]);
    expect(first.text).toContain('40 × 40 pixels');
    expect(second.finish?.finish_reason).toBe('stop');
  });
});

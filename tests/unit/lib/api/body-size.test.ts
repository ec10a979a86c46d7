import { describe, expect, it } from 'vitest';
import { MAX_ERROR_BODY_BYTES, MAX_JSON_BODY_BYTES, readBodyText } from '../../../../src/lib/api/body-text';
import { createClient } from '../../../../src/lib/api/client';
import { ApiError } from '../../../../src/lib/api/errors';
import { readJson } from '../../../../src/lib/api/transport';
import { fakeFetch } from './fake-fetch';

const MB = 1024 * 1024;

/** A body of `piece` repeated without end (or `count` times), counting what was pulled and whether it was cancelled. */
function endless(piece: string, count = Infinity) {
  const bytes = new TextEncoder().encode(piece);
  const seen = { pulled: 0, cancelled: false };
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ >= count) return controller.close();
      seen.pulled += bytes.byteLength;
      controller.enqueue(bytes);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { body, seen };
}

describe('a response body read up to a number of bytes', () => {
  it('reads a body under the limit whole, a character split across chunks included', async () => {
    const [a, b] = [new Uint8Array([0x68, 0xc3]), new Uint8Array([0xa9, 0x21])]; // "hé!" split inside é
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(a);
        c.enqueue(b);
        c.close();
      },
    });
    expect(await readBodyText(new Response(body), 100)).toEqual({ text: 'hé!', cut: false });
  });

  it('stops reading an endless body past the limit and cancels it', async () => {
    const { body, seen } = endless('x'.repeat(1000));
    const read = await readBodyText(new Response(body), 10_500);
    expect(read.cut).toBe(true);
    expect(read.text).toBe('x'.repeat(10_500));
    expect(seen.cancelled).toBe(true);
    // At most one piece read past the limit (plus the stream's own read-ahead of one).
    expect(seen.pulled).toBeLessThanOrEqual(13_000);
  });

  it('reads nothing of a body whose Content-Length is over the limit', async () => {
    const { body, seen } = endless('y'.repeat(1000), 5);
    const read = await readBodyText(new Response(body, { headers: { 'content-length': '5000' } }), 4000);
    expect(read).toEqual({ text: '', cut: true });
    expect(seen.cancelled).toBe(true);
  });

  it('refuses a JSON body past the limit, saying the size and what to do, without parsing it', async () => {
    const { body } = endless('[1,', 100_000);
    const error = await readJson(new Response(body, { status: 200 }), 1000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toMatch(/more than 1000 B, more than this page reads/);
    expect((error as ApiError).hint).toMatch(/stream on/);
  });

  it('keeps a non-streamed reply of more than 32 MB from the page, the connection cut after it', async () => {
    expect(MAX_JSON_BODY_BYTES).toBe(32 * MB);
    const { body, seen } = endless('{"a":"' + 'z'.repeat(64 * 1024), Infinity);
    const { fetch } = fakeFetch(
      () => new Response(body, { headers: { 'content-type': 'application/json' } }),
    );
    const client = createClient({ baseURL: 'http://127.0.0.1:8787/v1', apiKey: 'k', fetch, maxRetries: 0 });
    const error = await client
      .createCodeCompletion({ model: 'svc-coder', prompt: 'x' })
      .catch((e: unknown) => e);
    expect((error as ApiError).message).toContain('more than 32.0 MB, more than this page reads');
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(33 * MB);
  });

  it('reads an error body up to 1 MB, not to its end', async () => {
    const { body, seen } = endless('<p>gateway</p>'.repeat(1000));
    const { fetch } = fakeFetch(
      () => new Response(body, { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const client = createClient({ baseURL: 'http://127.0.0.1:8787/v1', apiKey: 'k', fetch, maxRetries: 0 });
    const error = (await client.listModels().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(MAX_ERROR_BODY_BYTES + 100_000);
    expect(error.message).toContain('HTML page');
  });
});

import { describe, expect, it } from 'vitest';
import { createClient } from '../../../../src/lib/api';
import { CellExchanges, MAX_EXCHANGE_TEXT } from '../../../../src/lib/experiments/cell-exchanges';
import { MAX_CELL_REPLY_CHARS } from '../../../../src/lib/experiments/cell-reply-limits';
import { sendRequest } from '../../../../src/lib/experiments/run-send';
import { DETAIL_TEXT_CHARS, shownText } from '../../../../src/lib/experiments/shown-text';
import { RateGate } from '../../../../src/lib/compare/rate-gate';
import type { ExchangeEvent } from '../../../../src/lib/api/types';
import { sseChunk } from '../../../support/sse-chunk';

const PIECE = 64 * 1024;
const event = (delta: object, finish: string | null = null) => sseChunk(delta, finish, 'm');

/** A server that would stream `total` characters of content, counting the pieces it was asked for. */
function endlessServer(total: number) {
  const served = { pieces: 0 };
  const encoder = new TextEncoder();
  const fetch: typeof globalThis.fetch = () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(encoder.encode(event({ role: 'assistant', content: '' })));
        if (sent >= total) {
          controller.enqueue(encoder.encode(`${event({}, 'stop')}data: [DONE]\n\n`));
          controller.close();
          return;
        }
        served.pieces++;
        sent += PIECE;
        controller.enqueue(encoder.encode(event({ content: 'x'.repeat(PIECE) })));
      },
    });
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
  };
  return { fetch, served };
}

describe('what a cell keeps of a reply', () => {
  it('stops reading a 100 MB stream at the cell limit, keeps its start, and says it was cut', async () => {
    const { fetch, served } = endlessServer(100 * 1024 * 1024);
    const client = createClient({ baseURL: 'http://127.0.0.1:1/v1', apiKey: 'k', fetch, maxRetries: 0 });
    const outcome = await sendRequest({
      client,
      gate: new RateGate(Date.now, () => Promise.resolve()),
      body: { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
      stream: true,
      signal: new AbortController().signal,
      now: Date.now,
      onWait: () => undefined,
    });
    expect(outcome.reply?.content).toHaveLength(MAX_CELL_REPLY_CHARS);
    expect(outcome.error?.kind).toBe('reply_too_long');
    expect(outcome.error?.message).toMatch(
      /^The reply was longer than 1 MiB, the most a cell keeps, so it was stopped there: the start is kept, the rest was not read, and no checks were run\. Ask for less \(max_tokens\)/,
    );
    // 1 MiB is 16 pieces; the reader may have asked for a few ahead, never for the 1,600 offered.
    expect(served.pieces).toBeGreaterThanOrEqual(16);
    expect(served.pieces).toBeLessThan(32);
  });

  it('keeps a reply under the limit whole, with no error', async () => {
    const { fetch } = endlessServer(4 * PIECE);
    const client = createClient({ baseURL: 'http://127.0.0.1:1/v1', apiKey: 'k', fetch, maxRetries: 0 });
    const outcome = await sendRequest({
      client,
      gate: new RateGate(Date.now, () => Promise.resolve()),
      body: { model: 'm', messages: [{ role: 'user', content: 'hi' }] },
      stream: true,
      signal: new AbortController().signal,
      now: Date.now,
      onWait: () => undefined,
    });
    expect(outcome.error).toBeNull();
    expect(outcome.reply?.content).toHaveLength(4 * PIECE);
    expect(outcome.reply?.finish_reason).toBe('stop');
  });

  it('keeps an exchange’s chunk text up to its limit, and the time and size of every chunk past it', () => {
    const exchanges = new CellExchanges();
    const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };
    exchanges.record({
      type: 'request',
      id: 7,
      at: 0,
      endpoint: 'chat',
      attempt: 1,
      method: 'POST',
      url: 'http://127.0.0.1:1/v1/chat/completions',
      headers: {},
      body: { kind: 'text', text: JSON.stringify(request) },
    } as ExchangeEvent);
    const text = 'y'.repeat(PIECE);
    const pieces = Math.ceil((3 * MAX_EXCHANGE_TEXT) / PIECE);
    for (let i = 0; i < pieces; i++) exchanges.record({ type: 'chunk', id: 7, at: i, bytes: PIECE, text });
    exchanges.record({ type: 'end', id: 7, at: pieces, error: null });
    exchanges.assign('cell-1', request);
    const [record] = exchanges.logFor('cell-1')!.getSnapshot();
    expect(record!.chunks).toHaveLength(pieces);
    const kept = record!.chunks.reduce((sum, c) => sum + c.text.length, 0);
    expect(kept).toBeLessThanOrEqual(MAX_EXCHANGE_TEXT);
    expect(kept).toBeGreaterThan(MAX_EXCHANGE_TEXT - PIECE);
    expect(record!.chunks.reduce((sum, c) => sum + c.bytes, 0)).toBe(pieces * PIECE);
  });

  it('draws the start of a long reply and counts what it left out', () => {
    expect(shownText('short', DETAIL_TEXT_CHARS)).toEqual({ text: 'short', hidden: 0 });
    const long = shownText('z'.repeat(MAX_CELL_REPLY_CHARS), DETAIL_TEXT_CHARS);
    expect(long.text).toHaveLength(DETAIL_TEXT_CHARS);
    expect(long.hidden).toBe(MAX_CELL_REPLY_CHARS - DETAIL_TEXT_CHARS);
  });
});

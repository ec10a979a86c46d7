import { describe, expect, it } from 'vitest';
import { messageMetrics } from '../../../../src/lib/chat/metrics';
import { streamTimeline, type ExchangeRecord } from '../../../../src/lib/wire-log';

const delta = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

function record(chunks: { at: number; text: string }[], endedAt: number): ExchangeRecord {
  return {
    id: 1,
    endpoint: 'chat',
    attempt: 0,
    startedAt: 1000,
    request: { method: 'POST', url: 'http://x/chat/completions', headers: {}, body: { kind: 'none' } },
    response: { at: 1100, status: 200, statusText: 'OK', headers: { 'content-type': 'text/event-stream' } },
    chunks: chunks.map((c) => ({ ...c, bytes: new TextEncoder().encode(c.text).length })),
    endedAt,
    error: null,
  };
}

describe('streamTimeline', () => {
  it('gives time to first byte, first token, and tokens per second from the chunks', () => {
    const chunks = [
      { at: 1150, text: 'data: {"choices":[{"delta":{"role":"assistant"}}]}\n\n' },
      ...Array.from({ length: 10 }, (_, i) => ({ at: 1200 + i * 100, text: delta('tok ') })),
    ];
    const t = streamTimeline(record(chunks, 2100));
    expect(t.ttfbMs).toBe(100);
    expect(t.firstTokenMs).toBe(200);
    expect(t.tokens).toBe(10);
    expect(t.tokensCounted).toBe('estimate');
    expect(t.tokensPerSecond).toBeCloseTo(10 / 0.9, 5);
    expect(t.points).toHaveLength(11);
    expect(t.buffered).toBe(false);
  });

  it('counts a stream without usage the way the reply footer does, however large its chunks', () => {
    // A server that sends 200 characters per chunk and no usage: counting chunks made the timeline
    // show an eighth of the footer's speed for the same reply.
    const text = 'word '.repeat(40);
    const chunks = Array.from({ length: 5 }, (_, i) => ({ at: 1200 + i * 200, text: delta(text) }));
    const t = streamTimeline(record(chunks, 2200));
    const footer = messageMetrics({
      id: 'm',
      role: 'assistant',
      content: text.repeat(5),
      createdAt: 0,
      timings: { requestStartedAt: 1000, firstTokenAt: 1200, endedAt: 2200 },
    });
    expect(t.tokens).toBe(footer.completionTokens);
    expect(t.tokensPerSecond).toBeCloseTo(footer.tokensPerSecond!, 9);
    expect(t.tokensPerSecond).toBeCloseTo(250, 5);
  });

  it('prefers the usage the server sent', () => {
    const last = `data: ${JSON.stringify({ choices: [{ delta: {} }], usage: { completion_tokens: 42 } })}\n\n`;
    const t = streamTimeline(
      record(
        [
          { at: 1200, text: delta('a') },
          { at: 1300, text: last },
        ],
        1300,
      ),
    );
    expect(t.tokens).toBe(42);
    expect(t.tokensCounted).toBe('usage');
  });

  it('says the stream was buffered when almost all bytes arrive at the end', () => {
    const early = { at: 1150, text: delta('a') };
    const lateBurst = Array.from({ length: 30 }, () => ({ at: 4990, text: delta('some text ') }));
    expect(streamTimeline(record([early, ...lateBurst], 5000)).buffered).toBe(true);
  });
});

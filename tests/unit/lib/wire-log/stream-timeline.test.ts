import { describe, expect, it } from 'vitest';
import { messageMetrics } from '../../../../src/lib/chat/metrics';
import { ReplyAccumulator } from '../../../../src/lib/chat/reply-accumulator';
import { formatOffset, streamTimeline, timeTicks, type ExchangeRecord } from '../../../../src/lib/wire-log';

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

  it('times and counts a refusal as the reply it is, the same as the reply footer', () => {
    const refusal = (text: string) =>
      `data: ${JSON.stringify({ choices: [{ delta: { refusal: text } }] })}\n\n`;
    const words = 'I cannot help with that request. '.repeat(4);
    const chunks = [
      { at: 1150, text: 'data: {"choices":[{"delta":{"role":"assistant","content":null}}]}\n\n' },
      ...Array.from({ length: 4 }, (_, i) => ({ at: 1200 + i * 100, text: refusal(words) })),
    ];
    const t = streamTimeline(record(chunks, 1600));
    const acc = new ReplyAccumulator();
    const piece = { id: '', object: 'chat.completion.chunk', created: 0, model: '' } as const;
    for (const chunk of chunks.slice(1))
      acc.applyChunk(
        { ...piece, choices: [{ index: 0, delta: { refusal: words }, finish_reason: null }] },
        chunk.at,
      );
    const { firstTokenAt, largestGapMs, ...fields } = acc.snapshot();
    const footer = messageMetrics({
      id: 'm',
      role: 'assistant',
      createdAt: 0,
      ...fields,
      timings: { requestStartedAt: 1000, firstTokenAt, endedAt: 1600, largestGapMs: largestGapMs ?? null },
    });
    expect(t.firstTokenMs).toBe(200);
    expect(t.replyEvents).toBe(4);
    expect(t.tokens).toBeGreaterThan(0);
    expect(t.tokens).toBe(footer.completionTokens);
    expect(t.tokensPerSecond).toBeCloseTo(footer.tokensPerSecond!, 9);
  });

  it('estimates when the usage sent is not whole counts of both prompt and reply', () => {
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
    expect(t.tokensCounted).toBe('estimate');
  });

  it('prefers the usage the server sent', () => {
    const last = `data: ${JSON.stringify({ choices: [{ delta: {} }], usage: { prompt_tokens: 3, completion_tokens: 42 } })}\n\n`;
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

  it('finds the largest gap between reply chunks, the same figure the reply keeps as it streams', () => {
    const times = [1200, 1250, 1300, 2100, 2150];
    const chunks = [
      { at: 1150, text: 'data: {"choices":[{"delta":{"role":"assistant"}}]}\n\n' },
      ...times.map((at) => ({ at, text: delta('tok ') })),
    ];
    const t = streamTimeline(record(chunks, 2200));
    expect(t.largestGap).toEqual({ ms: 800, endedAtMs: 1100 });
    // The role chunk carries no reply: the wait before the first token is TTFT, not a gap.
    const reply = new ReplyAccumulator();
    for (const at of times) {
      const choice = { index: 0, delta: { content: 'tok ' }, finish_reason: null };
      reply.applyChunk(
        { id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [choice] },
        at,
      );
    }
    expect(reply.snapshot().largestGapMs).toBe(t.largestGap!.ms);
    expect(t.chunkBytes!.largest).toBe(new TextEncoder().encode(chunks[0]!.text).length);
  });

  it('flags a long reply that arrived in a few large blocks, and not one streamed token by token', () => {
    const block = delta('word ').repeat(25);
    const blocks = [1200, 2200, 3200, 4200].map((at) => ({ at, text: block }));
    const t = streamTimeline(record(blocks, 4300));
    expect(t).toMatchObject({ replyEvents: 100, replyReads: 4, bursty: true, buffered: false });
    // Events of one read arrived together; the gaps are between the reads.
    expect(t.largestGap).toEqual({ ms: 1000, endedAtMs: 1200 });
    expect(streamTimeline(record([blocks[0]!], 1300)).largestGap).toEqual({ ms: 0, endedAtMs: 200 });

    const steady = Array.from({ length: 100 }, (_, i) => ({ at: 1200 + i * 30, text: delta('word ') }));
    expect(streamTimeline(record(steady, 4300)).bursty).toBe(false);
    // A fast server that sent everything at once is not a proxy: too quick to tell.
    const quick = [1200, 1210].map((at) => ({ at, text: block }));
    expect(streamTimeline(record(quick, 1220)).bursty).toBe(false);
  });
});

describe('timeTicks', () => {
  it('steps in round numbers from 0 to the span', () => {
    expect(timeTicks(1000)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(timeTicks(2300)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(timeTicks(0.3, 3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(timeTicks(0)).toEqual([0]);
    expect(timeTicks(Number.NaN)).toEqual([0]);
  });

  it('labels ms under a second and seconds above', () => {
    expect(formatOffset(250)).toBe('250 ms');
    expect(formatOffset(2000)).toBe('2 s');
    expect(formatOffset(1500)).toBe('1.5 s');
    expect(formatOffset(12_500)).toBe('13 s');
  });
});

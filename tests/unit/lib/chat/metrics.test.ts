import { describe, expect, it } from 'vitest';
import {
  estimateTokens,
  finishReasonHint,
  messageMetrics,
  perTaskClock,
  replyMetrics,
} from '../../../../src/lib/chat/metrics';

describe('replyMetrics', () => {
  it('derives time to first token, total time and tokens per second from the generation phase', () => {
    const m = replyMetrics(
      { requestStartedAt: 1000, firstTokenAt: 1200, endedAt: 3200, largestGapMs: 400 },
      100,
    );
    expect(m).toEqual({ ttftMs: 200, totalMs: 2200, tokensPerSecond: 50, largestGapMs: 400 });
  });

  it('reports unknown figures as null instead of inventing them', () => {
    expect(replyMetrics({ requestStartedAt: 0, firstTokenAt: null, endedAt: null }, 10)).toEqual({
      ttftMs: null,
      totalMs: null,
      tokensPerSecond: null,
      largestGapMs: null,
    });
    expect(replyMetrics({ requestStartedAt: 0, firstTokenAt: 5, endedAt: 5 }, 10).tokensPerSecond).toBeNull();
    expect(
      replyMetrics({ requestStartedAt: 0, firstTokenAt: 5, endedAt: 50 }, null).tokensPerSecond,
    ).toBeNull();
  });
});

describe('estimateTokens', () => {
  it('is zero for empty text and grows with length', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('a')).toBe(1);
    expect(estimateTokens('x'.repeat(400))).toBe(100);
  });
});

describe('finishReasonHint', () => {
  it('explains length in plain words and says nothing for a normal stop', () => {
    expect(finishReasonHint('length')).toMatch(/max_tokens/);
    expect(finishReasonHint('stop')).toBeNull();
    expect(finishReasonHint(null)).toBeNull();
  });
});

describe('messageMetrics', () => {
  const timings = { requestStartedAt: 0, firstTokenAt: 100, endedAt: 1100 };
  it('uses the server usage when it was sent', () => {
    const m = messageMetrics({
      id: 'a',
      role: 'assistant',
      content: 'x'.repeat(400),
      createdAt: 0,
      timings,
      usage: { prompt_tokens: 1, completion_tokens: 20, total_tokens: 21 },
    });
    expect(m).toMatchObject({
      completionTokens: 20,
      estimated: false,
      tokensPerSecond: 20,
      ttftMs: 100,
      totalMs: 1100,
    });
  });

  it('estimates from text and reasoning when no usage came, and says so', () => {
    const m = messageMetrics({
      id: 'a',
      role: 'assistant',
      content: 'x'.repeat(40),
      createdAt: 0,
      timings,
      reasoning: { text: 'r', tokens: 5, startedAt: 0, endedAt: 1 },
    });
    expect(m).toMatchObject({ completionTokens: 15, estimated: true, tokensPerSecond: 15 });
  });

  it('has no figures for a hand-written message', () => {
    expect(messageMetrics({ id: 'a', role: 'assistant', content: 'hi', createdAt: 0 }).ttftMs).toBeNull();
  });
});

describe('perTaskClock', () => {
  it('reads the clock once per task, so chunks of one read share its time', async () => {
    let t = 100;
    const clock = perTaskClock(() => t++);
    expect([clock(), clock(), clock()]).toEqual([100, 100, 100]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(clock()).toBe(101);
  });
});

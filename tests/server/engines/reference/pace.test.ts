/**
 * The reference engine's pace, on a simulated clock: time passes only when the pacer sleeps, so the
 * tokens released in each simulated second can be counted exactly.
 */
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../../server/engines/engine';
import { createReferenceEngines } from '../../../../server/engines/reference';
import {
  createPacer,
  WHOLE_REPLY_MAX_WAIT_MS,
  type PaceClock,
} from '../../../../server/engines/reference/pace';
import { emitReply } from '../../../../server/engines/reference/token-emitter';
import { encodeTokens } from '../../../../server/tokens';

class SimulatedClock implements PaceClock {
  time = 0;
  sleeps = 0;
  now(): number {
    return this.time;
  }
  sleep(ms: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    this.sleeps += 1;
    this.time += ms;
    return Promise.resolve();
  }
}

/** Tokens released in each whole simulated second, from the times text events came out. */
function tokensPerSecond(released: { at: number; tokens: number }[]): number[] {
  const seconds: number[] = [];
  for (const { at, tokens } of released) {
    const second = Math.floor(at / 1000);
    seconds[second] = (seconds[second] ?? 0) + tokens;
  }
  return Array.from(seconds, (n) => n ?? 0);
}

const TEXT = 'word '.repeat(1000);

describe('pacing the reference engine', () => {
  it('releases a streamed reply at the asked pace: 80 tokens in every simulated second', async () => {
    const clock = new SimulatedClock();
    const signal = new AbortController().signal;
    const pacer = createPacer({ tokensPerSecond: 80, whole: false, signal, clock });
    const released: { at: number; tokens: number }[] = [];
    for await (const event of emitReply({ text: TEXT }, { signal, pacer })) {
      if (event.type === 'text') released.push({ at: clock.now(), tokens: encodeTokens(event.text).length });
    }
    const total = encodeTokens(TEXT).length;
    const perSecond = tokensPerSecond(released);
    // Every full second carries exactly the pace; only the last, partial one carries the remainder.
    expect(perSecond.slice(0, -1).every((n) => n === 80)).toBe(true);
    expect(perSecond.reduce((a, b) => a + b, 0)).toBe(total);
    expect(perSecond).toHaveLength(Math.ceil(total / 80));
  });

  it('counts suppressed tokens as time spent, like a model that generated them', async () => {
    const clock = new SimulatedClock();
    const signal = new AbortController().signal;
    const pacer = createPacer({ tokensPerSecond: 10, whole: false, signal, clock });
    const [banned] = encodeTokens(' word');
    const events: EngineEvent[] = [];
    for await (const event of emitReply(
      { text: 'one word two word three' },
      { signal, pacer, logitBias: { [String(banned)]: -100 } },
    ))
      events.push(event);
    expect(events.map((e) => (e.type === 'text' ? e.text : '')).join('')).toBe('one two three');
    expect(clock.now()).toBe(encodeTokens('one word two word three').length * 100);
  });

  it('stops at once when aborted mid-stream: nothing more is released and no further sleep starts', async () => {
    const clock = new SimulatedClock();
    const controller = new AbortController();
    const pacer = createPacer({ tokensPerSecond: 80, whole: false, signal: controller.signal, clock });
    let released = 0;
    let afterAbort = 0;
    for await (const event of emitReply({ text: TEXT }, { signal: controller.signal, pacer })) {
      if (controller.signal.aborted) afterAbort += 1;
      if (event.type === 'text') released += 1;
      if (released === 40) controller.abort();
    }
    expect(released).toBe(40);
    expect(afterAbort).toBe(0);
    expect(clock.sleeps).toBe(39);
  });

  it('holds a reply sent whole once, for its tokens at the pace', async () => {
    const clock = new SimulatedClock();
    const { chat } = createReferenceEngines({ tokensPerSecond: 80, clock });
    let completion = 0;
    for await (const event of chat.generate(
      { model: 'svc-chat', messages: [{ role: 'user', content: 'hi' }], max_tokens: 40 },
      { signal: new AbortController().signal },
    )) {
      if (event.type === 'finish') completion = event.usage?.completion_tokens ?? 0;
    }
    expect(completion).toBe(40);
    expect(clock.sleeps).toBe(1);
    expect(clock.now()).toBe(500);
  });

  it(`never holds a reply sent whole longer than ${WHOLE_REPLY_MAX_WAIT_MS / 1000} s`, async () => {
    const clock = new SimulatedClock();
    const { chat, code } = createReferenceEngines({ tokensPerSecond: 80, clock });
    const signal = new AbortController().signal;
    for await (const _ of chat.generate(
      { model: 'svc-chat', messages: [{ role: 'user', content: 'write 3000 words' }] },
      { signal },
    ));
    expect(clock.sleeps).toBe(1);
    expect(clock.now()).toBe(WHOLE_REPLY_MAX_WAIT_MS);
    // Code completions are never streamed, so they are held the same way.
    for await (const _ of code.generate(
      { model: 'svc-coder', prompt: 'def add(a, b):', max_tokens: 8 },
      { signal },
    ));
    expect(clock.sleeps).toBe(2);
    expect(clock.now()).toBeGreaterThan(WHOLE_REPLY_MAX_WAIT_MS);
  });

  it('paces a streamed function call by its tokens, and sends it whole', async () => {
    const clock = new SimulatedClock();
    const { chat } = createReferenceEngines({ tokensPerSecond: 80, clock });
    const events: EngineEvent[] = [];
    for await (const event of chat.generate(
      {
        model: 'svc-chat',
        stream: true,
        messages: [{ role: 'user', content: 'call get_weather for Paris' }],
        functions: [
          {
            name: 'get_weather',
            parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        ],
      },
      { signal: new AbortController().signal },
    ))
      events.push(event);
    const finish = events.at(-1);
    expect(events.some((e) => e.type === 'function_call')).toBe(true);
    expect(finish?.type === 'finish' && finish.usage?.completion_tokens).toBe((clock.now() * 80) / 1000);
  });

  it('is off when no pace is given, or 0', () => {
    const signal = new AbortController().signal;
    expect(createPacer({ whole: false, signal })).toBeNull();
    expect(createPacer({ tokensPerSecond: 0, whole: true, signal })).toBeNull();
  });
});

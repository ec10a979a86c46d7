import { describe, expect, it } from 'vitest';
import { RateGate } from '../../../../src/lib/compare/rate-gate';
import { describeVariant, parseSweepValues, sweepVariants } from '../../../../src/lib/compare/variants';

describe('sweeps', () => {
  it('reads lists and integer ranges, and says what is wrong with anything else', () => {
    expect(parseSweepValues('0, 0.7, 1.4', 'temperature')).toEqual({ values: [0, 0.7, 1.4] });
    expect(parseSweepValues('1..4', 'seed')).toEqual({ values: [1, 2, 3, 4] });
    expect(parseSweepValues('0, 3', 'temperature')).toEqual({
      error: 'temperature must be from 0 to 2; 3 is out of range.',
    });
    expect(parseSweepValues('1..20', 'seed')).toMatchObject({ error: expect.stringMatching(/room for 8/) });
    expect(parseSweepValues('4..1', 'seed')).toMatchObject({ error: expect.stringMatching(/backwards/) });
    expect(parseSweepValues('1.5, 2', 'seed')).toMatchObject({
      error: expect.stringMatching(/whole numbers/),
    });
    expect(parseSweepValues('0.5, x', 'top_p')).toEqual({ error: '"x" is not a number.' });
    expect(parseSweepValues('1, 1', 'seed')).toMatchObject({
      error: expect.stringMatching(/Each value once/),
    });
    expect(parseSweepValues('', 'seed')).toMatchObject({ error: expect.stringMatching(/Enter values/) });
  });

  it('makes one variant per value, keeping the rest of the base', () => {
    let n = 0;
    const base = { id: 'b', connectionId: 'c', model: 'svc-chat', parameters: { max_tokens: 50 } };
    const made = sweepVariants(base, 'temperature', [0, 1], () => `v${++n}`);
    expect(made).toEqual([
      { id: 'v1', connectionId: 'c', model: 'svc-chat', parameters: { max_tokens: 50, temperature: 0 } },
      { id: 'v2', connectionId: 'c', model: 'svc-chat', parameters: { max_tokens: 50, temperature: 1 } },
    ]);
    expect(describeVariant(made[0]!, 'Local')).toBe('Local · svc-chat · max_tokens 50 · temperature 0');
  });
});

describe('RateGate', () => {
  it('counts down as requests leave, waits for the reset at zero, and honours a 429’s wait', async () => {
    let now = 0;
    const waits: number[] = [];
    const gate = new RateGate(
      () => now,
      async (ms) => {
        now += ms;
      },
    );
    const signal = new AbortController().signal;
    gate.observe({ limit: 2, remaining: 2, resetAt: 5000, resetRaw: null });
    await gate.acquire(signal, (ms) => waits.push(ms));
    await gate.acquire(signal, (ms) => waits.push(ms));
    expect(waits).toEqual([]);
    await gate.acquire(signal, (ms) => waits.push(ms));
    expect(waits).toEqual([5000]);
    // After a reset nothing says how much is free (a sliding window frees one slot at a time): the
    // next request waits for the answer to the one that went.
    let fourthWent = false;
    const fourth = gate.acquire(signal, (ms) => waits.push(ms)).then(() => (fourthWent = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fourthWent).toBe(false);
    gate.observe({ limit: 2, remaining: 1, resetAt: 6000, resetRaw: null });
    await fourth;
    gate.block(now + 1200);
    await gate.acquire(signal, (ms) => waits.push(ms));
    expect(waits).toEqual([5000, 1200]);
  });
});

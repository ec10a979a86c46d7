import { describe, expect, it } from 'vitest';
import {
  binomialHalfCdf,
  describePairedTest,
  mcnemarExact,
  pairedTest,
  percentile,
  repeatStats,
  spread,
  wilsonInterval,
} from '../../../../src/lib/experiments/stats';

describe('Wilson score interval', () => {
  it('matches known values', () => {
    const i = wilsonInterval(8, 10)!;
    expect(i.rate).toBe(0.8);
    expect(i.low).toBeCloseTo(0.4902, 4);
    expect(i.high).toBeCloseTo(0.9433, 4);
    const half = wilsonInterval(50, 100)!;
    expect(half.low).toBeCloseTo(0.4038, 4);
    expect(half.high).toBeCloseTo(0.5962, 4);
  });

  it('stays inside 0..1 at the edges and is null with no trials', () => {
    const none = wilsonInterval(0, 10)!;
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.2775, 4);
    const all = wilsonInterval(10, 10)!;
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(0.7225, 4);
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe('percentiles by nearest rank', () => {
  it('picks a value that occurred', () => {
    expect(percentile([4, 1, 3, 2], 50)).toBe(2);
    expect(percentile([15, 20, 35, 40, 50], 50)).toBe(35);
    expect(percentile([15, 20, 35, 40, 50], 95)).toBe(50);
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(95);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });

  it('leaves out what was not measured', () => {
    expect(spread([null, 300, 100, null, 200])).toEqual({ count: 3, p50: 200, p95: 300 });
  });
});

describe('exact McNemar', () => {
  it('matches known p-values', () => {
    expect(mcnemarExact(1, 9).pValue).toBeCloseTo(0.021484375, 9);
    expect(mcnemarExact(1, 9)).toMatchObject({ significant: true, better: 'b' });
    expect(mcnemarExact(3, 7).pValue).toBeCloseTo(0.34375, 9);
    expect(mcnemarExact(3, 7).significant).toBe(false);
    expect(mcnemarExact(0, 6).pValue).toBeCloseTo(0.03125, 9);
    expect(mcnemarExact(0, 5).pValue).toBeCloseTo(0.0625, 9);
    expect(mcnemarExact(5, 5).pValue).toBe(1);
    expect(mcnemarExact(0, 0)).toMatchObject({ pValue: 1, significant: false, better: null });
  });

  it('stays exact for large counts', () => {
    expect(binomialHalfCdf(50_000, 100_000)).toBeCloseTo(0.5013, 4);
    expect(mcnemarExact(4_900, 5_100).pValue).toBeCloseTo(0.0466, 3);
    expect(mcnemarExact(40_000, 60_000).pValue).toBeLessThan(1e-10);
  });

  it('counts only discordant pairs and says the finding in words', () => {
    const pairs = [
      ...Array(5).fill({ a: true, b: true }),
      ...Array(4).fill({ a: false, b: false }),
      { a: true, b: false },
      ...Array(9).fill({ a: false, b: true }),
    ];
    const result = pairedTest(pairs);
    expect(result).toMatchObject({ aOnly: 1, bOnly: 9, pairs: 19, significant: true, better: 'b' });
    expect(describePairedTest(result, 'A', 'B')).toBe(
      'B passes 9 rows A fails, A passes 1 that B fails, of 19 compared: significant at 0.05 (p = 0.0215); B is better',
    );
    expect(describePairedTest(mcnemarExact(3, 7), 'A', 'B')).toMatch(
      /not significant at 0.05 \(p = 0.3438\)$/,
    );
  });
});

describe('repeats', () => {
  it('finds pass^k per row and the rows that flip', () => {
    const stats = repeatStats([
      { key: 'r1', pass: true },
      { key: 'r1', pass: true },
      { key: 'r2', pass: true },
      { key: 'r2', pass: false },
      { key: 'r3', pass: false },
      { key: 'r3', pass: false },
    ]);
    expect(stats.rows).toEqual([
      { key: 'r1', runs: 2, passes: 2, allPass: true, flips: false },
      { key: 'r2', runs: 2, passes: 1, allPass: false, flips: true },
      { key: 'r3', runs: 2, passes: 0, allPass: false, flips: false },
    ]);
    expect(stats.flipping).toEqual(['r2']);
    expect(stats.passAll).toMatchObject({ passed: 1, total: 3 });
  });
});

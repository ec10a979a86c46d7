import { describe, expect, it } from 'vitest';
import { firstDivergence } from '../../../../src/lib/compare/divergence';
import type { TokenLogprob } from '../../../../src/protocol/wire';

const t = (token: string, p: number, top: [string, number][] = []): TokenLogprob => ({
  token,
  logprob: Math.log(p),
  top_logprobs: top.map(([alt, q]) => ({ token: alt, logprob: Math.log(q) })),
});

describe('firstDivergence', () => {
  it('finds the first token that differs, with each side’s probability for its own and the other’s token', () => {
    const left = [
      t('The', 0.9),
      t(' cat', 0.6, [
        [' cat', 0.6],
        [' dog', 0.3],
      ]),
      t(' sat', 0.8),
    ];
    const right = [
      t('The', 0.9),
      t(' dog', 0.25, [
        [' cat', 0.7],
        [' dog', 0.25],
      ]),
      t(' ran', 0.5),
    ];
    const divergence = firstDivergence(left, right)!;
    expect(divergence.index).toBe(1);
    expect(divergence.left).toMatchObject({ token: ' cat' });
    expect(divergence.left!.probability).toBeCloseTo(0.6);
    expect(divergence.left!.otherProbability).toBeCloseTo(0.3);
    expect(divergence.right).toMatchObject({ token: ' dog' });
    expect(divergence.right!.probability).toBeCloseTo(0.25);
    expect(divergence.right!.otherProbability).toBeCloseTo(0.7);
  });

  it('says null for the other token’s probability when it was not among the top logprobs', () => {
    const divergence = firstDivergence([t('A', 0.5, [['A', 0.5]])], [t('B', 0.4)])!;
    expect(divergence.index).toBe(0);
    expect(divergence.left!.otherProbability).toBeNull();
    expect(divergence.right!.otherProbability).toBeNull();
  });

  it('is null for identical token streams, and diverges where the shorter reply ends', () => {
    const same = [t('a', 0.5), t('b', 0.5)];
    expect(firstDivergence(same, [t('a', 0.5), t('b', 0.5)])).toBeNull();
    expect(firstDivergence(same, [...same, t('c', 0.2)])).toMatchObject({
      index: 2,
      left: null,
      right: { token: 'c' },
    });
  });
});

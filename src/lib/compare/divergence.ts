import type { TokenLogprob } from '../../protocol/wire';

/** One reply's side of a divergence: its token there, and how likely it and the other's token were. */
export interface DivergentToken {
  token: string;
  /** exp(logprob): the probability the model gave the token it sent. */
  probability: number;
  /**
   * The probability this reply's model gave the OTHER reply's token at the same place, read from its
   * top_logprobs; null when that token was not among them (or none were asked for).
   */
  otherProbability: number | null;
}

export interface Divergence {
  /** The index of the first token that differs (0-based). */
  index: number;
  /** The token of each reply there; null when that reply had already ended. */
  left: DivergentToken | null;
  right: DivergentToken | null;
}

function side(mine: TokenLogprob | undefined, other: TokenLogprob | undefined): DivergentToken | null {
  if (!mine) return null;
  const alternative = other ? mine.top_logprobs.find((t) => t.token === other.token) : undefined;
  return {
    token: mine.token,
    probability: Math.exp(mine.logprob),
    otherProbability: alternative ? Math.exp(alternative.logprob) : null,
  };
}

/**
 * Where two replies' token streams first part ways, with the probabilities at that token; null when
 * they are the same tokens throughout. A reply that is a prefix of the other diverges where it ends.
 */
export function firstDivergence(
  left: readonly TokenLogprob[],
  right: readonly TokenLogprob[],
): Divergence | null {
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const a = left[index];
    const b = right[index];
    if (a && b && a.token === b.token) continue;
    return { index, left: side(a, b), right: side(b, a) };
  }
  return null;
}

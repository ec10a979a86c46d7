/**
 * Log probabilities for the reference engine's tokens. They are not measured (nothing here is a
 * model): they are derived from a hash of the token and its position, so they are deterministic and
 * plausible — the chosen token is the most likely, logprob ≤ 0, alternatives below it, sorted, and
 * all probabilities sum to at most 1. A positive `logit_bias` on a token raises its logprob.
 */
import type { TokenLogprob, TopLogprob } from '../../../src/protocol/wire';
import { decodeTokens } from '../../tokens';
import { createRandom, hashString } from './sampling';

const utf8 = new TextEncoder();

function entry(token: string, logprob: number): TopLogprob {
  return { token, logprob, bytes: Array.from(utf8.encode(token)) };
}

/** Alternatives are nearby token ids that decode to clean text (no broken characters). */
function alternativeTokens(id: number, count: number, random: () => number): string[] {
  const found: string[] = [];
  for (let attempt = 0; found.length < count && attempt < count * 50 + 50; attempt += 1) {
    const candidate = Math.max(0, id + 1 + Math.floor(random() * 5000) - 2500);
    if (candidate === id) continue;
    const text = decodeTokens([candidate]);
    if (text.length === 0 || text.includes('\uFFFD') || found.includes(text)) continue;
    found.push(text);
  }
  return found;
}

/**
 * The logprob entry of one emitted run of tokens (`ids` decoding to `text`), at `position` in the
 * reply, with `topCount` alternatives (the chosen token first, as the common format lists them).
 */
export function tokenLogprob(
  ids: readonly number[],
  text: string,
  position: number,
  topCount: number,
  logitBias: Readonly<Record<string, number>> = {},
): TokenLogprob {
  const key = ids.join(',');
  const random = createRandom(hashString(`${key}@${position}`));
  const bias = ids.reduce((sum, id) => sum + (logitBias[String(id)] ?? 0), 0);
  // Most tokens of fixed text are near-certain; a few are less so, as in real output.
  const base = -(random() ** 3) * 2.2 - 0.0001;
  const logprob = Math.min(-0.0000001, base + Math.max(0, bias) / 20);
  const top: TopLogprob[] = [];
  if (topCount > 0) {
    top.push(entry(text, logprob));
    let remaining = 1 - Math.exp(logprob);
    let previous = logprob;
    for (const alternative of alternativeTokens(ids[0] ?? 0, topCount - 1, random)) {
      const share = remaining * (0.3 + random() * 0.5);
      remaining -= share;
      const value = Math.min(previous - 0.0001, Math.log(Math.max(share, 1e-12)));
      top.push(entry(alternative, value));
      previous = value;
    }
  }
  return { ...entry(text, logprob), top_logprobs: top };
}

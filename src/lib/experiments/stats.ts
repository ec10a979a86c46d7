/**
 * The statistics an experiment reports, as pure functions of counts:
 * - a pass rate with its 95% Wilson score interval (honest at small n and at 0% or 100%, where the
 *   normal approximation gives nonsense);
 * - percentiles by the nearest-rank method: the smallest value with at least p% of values at or
 *   below it, always a value that occurred (p50 of [1, 2, 3, 4] is 2);
 * - the exact McNemar test for two variants on the same rows: only the rows where they disagree
 *   count, and under "no difference" each such row is a fair coin (two-sided binomial p-value);
 * - for repeats, pass^k (every one of a row's k repeats passes) and the rows that flip.
 */

/** The two-sided 95% normal quantile. */
export const Z_95 = 1.959963984540054;

export interface RateInterval {
  passed: number;
  total: number;
  rate: number;
  /** The 95% Wilson score interval. */
  low: number;
  high: number;
}

/** The pass rate of `passed` out of `total` with its Wilson interval; null when `total` is 0. */
export function wilsonInterval(passed: number, total: number, z = Z_95): RateInterval | null {
  if (total <= 0) return null;
  const p = passed / total;
  const z2 = z * z;
  const denominator = 1 + z2 / total;
  const centre = (p + z2 / (2 * total)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / denominator;
  // At 0% and 100% the bound is exactly 0 or 1; floating point would leave 0.9999999999999999.
  const low = passed === 0 ? 0 : Math.max(0, centre - half);
  const high = passed === total ? 1 : Math.min(1, centre + half);
  return { passed, total, rate: p, low, high };
}

/** The nearest-rank percentile (0 < p ≤ 100) of `values`; null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export interface Spread {
  count: number;
  p50: number | null;
  p95: number | null;
}

/** p50 and p95 (nearest rank) of the values that are numbers; nulls (not measured) left out. */
export function spread(values: readonly (number | null)[]): Spread {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return { count: known.length, p50: percentile(known, 50), p95: percentile(known, 95) };
}

/** ln(Σ exp(terms)) without overflow. */
function logSumExp(a: number, b: number): number {
  if (a === -Infinity) return b;
  const high = Math.max(a, b);
  return high + Math.log(Math.exp(a - high) + Math.exp(b - high));
}

/** P(X ≤ k) for X ~ Binomial(n, 1/2), summed in logs so n in the hundred thousands is fine. */
export function binomialHalfCdf(k: number, n: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  let term = -n * Math.LN2; // ln C(n, 0) / 2^n
  let total = term;
  for (let i = 0; i < k; i++) {
    term += Math.log(n - i) - Math.log(i + 1);
    total = logSumExp(total, term);
  }
  return Math.min(1, Math.exp(total));
}

export interface McNemarResult {
  /** Rows where A passed and B failed. */
  aOnly: number;
  /** Rows where B passed and A failed. */
  bOnly: number;
  /** Rows compared (both had a result). */
  pairs: number;
  /** Two-sided exact p-value. */
  pValue: number;
  alpha: number;
  significant: boolean;
  /** Which passes more often, when the difference is significant. */
  better: 'a' | 'b' | null;
}

/** The exact McNemar test from the discordant counts. */
export function mcnemarExact(
  aOnly: number,
  bOnly: number,
  pairs = aOnly + bOnly,
  alpha = 0.05,
): McNemarResult {
  const n = aOnly + bOnly;
  const pValue = n === 0 ? 1 : Math.min(1, 2 * binomialHalfCdf(Math.min(aOnly, bOnly), n));
  const significant = pValue < alpha;
  return {
    aOnly,
    bOnly,
    pairs,
    pValue,
    alpha,
    significant,
    better: significant ? (aOnly > bOnly ? 'a' : 'b') : null,
  };
}

/** McNemar on paired outcomes (each pair: the same row under A and under B). */
export function pairedTest(pairs: readonly { a: boolean; b: boolean }[], alpha = 0.05): McNemarResult {
  let aOnly = 0;
  let bOnly = 0;
  for (const { a, b } of pairs) {
    if (a && !b) aOnly++;
    else if (b && !a) bOnly++;
  }
  return mcnemarExact(aOnly, bOnly, pairs.length, alpha);
}

/** The test's finding in a sentence: "B passes 9 rows A fails, A 1 that B fails: significant at 0.05 (p = 0.0215)". */
export function describePairedTest(result: McNemarResult, a: string, b: string): string {
  const p = result.pValue < 0.0001 ? 'p < 0.0001' : `p = ${result.pValue.toFixed(4)}`;
  const counts = `${b} passes ${result.bOnly} row${result.bOnly === 1 ? '' : 's'} ${a} fails, ${a} passes ${result.aOnly} that ${b} fails, of ${result.pairs} compared`;
  if (!result.significant) return `${counts}: not significant at ${result.alpha} (${p})`;
  const winner = result.better === 'a' ? a : b;
  return `${counts}: significant at ${result.alpha} (${p}); ${winner} is better`;
}

export interface RepeatedRow {
  key: string;
  runs: number;
  passes: number;
  /** Every repeat passed: this row's part of pass^k. */
  allPass: boolean;
  /** Some repeats passed and some failed: a flaky case. */
  flips: boolean;
}

export interface RepeatStats {
  rows: RepeatedRow[];
  /** Share of rows whose every repeat passed, with its Wilson interval. */
  passAll: RateInterval | null;
  /** Keys of the rows that flip, in order of first appearance. */
  flipping: string[];
}

/** Groups results by row key (a row within one variant) and finds pass^k and the rows that flip. */
export function repeatStats(results: readonly { key: string; pass: boolean }[]): RepeatStats {
  const byKey = new Map<string, RepeatedRow>();
  for (const { key, pass } of results) {
    const row = byKey.get(key) ?? { key, runs: 0, passes: 0, allPass: false, flips: false };
    row.runs++;
    if (pass) row.passes++;
    byKey.set(key, row);
  }
  const rows = [...byKey.values()].map((row) => ({
    ...row,
    allPass: row.passes === row.runs,
    flips: row.passes > 0 && row.passes < row.runs,
  }));
  return {
    rows,
    passAll: wilsonInterval(rows.filter((r) => r.allPass).length, rows.length),
    flipping: rows.filter((r) => r.flips).map((r) => r.key),
  };
}

/**
 * A run's figures per variant, as the page's header, the reports and the gates read them: pass rate
 * with its Wilson interval, p50/p95 of total time and time to first token, tokens, metrics, repeats;
 * and the paired test between two variants. Rates count graded cells: a cell whose request failed
 * is an error, counted apart; a cell still waiting for its judge is pending, in neither.
 */
import {
  pairedTest,
  repeatStats,
  spread,
  wilsonInterval,
  type McNemarResult,
  type RateInterval,
  type RepeatStats,
  type Spread,
} from './stats';
import type { CellResult } from './cell-result';
import type { PlannedCell } from './plan';

export interface MetricSummary {
  name: string;
  /** Check results under this metric (one per check per graded cell). */
  count: number;
  passed: number;
  meanScore: number;
}

export interface VariantSummary {
  label: string;
  cells: number;
  /** Cells with no result yet. */
  waiting: number;
  graded: number;
  errors: number;
  /** Graded but for a model-graded check whose judge has not answered. */
  pending: number;
  passRate: RateInterval | null;
  /** Mean weighted score of the graded cells; null with none. */
  meanScore: number | null;
  totalMs: Spread;
  ttftMs: Spread;
  tokens: { prompt: number; completion: number; total: number; cellsWithUsage: number };
  metrics: MetricSummary[];
  /** By row (within this variant): pass^k and the rows that flip. Keys are row ids. */
  repeats: RepeatStats;
}

export type CellState = 'waiting' | 'error' | 'pending' | 'graded';

/** Where a cell stands. */
export function cellState(result: CellResult | undefined): CellState {
  if (!result) return 'waiting';
  if (result.outcome.error || result.grade.error !== null) return 'error';
  return result.grade.pending.length > 0 ? 'pending' : 'graded';
}

function metricsOf(results: readonly CellResult[]): MetricSummary[] {
  const byName = new Map<string, { count: number; passed: number; score: number }>();
  for (const result of results)
    for (const check of result.grade.results) {
      if (check.metric === undefined) continue;
      const entry = byName.get(check.metric) ?? { count: 0, passed: 0, score: 0 };
      entry.count++;
      if (check.pass) entry.passed++;
      entry.score += check.score;
      byName.set(check.metric, entry);
    }
  return [...byName].map(([name, e]) => ({
    name,
    count: e.count,
    passed: e.passed,
    meanScore: e.score / e.count,
  }));
}

/** One variant's figures from its cells. */
export function summarizeVariant(
  label: string,
  cells: readonly PlannedCell[],
  results: ReadonlyMap<string, CellResult>,
): VariantSummary {
  const graded: CellResult[] = [];
  const perRow: { key: string; pass: boolean }[] = [];
  let waiting = 0;
  let errors = 0;
  let pending = 0;
  for (const cell of cells) {
    const result = results.get(cell.id);
    const state = cellState(result);
    if (state === 'waiting') waiting++;
    else if (state === 'error') errors++;
    else if (state === 'pending') pending++;
    else {
      graded.push(result!);
      perRow.push({ key: cell.rowId, pass: result!.grade.pass });
    }
  }
  const replied = cells.map((c) => results.get(c.id)).filter((r): r is CellResult => !!r?.outcome.reply);
  const tokens = { prompt: 0, completion: 0, total: 0, cellsWithUsage: 0 };
  for (const result of replied) {
    const usage = result.outcome.reply?.usage;
    if (!usage) continue;
    tokens.cellsWithUsage++;
    tokens.prompt += usage.prompt_tokens;
    tokens.completion += usage.completion_tokens;
    tokens.total += usage.total_tokens;
  }
  const passed = graded.filter((r) => r.grade.pass).length;
  return {
    label,
    cells: cells.length,
    waiting,
    graded: graded.length,
    errors,
    pending,
    passRate: wilsonInterval(passed, graded.length),
    meanScore: graded.length > 0 ? graded.reduce((sum, r) => sum + r.grade.score, 0) / graded.length : null,
    totalMs: spread(replied.map((r) => r.outcome.timings.totalMs)),
    ttftMs: spread(replied.map((r) => r.outcome.timings.ttftMs)),
    tokens,
    metrics: metricsOf(graded),
    repeats: repeatStats(perRow),
  };
}

/** Every variant's figures, in the variants' order. */
export function summarizeVariants(
  variants: readonly { label: string }[],
  cells: readonly PlannedCell[],
  results: ReadonlyMap<string, CellResult>,
): VariantSummary[] {
  return variants.map((variant, i) =>
    summarizeVariant(
      variant.label,
      cells.filter((c) => c.variantIndex === i),
      results,
    ),
  );
}

/**
 * The paired test between variants `a` and `b` (indexes) over the rows both have graded. With
 * repeats, a row passes for a variant when every graded repeat passed (pass^k), so each row is one
 * pair and the pairs stay independent, as McNemar assumes.
 */
export function compareVariants(
  cells: readonly PlannedCell[],
  results: ReadonlyMap<string, CellResult>,
  a: number,
  b: number,
  alpha = 0.05,
): McNemarResult {
  const rows = new Map<string, { a: boolean | null; b: boolean | null }>();
  for (const cell of cells) {
    if (cell.variantIndex !== a && cell.variantIndex !== b) continue;
    const result = results.get(cell.id);
    if (cellState(result) !== 'graded') continue;
    const side = cell.variantIndex === a ? 'a' : 'b';
    const row = rows.get(cell.rowId) ?? { a: null, b: null };
    row[side] = (row[side] ?? true) && result!.grade.pass;
    rows.set(cell.rowId, row);
  }
  const pairs = [...rows.values()]
    .filter((row): row is { a: boolean; b: boolean } => row.a !== null && row.b !== null)
    .map((row) => ({ a: row.a, b: row.b }));
  return pairedTest(pairs, alpha);
}

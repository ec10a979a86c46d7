/**
 * Gates: what a finished run must reach for a headless run to exit 0 (the runner maps a failed gate
 * to 100 and errors to 1). Judged on observed pass rates over graded cells. A run with cells still
 * waiting or pending a judge fails every gate: an unfinished run proves nothing.
 */
import { cellState, type VariantSummary } from './summary';
import { wilsonInterval } from './stats';
import type { CellResult } from './cell-result';
import type { ExperimentGates } from './experiment';
import type { PlannedCell } from './plan';

export interface GateReport {
  pass: boolean;
  /** One sentence per gate, held or not, for the log. */
  lines: string[];
  /** The sentences of the gates that failed. */
  failures: string[];
}

const percent = (rate: number) => `${Number((rate * 100).toFixed(1))}%`;

/** The most failing rows named in a per-row gate's sentence. */
const ROWS_NAMED = 5;

export function evaluateGates(
  gates: ExperimentGates,
  summaries: readonly VariantSummary[],
  cells: readonly PlannedCell[],
  results: ReadonlyMap<string, CellResult>,
): GateReport {
  const lines: string[] = [];
  const failures: string[] = [];
  const say = (held: boolean, line: string) => {
    lines.push(`${held ? 'held' : 'FAILED'}: ${line}`);
    if (!held) failures.push(line);
  };
  const set =
    gates.minPassRate !== undefined ||
    gates.minPassRatePerVariant !== undefined ||
    gates.minPassRatePerRow !== undefined;
  if (!set) return { pass: true, lines: ['no gates set'], failures: [] };
  const unfinished = cells.filter((c) => {
    const state = cellState(results.get(c.id));
    return state === 'waiting' || state === 'pending';
  }).length;
  if (unfinished > 0)
    say(false, `${unfinished} of ${cells.length} cells are not finished; gates are judged on a finished run`);

  if (gates.minPassRate !== undefined) {
    const passed = summaries.reduce((sum, s) => sum + (s.passRate?.passed ?? 0), 0);
    const graded = summaries.reduce((sum, s) => sum + s.graded, 0);
    const rate = wilsonInterval(passed, graded);
    say(
      rate !== null && rate.rate >= gates.minPassRate,
      rate === null
        ? `overall pass rate needs ${percent(gates.minPassRate)}; no cell was graded`
        : `overall pass rate ${percent(rate.rate)} (${passed}/${graded}), needs ${percent(gates.minPassRate)}`,
    );
  }

  const perVariant = gates.minPassRatePerVariant;
  if (perVariant !== undefined)
    for (const summary of summaries) {
      const min = typeof perVariant === 'number' ? perVariant : perVariant[summary.label];
      if (min === undefined) continue;
      const rate = summary.passRate;
      say(
        rate !== null && rate.rate >= min,
        rate === null
          ? `${summary.label}: pass rate needs ${percent(min)}; no cell was graded`
          : `${summary.label}: pass rate ${percent(rate.rate)} (${rate.passed}/${rate.total}), needs ${percent(min)}`,
      );
    }

  const perRow = gates.minPassRatePerRow;
  if (perRow !== undefined) {
    const rowIndex = new Map(cells.map((c) => [c.rowId, c.rowIndex]));
    for (const summary of summaries) {
      const below = summary.repeats.rows.filter((row) => row.passes / row.runs < perRow);
      const named = below
        .slice(0, ROWS_NAMED)
        .map((row) => `row ${(rowIndex.get(row.key) ?? 0) + 1} (${row.passes}/${row.runs})`)
        .join(', ');
      say(
        below.length === 0,
        below.length === 0
          ? `${summary.label}: every row's repeats pass at ${percent(perRow)} or more`
          : `${summary.label}: ${below.length} row${below.length === 1 ? '' : 's'} below ${percent(perRow)} of repeats passing: ${named}${below.length > ROWS_NAMED ? ', …' : ''}`,
      );
    }
  }

  return { pass: failures.length === 0, lines, failures };
}

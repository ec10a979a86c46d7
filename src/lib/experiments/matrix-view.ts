/**
 * The results matrix as the page shows it: one line per row (case), its cells by variant, filtered
 * (failures, errors, rows where variants differ, text), and each cell's standing against a baseline
 * run (regressed, improved). Plain data in, plain data out, so filtering 10,000 cells is one pass.
 */
import { cellStatus, type CellStatus } from './export-report';
import type { CellResult } from './cell-result';
import type { DatasetRow } from './dataset-row';
import type { PlannedCell } from './plan';

export interface MatrixLine {
  row: DatasetRow;
  /** By variant index, each variant's repeats in order. */
  cells: PlannedCell[][];
}

export interface MatrixFilters {
  failures: boolean;
  errors: boolean;
  differ: boolean;
  text: string;
}

export const NO_FILTERS: MatrixFilters = { failures: false, errors: false, differ: false, text: '' };

export type BaselineChange = 'regressed' | 'improved' | null;

/** Groups planned cells by row, in the rows' order. */
export function matrixLines(
  rows: readonly DatasetRow[],
  cells: readonly PlannedCell[],
  variantCount: number,
): MatrixLine[] {
  const byRow = new Map<string, PlannedCell[][]>();
  for (const cell of cells) {
    let line = byRow.get(cell.rowId);
    if (!line) byRow.set(cell.rowId, (line = Array.from({ length: variantCount }, () => [])));
    line[cell.variantIndex]?.push(cell);
  }
  return rows.map((row) => ({ row, cells: byRow.get(row.id) ?? [] }));
}

/** Whether a row's variants came to different verdicts (one passed where another failed). */
function variantsDiffer(line: MatrixLine, results: ReadonlyMap<string, CellResult>): boolean {
  const verdicts = new Set<string>();
  for (const repeats of line.cells) {
    const statuses = repeats.map((c) => cellStatus(results.get(c.id)));
    if (statuses.some((s) => s === 'waiting')) continue;
    verdicts.add(statuses.join(','));
  }
  return verdicts.size > 1;
}

/** What the text search looks in: the row's description and values, every reply and error, lower case. */
export function lineText(line: MatrixLine, results: ReadonlyMap<string, CellResult>): string {
  const parts = [line.row.description ?? '', ...Object.values(line.row.vars).map((v) => String(v))];
  for (const repeats of line.cells)
    for (const cell of repeats) {
      const result = results.get(cell.id);
      parts.push(result?.outcome.reply?.content ?? '', result?.outcome.error?.message ?? '');
    }
  return parts.join('\n').toLowerCase();
}

/** The lines that pass every filter set; `textOf` gives a line's `lineText` when it is kept already. */
export function filterLines(
  lines: readonly MatrixLine[],
  results: ReadonlyMap<string, CellResult>,
  filters: MatrixFilters,
  textOf: (line: MatrixLine) => string = (line) => lineText(line, results),
): MatrixLine[] {
  const text = filters.text.trim().toLowerCase();
  const byStatus = filters.failures || filters.errors;
  return lines.filter((line) => {
    // Only when a status filter is on: a search typed a key at a time needs none of them.
    if (byStatus) {
      const statuses: CellStatus[] = line.cells.flat().map((c) => cellStatus(results.get(c.id)));
      if (filters.failures && !statuses.includes('failed')) return false;
      if (filters.errors && !statuses.includes('error')) return false;
    }
    if (filters.differ && !variantsDiffer(line, results)) return false;
    if (text !== '' && !textOf(line).includes(text)) return false;
    return true;
  });
}

/** How a cell moved since the baseline: failed where it passed (regressed), or the reverse. */
export function baselineChange(
  now: CellResult | undefined,
  baseline: CellResult | undefined,
): BaselineChange {
  const a = cellStatus(baseline);
  const b = cellStatus(now);
  if (a === 'passed' && (b === 'failed' || b === 'error')) return 'regressed';
  if ((a === 'failed' || a === 'error') && b === 'passed') return 'improved';
  return null;
}

/** The counts of regressed and improved cells against a baseline. */
export function baselineCounts(
  cells: readonly PlannedCell[],
  results: ReadonlyMap<string, CellResult>,
  baseline: ReadonlyMap<string, CellResult>,
): { regressed: number; improved: number; compared: number } {
  let regressed = 0;
  let improved = 0;
  let compared = 0;
  for (const cell of cells) {
    const before = baseline.get(cell.id);
    const now = results.get(cell.id);
    if (!before || !now) continue;
    compared++;
    const change = baselineChange(now, before);
    if (change === 'regressed') regressed++;
    else if (change === 'improved') improved++;
  }
  return { regressed, improved, compared };
}

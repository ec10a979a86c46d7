import type { CellResult } from '../../lib/experiments/cell-result';
import type { DatasetRow } from '../../lib/experiments/dataset-row';
import type { ExperimentReport } from '../../lib/experiments/export-report';
import type { PlannedCell } from '../../lib/experiments/plan';
import type { Variant } from '../../lib/compare/variants';

/** What the exports read, from what the page shows. */
export function exportReportOf(
  name: string,
  labels: readonly string[],
  variants: readonly Variant[],
  rows: readonly DatasetRow[],
  cells: readonly PlannedCell[],
  results: ReadonlyMap<string, CellResult>,
): ExperimentReport {
  return {
    name,
    variants: labels.map((label, i) => ({ label, model: variants[i]?.model ?? '' })),
    rows,
    cells,
    // A copy: the page's map keeps changing while a run goes on.
    results: new Map(results),
    generatedAt: Date.now(),
  };
}

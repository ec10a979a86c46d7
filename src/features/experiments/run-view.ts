import type { CellResult } from '../../lib/experiments/cell-result';
import type { MatrixLine } from '../../lib/experiments/matrix-view';
import type { PlannedCell } from '../../lib/experiments/plan';

/** What the matrix draws of a run: its lines (rows with their cells by variant) and their results. */
export interface MatrixView {
  lines: readonly MatrixLine[];
  results: ReadonlyMap<string, CellResult>;
  /** Moves with the results' content (the map is changed in place). */
  version: number;
  /** The variants' names, by index. */
  labels: readonly string[];
  repeats: number;
}

/** A run as the page shows it, summaries and matrix alike: the matrix's view and every planned cell. */
export interface RunView extends MatrixView {
  cells: readonly PlannedCell[];
}

/**
 * The cells of a run: rows × variants × repeats, in a fixed order, each with an id that depends only
 * on what the cell is (its row's variables, its variant's label, its repeat), so the same cell has
 * the same id after a reload, and a resumed run knows which cells are done. Whether a stored result
 * still answers the cell is the request key's business (cell-request.ts): an edited template or
 * variant changes what is sent, and the cell runs again.
 */
import { hash64 } from './hash';
import { MAX_CELLS } from './experiment';
import type { CellResult } from './cell-result';
import type { DatasetRow } from './dataset-row';

export interface PlannedCell {
  /** `<rowId>.<variantId>.<repeat>`. */
  id: string;
  rowId: string;
  rowIndex: number;
  variantId: string;
  variantIndex: number;
  variantLabel: string;
  /** 1-based. */
  repeat: number;
}

/** A variant's id, from its label (labels are unique within an experiment). */
export const variantId = (label: string): string => `v${hash64(label)}`;

export const cellId = (rowId: string, variant: string, repeat: number): string =>
  `${rowId}.${variant}.${repeat}`;

export type Plan = { ok: true; cells: PlannedCell[] } | { ok: false; error: string };

/**
 * Every cell, row by row, each row's variants side by side, each variant's repeats together: the
 * order the matrix reads, so a run in this order fills it from the top.
 */
export function planCells(
  rows: readonly Pick<DatasetRow, 'id' | 'index'>[],
  variants: readonly { label: string }[],
  repeats: number,
): Plan {
  const total = rows.length * variants.length * repeats;
  if (total > MAX_CELLS)
    return {
      ok: false,
      error: `${rows.length.toLocaleString('en')} rows × ${variants.length} variants × ${repeats} repeats is ${total.toLocaleString('en')} cells, more than the ${MAX_CELLS.toLocaleString('en')} a run may have`,
    };
  const ids = variants.map((v) => variantId(v.label));
  const cells: PlannedCell[] = [];
  for (const row of rows)
    variants.forEach((variant, variantIndex) => {
      for (let repeat = 1; repeat <= repeats; repeat++)
        cells.push({
          id: cellId(row.id, ids[variantIndex]!, repeat),
          rowId: row.id,
          rowIndex: row.index,
          variantId: ids[variantIndex]!,
          variantIndex,
          variantLabel: variant.label,
          repeat,
        });
    });
  return { ok: true, cells };
}

export interface ToRunOptions {
  /** The request key each cell would send now (see cell-request.ts); a result for another is stale. */
  keyOf?: (cell: PlannedCell) => string | null;
  /** Run again the cells whose request failed ("retry only the errors"). */
  retryErrors?: boolean;
}

/**
 * The cells a run still has to send: those with no result, a stale one (sent for another request),
 * or, with `retryErrors`, a failed one. A cell whose template could not be filled is not an error to
 * retry: the same row fails the same way until the template or the row changes.
 */
export function cellsToRun(
  cells: readonly PlannedCell[],
  results: ReadonlyMap<string, CellResult>,
  options: ToRunOptions = {},
): PlannedCell[] {
  return cells.filter((cell) => {
    const result = results.get(cell.id);
    if (!result) return true;
    if (options.keyOf && result.requestKey !== options.keyOf(cell)) return true;
    return (
      options.retryErrors === true &&
      result.outcome.error !== null &&
      result.outcome.error.kind !== 'template'
    );
  });
}

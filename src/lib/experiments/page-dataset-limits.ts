/**
 * What the page takes of a dataset, below what a dataset may be (DATASET_LIMITS, which the command
 * line reads). The page keeps its dataset in this browser, reads it back on every visit and plans,
 * draws and filters its cells on its own thread: 100,000 rows of 500 characters (a 50 MB file) held
 * it for seconds at each of those, and 20,000 such rows (10 MB) still for 1.7 s on import and 3.4 s
 * on the next visit in Chromium on a loaded two-core machine. 10,000 rows (the matrix is built for
 * 10,000 cells) and 5 MB are what it takes. A larger file is refused before it is read, saying how
 * to run it instead.
 */
import { count, type DatasetError } from './dataset-limits';
import type { DatasetRead } from './dataset';

export const PAGE_DATASET_LIMITS = {
  /** Bytes of a file the page reads. */
  maxBytes: 5 * 1024 * 1024,
  /** Rows the page holds. */
  maxRows: 10_000,
} as const;

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

const ELSEWHERE =
  'split it, or run the experiment from the command line (npm run experiment -- file), which reads up to 64 MB and 100,000 rows';

/** Why the page will not read a file of `bytes`, or null. */
export function pageSizeProblem(bytes: number): string | null {
  if (bytes <= PAGE_DATASET_LIMITS.maxBytes) return null;
  return `the file is ${mb(bytes)}, more than the ${mb(PAGE_DATASET_LIMITS.maxBytes)} this page reads; ${ELSEWHERE}`;
}

/** The read refused when it holds more rows than the page holds, at the first row past the limit. */
export function withinPageRows(
  read: DatasetRead,
  maxRows: number = PAGE_DATASET_LIMITS.maxRows,
): DatasetRead {
  if (!read.ok || read.dataset.rows.length <= maxRows) return read;
  const first = read.dataset.rows[maxRows]!;
  const error: DatasetError = {
    line: first.line,
    column: 1,
    message: `the file has ${count(read.dataset.rows.length)} rows, more than the ${count(maxRows)} this page holds; ${ELSEWHERE}`,
  };
  return { ok: false, errors: [error] };
}

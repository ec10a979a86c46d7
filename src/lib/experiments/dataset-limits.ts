/**
 * What a dataset may hold. Each limit is counted while reading, before the work it guards is done:
 * a row of 10,000 columns is refused at its 1,001st field, a file of a million rows at its
 * 100,001st, so a hostile file costs at most what a file at the limits costs.
 */
export const DATASET_LIMITS = {
  /** Characters of a dataset's text (about its bytes): a 50 MB CSV is read, a 100 MB one refused. */
  maxChars: 64 * 1024 * 1024,
  /** Rows (cases), header not counted. Ten times the 10,000 the matrix is built for. */
  maxRows: 100_000,
  /** Columns (variables, `__` columns included), and a JSONL row's variables. */
  maxColumns: 1_000,
  /** Rows × columns: 100,000 rows of 50 columns; each value is a string held in memory. */
  maxCells: 5_000_000,
  /** Nesting of a JSONL value: deeper values cannot be written back out (JSON.stringify recurses). */
  maxDepth: 64,
  /** Problems listed before reading stops: the first few say what is wrong with the file. */
  maxErrors: 20,
} as const;

/** A place in a dataset's text: 1-based line and column (in characters). */
export interface DatasetError {
  line: number;
  column: number;
  message: string;
}

/** `line 3, column 7: …`, the way every dataset error is shown. */
export function describeDatasetError(error: DatasetError): string {
  return `line ${error.line}, column ${error.column}: ${error.message}`;
}

export const count = (n: number): string => n.toLocaleString('en');

/** The size refusal, said in MB. */
export function tooLarge(chars: number): DatasetError {
  const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return {
    line: 1,
    column: 1,
    message: `the file is ${mb(chars)}, more than the ${mb(DATASET_LIMITS.maxChars)} a dataset may be; split it`,
  };
}

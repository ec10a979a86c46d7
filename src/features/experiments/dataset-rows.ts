import { readInlineRows, type Dataset } from '../../lib/experiments/dataset';
import type { DatasetRow } from '../../lib/experiments/dataset-row';

/** A row as a test case again, to be read back (with a fresh id) after an edit. */
const caseOf = (row: DatasetRow) => ({
  vars: row.vars,
  assert: row.checks,
  ...(row.description !== undefined ? { description: row.description } : {}),
  metadata: row.metadata,
});

/**
 * The rows read again after an edit: ids follow the variables (a changed row is a new case, its old
 * replies no longer answer it), and the row's own checks are checked as an import's are.
 */
export function rebuildRows(rows: readonly DatasetRow[], columns: readonly string[]): Dataset | string {
  if (rows.length === 0) return { columns: [...columns], rows: [] };
  const issues: { path: string; reason: string }[] = [];
  const read = readInlineRows(rows.map(caseOf), 'rows', issues);
  if (!read) return issues.map((i) => `${i.path} ${i.reason}`).join('; ');
  return { columns: [...columns], rows: read.rows };
}

/** A value as the table shows it: text as it is, anything else as JSON. */
export const cellText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : (JSON.stringify(value) ?? '');

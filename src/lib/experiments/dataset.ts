/**
 * Datasets: the cases an experiment runs, read from CSV (header row = variable names), JSONL, or a
 * file's inline rows, into one shape. Every error names where it is: a line and column in a file, a
 * JSON path among inline rows. Limits: DATASET_LIMITS.
 */
import { parseCsv, fieldPosition } from './dataset-csv';
import { parseJsonl } from './dataset-jsonl';
import { DATASET_LIMITS, count, type DatasetError } from './dataset-limits';
import {
  rowFromColumns,
  rowFromObject,
  unsupportedColumn,
  type DatasetRow,
  type RowDraft,
} from './dataset-row';
import { hash64 } from './hash';
import { parseJson } from '../function-schema/parse-json';
import { canonicalJson } from '../function-schema/validator-cache';
import type { Issue } from '../chat/json-checks';

export interface Dataset {
  /** The variables the rows give, in the order first met (`__` columns not included). */
  columns: string[];
  rows: DatasetRow[];
}

export type DatasetFormat = 'csv' | 'jsonl';

export type DatasetRead = { ok: true; dataset: Dataset } | { ok: false; errors: DatasetError[] };

/** The format a file's name says, or null. */
export function datasetFormatOf(fileName: string): DatasetFormat | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  return null;
}

/**
 * Row ids from the rows' variables, so a row keeps its id when others are added, removed or moved,
 * and a row whose variables change gets a new one (its replies no longer answer it). Rows with the
 * same variables are told apart by their order among themselves.
 */
export function withRowIds(drafts: readonly (RowDraft & { line: number })[]): DatasetRow[] {
  const seen = new Map<string, number>();
  return drafts.map((draft, index) => {
    const hash = hash64(canonicalJson(draft.vars));
    const n = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, n);
    return { id: n === 1 ? `r${hash}` : `r${hash}-${n}`, index, ...draft };
  });
}

function columnsOf(rows: readonly RowDraft[]): string[] | string {
  const columns = new Set<string>();
  for (const row of rows) {
    for (const name of Object.keys(row.vars)) columns.add(name);
    if (columns.size > DATASET_LIMITS.maxColumns)
      return `the rows name more than ${count(DATASET_LIMITS.maxColumns)} different variables, more than a dataset may have`;
  }
  return [...columns];
}

function noRows(line: number): DatasetRead {
  return { ok: false, errors: [{ line, column: 1, message: 'the file has no rows: add at least one case' }] };
}

/** Reads a CSV dataset. */
export function readCsvDataset(text: string): DatasetRead {
  const parsed = parseCsv(text);
  if (!parsed.ok) return { ok: false, errors: [parsed.error] };
  const { header, records } = parsed;
  const names = header.fields;
  const errors: DatasetError[] = [];
  names.forEach((name, i) => {
    const problem = unsupportedColumn(name);
    if (problem) errors.push({ ...fieldPosition(parsed.text, header, i), message: problem });
  });
  if (errors.length > 0) return { ok: false, errors };
  if (records.length === 0) return noRows(header.line + 1);
  const drafts: (RowDraft & { line: number })[] = [];
  for (const record of records) {
    const issues: Issue[] = [];
    const draft = rowFromColumns(names, record.fields, issues);
    for (const issue of issues) {
      const at = fieldPosition(parsed.text, record, names.indexOf(issue.path));
      errors.push({ ...at, message: `${issue.path}: ${issue.reason}` });
    }
    if (errors.length >= DATASET_LIMITS.maxErrors) break;
    if (issues.length === 0) drafts.push({ ...draft, line: record.line });
  }
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, DATASET_LIMITS.maxErrors) };
  return {
    ok: true,
    dataset: { columns: names.filter((n) => !n.startsWith('__')), rows: withRowIds(drafts) },
  };
}

/** Where a JSON path sits in a line, as a 1-based column (1 when it cannot be found). */
function columnOf(line: string, path: string): number {
  if (line.length > 1024 * 1024) return 1;
  try {
    const parsed = parseJson(line);
    let probe = path;
    for (;;) {
      const span = parsed.spans.get(probe);
      if (span) return (span.keyFrom ?? span.from) + 1;
      if (probe === '') return 1;
      const parent = probe.replace(/(\.[^.[\]]+|\[[^\]]*\])$/, '');
      probe = parent === probe ? '' : parent;
    }
  } catch {
    return 1;
  }
}

/** Reads a JSONL dataset: each line a test case `{vars, assert, metadata, description}` or a bare object. */
export function readJsonlDataset(text: string): DatasetRead {
  const parsed = parseJsonl(text);
  if (!parsed.ok) return parsed;
  if (parsed.lines.length === 0) return noRows(1);
  const errors: DatasetError[] = [];
  const drafts: (RowDraft & { line: number })[] = [];
  for (const { line, value, text: lineText } of parsed.lines) {
    const issues: Issue[] = [];
    const draft = rowFromObject(value, issues);
    for (const issue of issues)
      errors.push({
        line,
        column: columnOf(lineText, issue.path),
        message: issue.path ? `${issue.path}: ${issue.reason}` : issue.reason,
      });
    if (errors.length >= DATASET_LIMITS.maxErrors) break;
    if (draft && issues.length === 0) drafts.push({ ...draft, line });
  }
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, DATASET_LIMITS.maxErrors) };
  const columns = columnsOf(drafts);
  if (typeof columns === 'string') return { ok: false, errors: [{ line: 1, column: 1, message: columns }] };
  return { ok: true, dataset: { columns, rows: withRowIds(drafts) } };
}

/** Reads a dataset's text in the format given. */
export function readDataset(text: string, format: DatasetFormat): DatasetRead {
  return format === 'csv' ? readCsvDataset(text) : readJsonlDataset(text);
}

/**
 * Reads the rows an experiment file holds inline (each a test case or a bare object), pushing
 * problems at `path` (`dataset.rows[3].assert[0].type`); null when any row is unusable.
 */
export function readInlineRows(rows: unknown, path: string, issues: Issue[]): Dataset | null {
  if (!Array.isArray(rows) || rows.length === 0) {
    issues.push({ path, reason: 'must be a non-empty array of rows' });
    return null;
  }
  if (rows.length > DATASET_LIMITS.maxRows) {
    issues.push({
      path,
      reason: `has ${count(rows.length)} rows, more than the ${count(DATASET_LIMITS.maxRows)} a dataset may have`,
    });
    return null;
  }
  const before = issues.length;
  const drafts: (RowDraft & { line: number })[] = [];
  rows.forEach((row, i) => {
    if (issues.length - before >= DATASET_LIMITS.maxErrors) return;
    const at = `${path}[${i}]`;
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      issues.push({
        path: at,
        reason: 'must be an object of variables, or {"vars", "assert", "metadata", "description"}',
      });
      return;
    }
    const rowIssues: Issue[] = [];
    const draft = rowFromObject(row as Record<string, unknown>, rowIssues);
    for (const issue of rowIssues)
      issues.push({ path: issue.path ? `${at}.${issue.path}` : at, reason: issue.reason });
    if (draft && rowIssues.length === 0) drafts.push({ ...draft, line: i + 1 });
  });
  if (issues.length > before) return null;
  const columns = columnsOf(drafts);
  if (typeof columns === 'string') {
    issues.push({ path, reason: columns });
    return null;
  }
  return { columns, rows: withRowIds(drafts) };
}

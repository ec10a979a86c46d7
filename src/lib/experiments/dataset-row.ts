/**
 * One dataset row from what a file gives: named values (a CSV record under its header, or a bare
 * JSON object of variables) or promptfoo's test case `{vars, assert, metadata, description}`.
 * Columns follow promptfoo: `__expected`, `__expected1`…`__expectedN` hold checks as `type:value`,
 * `__description` names the case, `__metric` names the metric of the row's checks that name none,
 * `__metadata:key` keeps a value beside the row. Any other `__` column is refused: a promptfoo
 * column not honoured here (`__prefix`, `__threshold`) would change what the file means.
 */
import { DATASET_LIMITS, count } from './dataset-limits';
import { checkFromCell } from './checks/expected-cell';
import { readCheck, readChecks } from './checks/registry';
import { valueDepth } from './checks/values';
import type { Issue } from '../chat/json-checks';
import type { CheckSpec } from './checks/types';

/** One case of a dataset, as stored and exported: plain data. */
export interface DatasetRow {
  /** Stable across reloads and reorderings: from the row's variables (see dataset.ts). */
  id: string;
  /** 0-based, in the file's order. */
  index: number;
  /** The line it starts on in its file (1-based), or its 1-based place among a file's inline rows. */
  line: number;
  vars: Record<string, unknown>;
  /** The row's own checks, graded after the experiment's. */
  checks: CheckSpec[];
  description?: string;
  metadata: Record<string, unknown>;
}

export type RowDraft = Omit<DatasetRow, 'id' | 'index' | 'line'>;

export type ColumnRole =
  | { role: 'variable' }
  | { role: 'expected' }
  | { role: 'description' }
  | { role: 'metric' }
  | { role: 'metadata'; key: string }
  | { role: 'unsupported' };

export function columnRole(name: string): ColumnRole {
  if (!name.startsWith('__')) return { role: 'variable' };
  if (/^__expected\d*$/.test(name)) return { role: 'expected' };
  if (name === '__description') return { role: 'description' };
  if (name === '__metric') return { role: 'metric' };
  const metadata = /^__metadata:(.+)$/.exec(name);
  if (metadata) return { role: 'metadata', key: metadata[1]! };
  return { role: 'unsupported' };
}

/** Why a header cannot be used, or null: a `__` column this playground does not honour. */
export function unsupportedColumn(name: string): string | null {
  return columnRole(name).role === 'unsupported'
    ? `the column '${name}' is not read here (it reads __expected, __expected1…N, __description, __metric and __metadata:key); remove or rename it`
    : null;
}

/**
 * A row from named values; problems are pushed with the column's name as their path. Values of
 * `__` columns must be strings (a CSV's always are).
 */
export function rowFromColumns(
  names: readonly string[],
  values: readonly unknown[],
  issues: Issue[],
): RowDraft {
  const vars: Record<string, unknown> = {};
  const metadata: Record<string, unknown> = {};
  const checks: CheckSpec[] = [];
  let description: string | undefined;
  let metric: string | undefined;
  names.forEach((name, i) => {
    const value = values[i];
    const role = columnRole(name);
    if (role.role === 'variable') {
      // A variable never starts with `__`, so it is never `__proto__`: plain assignment keeps the key.
      vars[name] = value;
      return;
    }
    if (role.role === 'metadata') {
      // defineProperty, not assignment: `__metadata:__proto__` must stay a key, not set a prototype.
      Object.defineProperty(metadata, role.key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return;
    }
    if (role.role === 'unsupported') {
      issues.push({ path: name, reason: unsupportedColumn(name)! });
      return;
    }
    if (typeof value !== 'string') {
      issues.push({ path: name, reason: 'must be a string' });
      return;
    }
    if (role.role === 'description') description = value;
    else if (role.role === 'metric') metric = value.trim() || undefined;
    else {
      const read = checkFromCell(value);
      if ('problem' in read) issues.push({ path: name, reason: read.problem });
      else if (read.spec) {
        const before = issues.length;
        readCheck(read.spec, name, issues);
        // The check's own paths (`__expected.value`) name the column, which is where the cell is.
        for (let k = before; k < issues.length; k++) issues[k] = { path: name, reason: issues[k]!.reason };
        if (issues.length === before) checks.push(read.spec);
      }
    }
  });
  const named = metric;
  const withMetric =
    named === undefined ? checks : checks.map((c) => (c.metric ? c : { ...c, metric: named }));
  return { vars, checks: withMetric, ...(description !== undefined ? { description } : {}), metadata };
}

const TEST_CASE_FIELDS = ['vars', 'assert', 'metadata', 'description'];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A row from a JSON object: promptfoo's test case when it has an object `vars`, else a bare object
 * of variables (read like CSV columns, `__` names included). Problems are pushed at JSON paths.
 */
export function rowFromObject(value: Record<string, unknown>, issues: Issue[]): RowDraft | undefined {
  if (valueDepth(value, DATASET_LIMITS.maxDepth) > DATASET_LIMITS.maxDepth) {
    issues.push({ path: '', reason: `nests deeper than ${DATASET_LIMITS.maxDepth} levels` });
    return undefined;
  }
  const testCase = isPlainObject(value.vars);
  const vars = testCase ? (value.vars as Record<string, unknown>) : value;
  const names = Object.keys(vars);
  if (names.length > DATASET_LIMITS.maxColumns) {
    issues.push({
      path: testCase ? 'vars' : '',
      reason: `has ${count(names.length)} variables, more than the ${count(DATASET_LIMITS.maxColumns)} a row may have`,
    });
    return undefined;
  }
  if (!testCase) return rowFromColumns(names, Object.values(vars), issues);
  const before = issues.length;
  for (const key of Object.keys(value))
    if (!TEST_CASE_FIELDS.includes(key))
      issues.push({
        path: key.slice(0, 40),
        reason: `is not read; a row is {"vars", "assert", "metadata", "description"} or a bare object of variables`,
      });
  const specs = Array.isArray(value.assert) ? (value.assert as unknown[]) : value.assert;
  readChecks(specs, 'assert', issues);
  if (value.metadata !== undefined && !isPlainObject(value.metadata))
    issues.push({ path: 'metadata', reason: 'must be an object' });
  if (value.description !== undefined && typeof value.description !== 'string')
    issues.push({ path: 'description', reason: 'must be a string' });
  if (issues.length > before) return undefined;
  return {
    vars: { ...vars },
    checks: (specs as CheckSpec[] | undefined) ?? [],
    ...(typeof value.description === 'string' ? { description: value.description } : {}),
    metadata: isPlainObject(value.metadata) ? value.metadata : {},
  };
}

/**
 * The sections of an experiment file other than its variants (file-variants.ts): the template, the
 * dataset (inline rows, or a path kept inside the file's folder) and the gates. Each pushes what is
 * wrong at its path and returns what can be used.
 */
import { readInlineRows, datasetFormatOf, type Dataset } from './dataset';
import { at, describe, own, readFields, readShare, readString, type Fields } from './file-fields';
import type { Issue } from '../chat/json-checks';
import type { ExperimentDataset, ExperimentGates } from './experiment';
import type { ExperimentTemplate, FewShotTurn } from './template';

export function readTemplate(value: unknown, path: string, issues: Issue[]): ExperimentTemplate | undefined {
  const fields = readFields(value, path, issues, ['system', 'fewShot', 'message']);
  if (!fields) return undefined;
  const system = readString(own(fields, 'system'), at(path, 'system'), issues, { optional: true }) ?? '';
  const message = readString(own(fields, 'message'), at(path, 'message'), issues, { nonEmpty: true });
  const shots = own(fields, 'fewShot') ?? [];
  const fewShot: FewShotTurn[] = [];
  if (!Array.isArray(shots))
    issues.push({ path: at(path, 'fewShot'), reason: `must be an array of turns, found ${describe(shots)}` });
  else
    shots.forEach((shot: unknown, i) => {
      const turnPath = at(at(path, 'fewShot'), i);
      const turn = readFields(shot, turnPath, issues, ['role', 'content']);
      if (!turn) return;
      const role = own(turn, 'role');
      if (role !== 'user' && role !== 'assistant')
        issues.push({
          path: at(turnPath, 'role'),
          reason: `must be "user" or "assistant", found ${describe(role)}`,
        });
      const content = readString(own(turn, 'content'), at(turnPath, 'content'), issues);
      if ((role === 'user' || role === 'assistant') && content !== undefined) fewShot.push({ role, content });
    });
  return message === undefined ? undefined : { system, fewShot, message };
}

/**
 * A dataset path: relative to the file's folder and inside it. A file from elsewhere must not make a
 * run read (and send to a model) `/etc/passwd` or `../../.env`.
 */
function datasetPathProblem(path: string): string | null {
  if (path === '' || path.includes('\0')) return 'must be a file name';
  if (/^([a-zA-Z]:)?[\\/]/.test(path) || /^[a-z][a-z0-9+.-]*:/i.test(path))
    return 'must be relative to the experiment file (no absolute path or URL)';
  if (path.split(/[\\/]/).includes('..')) return "must stay inside the experiment file's folder (no '..')";
  return null;
}

export function readDatasetField(
  value: unknown,
  path: string,
  issues: Issue[],
): { dataset?: ExperimentDataset; rows?: Dataset } {
  const fields: Fields | undefined =
    typeof value === 'string' ? { path: value } : readFields(value, path, issues, ['path', 'format', 'rows']);
  if (!fields) return {};
  const rows = own(fields, 'rows');
  const file = own(fields, 'path');
  if ((rows === undefined) === (file === undefined)) {
    issues.push({
      path,
      reason: 'needs either "path" (a CSV or JSONL file beside this one) or "rows" (the cases inline)',
    });
    return {};
  }
  if (rows !== undefined) {
    if (!Array.isArray(rows)) {
      issues.push({ path: at(path, 'rows'), reason: `must be an array of rows, found ${describe(rows)}` });
      return {};
    }
    const dataset = readInlineRows(rows, at(path, 'rows'), issues);
    return dataset
      ? { dataset: { kind: 'inline', rows: rows as Record<string, unknown>[] }, rows: dataset }
      : {};
  }
  const filePath = typeof value === 'string' ? path : at(path, 'path');
  const name = readString(file, filePath, issues);
  if (name === undefined) return {};
  const problem = datasetPathProblem(name);
  if (problem) {
    issues.push({ path: filePath, reason: problem });
    return {};
  }
  const format = own(fields, 'format') ?? datasetFormatOf(name);
  if (format !== 'csv' && format !== 'jsonl') {
    issues.push({
      path: own(fields, 'format') === undefined ? filePath : at(path, 'format'),
      reason: 'the format must be "csv" or "jsonl" (or the file named .csv, .jsonl or .ndjson)',
    });
    return {};
  }
  return { dataset: { kind: 'file', path: name, format } };
}

export function readGates(
  value: unknown,
  path: string,
  issues: Issue[],
  labels: readonly string[],
): ExperimentGates {
  if (value === undefined) return {};
  const fields = readFields(value, path, issues, [
    'minPassRate',
    'minPassRatePerVariant',
    'minPassRatePerRow',
  ]);
  if (!fields) return {};
  const gates: ExperimentGates = {};
  const overall = own(fields, 'minPassRate');
  if (overall !== undefined) {
    const share = readShare(overall, at(path, 'minPassRate'), issues);
    if (share !== undefined) gates.minPassRate = share;
  }
  const perRow = own(fields, 'minPassRatePerRow');
  if (perRow !== undefined) {
    const share = readShare(perRow, at(path, 'minPassRatePerRow'), issues);
    if (share !== undefined) gates.minPassRatePerRow = share;
  }
  const perVariant = own(fields, 'minPassRatePerVariant');
  const perPath = at(path, 'minPassRatePerVariant');
  if (typeof perVariant === 'number') {
    const share = readShare(perVariant, perPath, issues);
    if (share !== undefined) gates.minPassRatePerVariant = share;
  } else if (perVariant !== undefined) {
    const byLabel = readFields(perVariant, perPath, issues, labels);
    if (byLabel) {
      const rates: Record<string, number> = {};
      for (const label of Object.keys(byLabel)) {
        if (!labels.includes(label)) continue; // reported by readFields: no such variant
        const share = readShare(byLabel[label], at(perPath, label), issues);
        if (share !== undefined)
          Object.defineProperty(rates, label, {
            value: share,
            enumerable: true,
            writable: true,
            configurable: true,
          });
      }
      gates.minPassRatePerVariant = rates;
    }
  }
  return gates;
}

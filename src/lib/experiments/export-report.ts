/**
 * What every export reads: the experiment's name and variants, its rows, its planned cells and the
 * results so far, and the words each export uses for a cell's status and checks. Exports are pure
 * functions of this, returning one string, so the page downloads it and the command line writes it.
 */
import { cellState } from './summary';
import type { CellResult } from './cell-result';
import type { CheckResult } from './checks/types';
import type { DatasetRow } from './dataset-row';
import type { ExperimentVariant } from './experiment';
import type { PlannedCell } from './plan';

export interface ExperimentReport {
  name: string;
  description?: string;
  variants: readonly Pick<ExperimentVariant, 'label' | 'model'>[];
  rows: readonly DatasetRow[];
  cells: readonly PlannedCell[];
  results: ReadonlyMap<string, CellResult>;
  /** When the report was made (epoch ms); shown in the HTML report and JUnit's timestamp. */
  generatedAt?: number;
}

/** A cell's status in words: `passed`, `failed`, `error`, `pending` (a judge to come), `waiting` (not run). */
export type CellStatus = 'passed' | 'failed' | 'error' | 'pending' | 'waiting';

export function cellStatus(result: CellResult | undefined): CellStatus {
  const state = cellState(result);
  if (state !== 'graded') return state;
  return result!.grade.pass ? 'passed' : 'failed';
}

/** A check's result in a line: `FAIL contains: the reply lacks "Paris"`. */
export function describeCheck(check: CheckResult): string {
  const mark = check.pending ? 'PENDING' : check.pass ? 'pass' : 'FAIL';
  return `${mark} ${check.type}: ${check.reason}`;
}

/** A row by its index (cells name rows by index; rows are in index order). */
export function rowAt(report: ExperimentReport, index: number): DatasetRow | undefined {
  const row = report.rows[index];
  return row?.index === index ? row : report.rows.find((r) => r.index === index);
}

/** A row as people name it: `row 3 (capital of France)`, 1-based. */
export function rowName(row: DatasetRow | undefined, index: number): string {
  return row?.description ? `row ${index + 1} (${row.description})` : `row ${index + 1}`;
}

/** The calls a reply made, as `name(arguments)`, either dialect. */
export function describeCalls(result: CellResult | undefined): string {
  const reply = result?.outcome.reply;
  if (!reply) return '';
  const calls = [
    ...(reply.function_call ? [reply.function_call] : []),
    ...(reply.tool_calls ?? []).map((c) => c.function),
  ];
  return calls.map((c) => `${c.name}(${c.arguments})`).join('; ');
}

/** A variable's value as one cell of text: strings as they are, anything else as JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '';
}

/**
 * The run as CSV, one line per cell (RFC 4180, CRLF): where it sits (row, variant, repeat), the
 * row's variables, its status and score, the reply and its figures, each failed check's reason, and
 * the error. For a spreadsheet; JSONL keeps everything, this keeps what a person scans.
 */
import { csvField } from './export-escape';
import {
  cellStatus,
  describeCalls,
  describeCheck,
  rowAt,
  valueText,
  type ExperimentReport,
} from './export-report';

/** The variables of every row, each once, in the order first met. */
function variableNames(report: ExperimentReport): string[] {
  const names = new Set<string>();
  for (const row of report.rows) for (const name of Object.keys(row.vars)) names.add(name);
  return [...names];
}

export function exportCsv(report: ExperimentReport): string {
  const variables = variableNames(report);
  const header = [
    'cell_id',
    'row',
    'row_id',
    'description',
    'variant',
    'repeat',
    'status',
    'score',
    ...variables.map((name) => `var:${name}`),
    'reply',
    'function_calls',
    'finish_reason',
    'ttft_ms',
    'total_ms',
    'prompt_tokens',
    'completion_tokens',
    'total_tokens',
    'failed_checks',
    'error',
  ];
  const lines = [header.map((name) => csvField(name)).join(',')];
  for (const cell of report.cells) {
    const result = report.results.get(cell.id);
    const row = rowAt(report, cell.rowIndex);
    const reply = result?.outcome.reply;
    const usage = reply?.usage;
    const timings = result?.outcome.timings;
    const graded = result && !result.outcome.error;
    const failed = graded
      ? result.grade.results
          .filter((c) => !c.pass)
          .map(describeCheck)
          .join('\n')
      : '';
    const number = (n: number | null | undefined) =>
      csvField(typeof n === 'number' ? Math.round(n) : null, false);
    lines.push(
      [
        csvField(cell.id),
        csvField(cell.rowIndex + 1, false),
        csvField(cell.rowId),
        csvField(row?.description ?? ''),
        csvField(cell.variantLabel),
        csvField(cell.repeat, false),
        csvField(cellStatus(result)),
        csvField(graded ? Number(result.grade.score.toFixed(4)) : null, false),
        ...variables.map((name) =>
          csvField(row && Object.hasOwn(row.vars, name) ? valueText(row.vars[name]) : ''),
        ),
        csvField(reply?.content ?? ''),
        csvField(describeCalls(result)),
        csvField(reply?.finish_reason ?? ''),
        number(timings?.ttftMs),
        number(timings?.totalMs),
        number(usage?.prompt_tokens),
        number(usage?.completion_tokens),
        number(usage?.total_tokens),
        csvField(failed),
        csvField(result?.outcome.error?.message ?? ''),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The run as JSON Lines, one object per cell, every planned cell included (a cell not run has
 * `status: "waiting"` and nulls): the row (index, id, variables, description, metadata), the
 * variant, the repeat, the exact request sent, the reply, its timings and usage, the error, the
 * grade and each check's result, and the requests that asked a judge (model-graded checks), if any.
 * Everything a later tool needs to grade again or compare runs.
 */
import { cellStatus, rowAt, type ExperimentReport } from './export-report';

export function exportJsonl(report: ExperimentReport): string {
  const lines: string[] = [];
  for (const cell of report.cells) {
    const result = report.results.get(cell.id);
    const row = rowAt(report, cell.rowIndex);
    const reply = result?.outcome.reply ?? null;
    const graded = result !== undefined && result.outcome.error === null;
    lines.push(
      JSON.stringify({
        cell_id: cell.id,
        row: {
          index: cell.rowIndex,
          id: cell.rowId,
          vars: row?.vars ?? null,
          description: row?.description ?? null,
          metadata: row?.metadata ?? null,
        },
        variant: cell.variantLabel,
        repeat: cell.repeat,
        status: cellStatus(result),
        request_key: result?.requestKey ?? null,
        request: result?.request ?? null,
        reply: reply && {
          content: reply.content,
          finish_reason: reply.finish_reason ?? null,
          ...(reply.function_call ? { function_call: reply.function_call } : {}),
          ...(reply.tool_calls ? { tool_calls: reply.tool_calls } : {}),
          ...(reply.refusal ? { refusal: reply.refusal } : {}),
        },
        timings: result
          ? { ttft_ms: result.outcome.timings.ttftMs, total_ms: result.outcome.timings.totalMs }
          : null,
        usage: reply?.usage ?? null,
        error: result?.outcome.error ?? null,
        pass: graded ? result.grade.pass : null,
        score: graded ? result.grade.score : null,
        checks: graded ? result.grade.results : [],
        ...(result?.judgeRequests ? { judge_requests: result.judgeRequests } : {}),
      }),
    );
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/**
 * What a run keeps per cell (stored as it arrives, exported, summarised): the request sent, what
 * came back, and its grade. Grading is a pure function of these, so a result can be graded again
 * when the checks change, without sending anything.
 */
import { gradeCell } from './checks/grade';
import type { ChatCompletionRequest } from '../../protocol/wire';
import type { CellGrade, CellOutcome, PreparedCheck, Verdict } from './checks/types';
import type { ExperimentVariant } from './experiment';
import type { TemplateError } from './template';

export interface CellResult {
  cellId: string;
  /** Null when the template could not be filled (nothing was sent). */
  requestKey: string | null;
  request: ChatCompletionRequest | null;
  outcome: CellOutcome;
  grade: CellGrade;
  /** The requests that asked a judge to grade it (model-graded checks), in the checks' order. */
  judgeRequests?: ChatCompletionRequest[];
}

/** Grades an outcome for its row and variant (the variant's definitions back `function-call`). */
export function gradeOutcome(
  checks: readonly PreparedCheck[],
  outcome: CellOutcome,
  variant: Pick<ExperimentVariant, 'functions'>,
  judgements?: ReadonlyMap<number, Verdict>,
): CellGrade {
  return gradeCell(checks, outcome, {
    ...(variant.functions ? { functions: variant.functions } : {}),
    ...(judgements ? { judgements } : {}),
  });
}

/** The result of a cell whose row could not fill the template: an error, nothing sent. */
export function templateErrorResult(cellId: string, errors: readonly TemplateError[]): CellResult {
  const message = errors.map((e) => e.message).join('; ');
  const outcome: CellOutcome = {
    reply: null,
    timings: { ttftMs: null, totalMs: null },
    error: { message, kind: 'template' },
  };
  return { cellId, requestKey: null, request: null, outcome, grade: gradeCell([], outcome) };
}

/**
 * A cell's grade: each check's result (negated, weighted, under its metric), the weighted score,
 * and pass when every check passes. Deterministic checks are graded at once; a model-graded one
 * waits for the judge's verdict (GradeContext.judgements), counting as not passed meanwhile.
 */
import type { CellGrade, CellOutcome, CheckResult, GradeContext, PreparedCheck, Verdict } from './types';

function resultOf(check: PreparedCheck, verdict: Verdict): CheckResult {
  const base = {
    type: check.spec.type,
    weight: check.weight,
    ...(check.metric !== undefined ? { metric: check.metric } : {}),
  };
  // An unchecked check fails either way: `not-regex` with a pattern that could not run proves nothing.
  if (verdict.unchecked)
    return { ...base, pass: false, score: 0, reason: `not checked: ${verdict.reason}`, unchecked: true };
  const score = Math.min(1, Math.max(0, verdict.score ?? (verdict.pass ? 1 : 0)));
  return check.negate
    ? { ...base, pass: !verdict.pass, score: 1 - score, reason: verdict.reason }
    : { ...base, pass: verdict.pass, score, reason: verdict.reason };
}

function gradeOne(check: PreparedCheck, outcome: CellOutcome, context: GradeContext): Verdict {
  try {
    return check.kind.grade(check.value, outcome.reply!, outcome, context);
  } catch (error) {
    // One check's bug must not stop ten thousand cells from being graded; it says what happened.
    const why = error instanceof Error ? error.message : String(error);
    return { pass: false, unchecked: true, reason: `the check failed to run (${why})` };
  }
}

/** Grades one cell's outcome with its checks (the experiment's, then its row's). */
export function gradeCell(
  checks: readonly PreparedCheck[],
  outcome: CellOutcome,
  context: GradeContext = {},
): CellGrade {
  if (outcome.error || !outcome.reply)
    return {
      pass: false,
      score: 0,
      results: [],
      pending: [],
      error: outcome.error?.message ?? 'the cell has no reply',
    };
  const results: CheckResult[] = [];
  const pending: number[] = [];
  checks.forEach((check, i) => {
    if (check.kind.modelGraded) {
      const verdict = context.judgements?.get(i);
      if (!verdict) {
        pending.push(i);
        results.push({
          ...resultOf(check, { pass: false, reason: 'waiting for the judge' }),
          pass: false,
          score: 0,
          pending: true,
        });
        return;
      }
      results.push(resultOf(check, verdict));
      return;
    }
    results.push(resultOf(check, gradeOne(check, outcome, context)));
  });
  const totalWeight = results.reduce((sum, r) => sum + r.weight, 0);
  const pass = results.every((r) => r.pass);
  const score =
    totalWeight > 0 ? results.reduce((sum, r) => sum + r.weight * r.score, 0) / totalWeight : pass ? 1 : 0;
  return { pass, score, results, pending, error: null };
}

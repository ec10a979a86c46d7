import { gradeCell } from '../../../../../src/lib/experiments/checks/grade';
import { readChecks } from '../../../../../src/lib/experiments/checks/registry';
import type { Issue } from '../../../../../src/lib/chat/json-checks';
import type {
  CellOutcome,
  CellReply,
  CheckResult,
  GradeContext,
  PreparedCheck,
} from '../../../../../src/lib/experiments/checks/types';

/** An outcome with a reply of `content` (and any other reply fields), timed as given. */
export function outcome(
  reply: Partial<CellReply> & { content?: string | null } = {},
  timings: Partial<CellOutcome['timings']> = {},
): CellOutcome {
  return {
    reply: { content: '', finish_reason: 'stop', ...reply },
    timings: { ttftMs: 100, totalMs: 500, ...timings },
    error: null,
  };
}

/** Reads specs that must be valid. */
export function prepare(specs: unknown[]): PreparedCheck[] {
  const issues: Issue[] = [];
  const checks = readChecks(specs, 'checks', issues);
  if (issues.length > 0) throw new Error(issues.map((i) => `${i.path}: ${i.reason}`).join('\n'));
  return checks;
}

/** The problems reading one spec gives. */
export function problems(spec: unknown): Issue[] {
  const issues: Issue[] = [];
  readChecks([spec], 'checks', issues);
  return issues;
}

/** One spec's result on one outcome. */
export function check(spec: object, on: CellOutcome, context: GradeContext = {}): CheckResult {
  return gradeCell(prepare([spec]), on, context).results[0]!;
}

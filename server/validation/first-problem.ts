import type { RuleResult } from '../../src/protocol/request-rules';
import { invalidParam } from '../http/errors';

/** The request the rules read, or the 400 naming the first problem they found. */
export function orFirstProblem<T>({ value, problems }: RuleResult<T>): T {
  const first = problems[0];
  if (first) throw invalidParam(first.param, first.message);
  return value!;
}

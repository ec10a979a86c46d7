/**
 * The problems a request's rules find, each with the `param` it is about (the service's error names
 * it) and a message saying what was wrong and what is accepted. One list serves both sides: the
 * service stops at the first (its 400 names one param), the page lists every one.
 */

export interface RuleProblem {
  /** Where, as the service's `param` writes it: `messages[2].content`, `logit_bias.abc`; null for the body. */
  param: string | null;
  message: string;
  /** A finer place inside `param` when there is one (a meta-schema error's keyword), for an editor's marker. */
  at?: string;
}

/** Thrown by `add` once the list is full, so a first-problem check does no work past it. */
const ENOUGH = Symbol('enough problems');

export class Problems {
  readonly list: RuleProblem[] = [];
  constructor(private readonly limit: number) {}

  /** Records a problem; returns undefined so a reader can `return p.add(…)` as its "no value". */
  add(param: string | null, message: string, at?: string): undefined {
    this.list.push(at === undefined ? { param, message } : { param, message, at });
    if (this.list.length >= this.limit) throw ENOUGH;
    return undefined;
  }

  get count(): number {
    return this.list.length;
  }
}

export interface RuleResult<T> {
  /** The request as the rules read it (only fields the format defines); meaningful when `problems` is empty. */
  value: T | undefined;
  problems: RuleProblem[];
}

/** Runs `read` until it ends or `limit` problems are found (1: the service's first-problem answer). */
export function runRules<T>(limit: number, read: (p: Problems) => T | undefined): RuleResult<T> {
  const problems = new Problems(Math.max(1, limit));
  try {
    const value = read(problems);
    return { value: problems.count === 0 ? value : undefined, problems: problems.list };
  } catch (error) {
    if (error === ENOUGH) return { value: undefined, problems: problems.list };
    throw error;
  }
}

import { vi } from 'vitest';

/**
 * `vi.waitFor` with the component project's hang guard. Its own default gives up after one second,
 * which a two-core machine running a second `npm test` beside this one can take for an import to be
 * read or a store to answer (a saved comparison's import did, in a run under load). Like findBy and
 * waitFor (tests/components/setup.ts), it waits up to 60 s: a guard against a hang, not a limit, and
 * a passing test is no slower. Unlike Testing Library's waitFor it keeps working under fake timers.
 */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: 60_000, interval: 20 });
}

import type { FunctionDefinition } from '../../protocol/wire';
import { createModuleLoader } from '../module-loader';
import { notLoaded, schemaCheckerPending } from './schema-checker';

/** One thing wrong with the definitions, placed on its line. */
export interface DefinitionProblem {
  /** JSON path inside the definitions array, e.g. `[0].parameters.required[1]` ('' for the whole text). */
  path: string;
  message: string;
  /** Offsets into the text, for an editor's lint marker. */
  from: number;
  to: number;
  line: number;
}

export interface DefinitionsCheck {
  /** The definitions when there is no problem, else null: a request is never sent with invalid ones. */
  definitions: FunctionDefinition[] | null;
  problems: DefinitionProblem[];
  /**
   * Why the definitions are not yet known to be valid though nothing is wrong so far: the schema
   * checker is still loading (or could not be loaded). Null once the check is complete.
   */
  pending: string | null;
}

const NO_DEFINITIONS: DefinitionsCheck = { definitions: [], problems: [], pending: null };

/** The definitions checks, fetched with the first definitions to check (they fetch Ajv in turn). */
export const definitionsChecks = createModuleLoader(() => import('./validate-definitions'));

/**
 * The definitions editor's text checked now, if the checks are here; else pending (and they are
 * asked for), so definitions are never taken as valid unchecked. An empty editor needs no check.
 */
export function checkDefinitionsNow(text: string): DefinitionsCheck {
  if (text.trim() === '') return NO_DEFINITIONS;
  const checks = definitionsChecks.current();
  if (checks) return checks.validateDefinitions(text);
  const state = definitionsChecks.state();
  definitionsChecks.request();
  const pending =
    state.status === 'failed'
      ? notLoaded('the function definitions', 'the checks', state.reason)
      : schemaCheckerPending('the function definitions');
  return { definitions: null, problems: [], pending };
}

/** The one sentence the page shows next to a disabled Send, or null when the definitions are fine. */
export function definitionsProblemSummary(check: DefinitionsCheck): string | null {
  const first = check.problems[0];
  if (!first) return check.pending;
  const more = check.problems.length > 1 ? ` (and ${check.problems.length - 1} more)` : '';
  return `Fix the function definitions before sending: line ${first.line}: ${first.message}${more}`;
}

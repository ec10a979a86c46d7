import type { Issue } from './json-checks';

// Apart from json-checks, so the chat page can word refusals without carrying the checkers.

/**
 * The first `shown` problems as one line for a person, and how many more there are: a hostile
 * document can hold thousands. `separator` stands between a problem's path and its reason.
 */
export function describeIssues(issues: readonly Issue[], shown = 3, separator = ' '): string {
  const listed = issues.slice(0, shown).map((i) => `${i.path}${separator}${i.reason}`);
  const more = issues.length > shown ? `; and ${issues.length - shown} more` : '';
  return `${listed.join('; ')}${more}`;
}

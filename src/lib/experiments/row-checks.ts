/**
 * The checks a row's cells are graded with: the experiment's, then the row's own. A check may name
 * the row's variables in its value (`{"type": "icontains", "value": "{{capital}}"}`), as promptfoo's
 * do; they are filled per row (text as it is: a variable in a `regex` is not
 * escaped). A check that cannot be made for a row (a variable the row lacks, a row check that no
 * longer reads) fails unchecked, saying why: it is neither dropped nor passed.
 */
import { readCheck } from './checks/registry';
import { parseTemplate, renderText } from './template';
import type { Issue } from '../chat/json-checks';
import type { CheckSpec, PreparedCheck } from './checks/types';
import type { DatasetRow } from './dataset-row';

const hasVariables = (text: string) => parseTemplate(text).some((part) => part.kind === 'variable');

/** Whether a spec's value names variables anywhere in its strings. */
export function specNamesVariables(value: unknown): boolean {
  if (typeof value === 'string') return hasVariables(value);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(specNamesVariables);
  return false;
}

/** The value with every string filled from `vars`; the first error's message when one cannot be. */
function fillValue(
  value: unknown,
  vars: Readonly<Record<string, unknown>>,
): { value: unknown } | { error: string } {
  if (typeof value === 'string') {
    const filled = renderText(value, vars, 'value');
    return filled.ok ? { value: filled.text } : { error: filled.error.message };
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const filled = fillValue(item, vars);
      if ('error' in filled) return filled;
      out.push(filled.value);
    }
    return { value: out };
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const filled = fillValue(item, vars);
      if ('error' in filled) return filled;
      Object.defineProperty(out, key, {
        value: filled.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return { value: out };
  }
  return { value };
}

function failing(spec: CheckSpec, reason: string): PreparedCheck {
  return {
    spec,
    negate: false,
    value: null,
    weight: typeof spec.weight === 'number' ? spec.weight : 1,
    ...(typeof spec.metric === 'string' ? { metric: spec.metric } : {}),
    kind: {
      type: String(spec.type),
      summary: 'A check that cannot be made for this row.',
      read: () => null,
      grade: () => ({ pass: false, unchecked: true, reason }),
    },
  };
}

function reread(spec: CheckSpec, why: string): PreparedCheck {
  const issues: Issue[] = [];
  const check = readCheck(spec, 'check', issues);
  return check ?? failing(spec, `${why} (${issues.map((i) => `${i.path}: ${i.reason}`).join('; ')})`);
}

/**
 * The checks for one row. Call it once per row and reuse it for the row's cells: filled values are
 * read (patterns and schemas compiled) here.
 */
export function checksForRow(
  experimentChecks: readonly PreparedCheck[],
  row: Pick<DatasetRow, 'checks' | 'vars'>,
): PreparedCheck[] {
  const fill = (spec: CheckSpec): PreparedCheck | null => {
    if (!specNamesVariables(spec.value)) return null;
    const filled = fillValue(spec.value, row.vars);
    if ('error' in filled) return failing(spec, `its value names a variable this row lacks: ${filled.error}`);
    return reread({ ...spec, value: filled.value }, 'filled from this row, it does not read');
  };
  const shared = experimentChecks.map((check) => fill(check.spec) ?? check);
  const own = row.checks.map((spec) => fill(spec) ?? reread(spec, "the row's check does not read"));
  return [...shared, ...own];
}

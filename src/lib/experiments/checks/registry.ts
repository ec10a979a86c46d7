/**
 * Every kind of check, by type, and the one reader of check specs: a file's `checks`, a JSONL row's
 * `assert` and a CSV `__expected` cell all come through here, so the page and the command line read
 * and grade them identically.
 */
import { callChecks } from './call-check';
import { finishReasonCheck, latencyCheck, tokensCheck, ttftCheck } from './figure-checks';
import { isJsonCheck } from './json-check';
import { llmRubricCheck } from './llm-rubric';
import { regexCheck } from './regex-check';
import { containsChecks, equalsCheck, lengthCheck, startsWithCheck, wordCountCheck } from './text-checks';
import { valueDepth } from './values';
import type { Issue } from '../../chat/json-checks';
import type { CheckKind, CheckSpec, PreparedCheck } from './types';

const KINDS: CheckKind[] = [
  equalsCheck,
  ...containsChecks,
  startsWithCheck,
  regexCheck,
  wordCountCheck,
  lengthCheck,
  isJsonCheck,
  finishReasonCheck,
  ...callChecks,
  latencyCheck,
  ttftCheck,
  tokensCheck,
  llmRubricCheck,
] as CheckKind[];

/** The kinds of check, by type (without `not-`). */
export const CHECK_KINDS: ReadonlyMap<string, CheckKind> = new Map(KINDS.map((kind) => [kind.type, kind]));

/** The types a spec may name (each may also be prefixed `not-`). */
export const CHECK_TYPES: readonly string[] = KINDS.map((kind) => kind.type);

/**
 * promptfoo's other assertion types: named so a file that uses one is told plainly that it is not
 * run here, rather than that the type is unknown.
 */
const PROMPTFOO_ONLY = new Set([
  'javascript',
  'python',
  'ruby',
  'webhook',
  'similar',
  'levenshtein',
  'rouge-n',
  'bleu',
  'gleu',
  'meteor',
  'f-score',
  'perplexity',
  'perplexity-score',
  'cost',
  'classifier',
  'moderation',
  'model-graded-closedqa',
  'model-graded-factuality',
  'factuality',
  'answer-relevance',
  'context-faithfulness',
  'context-recall',
  'context-relevance',
  'g-eval',
  'select-best',
  'human',
  'pi',
  'guardrails',
  'contains-json',
  'is-sql',
  'contains-sql',
  'is-xml',
  'contains-xml',
  'is-html',
  'contains-html',
  'is-refusal',
  'is-valid-function-call',
  'equals-json',
]);

/** Weights, metric names and thresholds are small; a spec nested deeper than this is not a check. */
const MAX_SPEC_DEPTH = 32;

/** The kind a type names, and whether `not-` negates it; or why the type is not one. */
export function resolveType(type: string): { kind: CheckKind; negate: boolean } | { problem: string } {
  const negate = type.startsWith('not-');
  const base = negate ? type.slice(4) : type;
  const kind = CHECK_KINDS.get(base);
  if (kind) return { kind, negate };
  if (PROMPTFOO_ONLY.has(base))
    return {
      problem: `'${base}' is a promptfoo check this playground does not run; it runs ${CHECK_TYPES.join(', ')}`,
    };
  return {
    problem: `'${type.slice(0, 60)}' is not a check; the checks are ${CHECK_TYPES.join(', ')} (each may be negated with not-)`,
  };
}

const SPEC_FIELDS = new Set(['type', 'value', 'weight', 'metric', 'threshold']);

/**
 * Reads one untrusted spec (a file's, a row's) at `path`, pushing every problem; undefined when it
 * cannot be used. Patterns and schemas are compiled here, once.
 */
export function readCheck(spec: unknown, path: string, issues: Issue[]): PreparedCheck | undefined {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    issues.push({ path, reason: 'must be a check: {"type": …, "value": …}' });
    return undefined;
  }
  if (valueDepth(spec, MAX_SPEC_DEPTH) > MAX_SPEC_DEPTH) {
    issues.push({ path, reason: `nests deeper than ${MAX_SPEC_DEPTH} levels` });
    return undefined;
  }
  const record = spec as Record<string, unknown>;
  const before = issues.length;
  for (const key of Object.keys(record))
    if (!SPEC_FIELDS.has(key))
      issues.push({
        path: `${path}.${key.slice(0, 40)}`,
        reason: 'is not a field of a check (type, value, weight, metric, threshold)',
      });
  const { type, weight, metric } = record;
  if (typeof type !== 'string') {
    issues.push({ path: `${path}.type`, reason: 'must be a string naming the check, e.g. "contains"' });
    return undefined;
  }
  const resolved = resolveType(type);
  if ('problem' in resolved) {
    issues.push({ path: `${path}.type`, reason: resolved.problem });
    return undefined;
  }
  if (weight !== undefined && (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0))
    issues.push({ path: `${path}.weight`, reason: 'must be a number, 0 or more' });
  if (metric !== undefined && (typeof metric !== 'string' || metric.trim() === '' || metric.length > 100))
    issues.push({ path: `${path}.metric`, reason: 'must be a name (a string of at most 100 characters)' });
  if (record.threshold !== undefined && resolved.kind.type !== 'llm-rubric')
    issues.push({ path: `${path}.threshold`, reason: 'is only read by llm-rubric' });
  const checkSpec = spec as CheckSpec;
  const value = resolved.kind.read(checkSpec, `${path}.value`, issues);
  if (value === undefined || issues.length > before) return undefined;
  return {
    spec: checkSpec,
    kind: resolved.kind,
    negate: resolved.negate,
    value,
    weight: typeof weight === 'number' ? weight : 1,
    ...(typeof metric === 'string' ? { metric: metric.trim() } : {}),
  };
}

/** Reads a list of specs (a file's `checks`, a row's `assert`). */
export function readChecks(specs: unknown, path: string, issues: Issue[]): PreparedCheck[] {
  if (specs === undefined) return [];
  if (!Array.isArray(specs)) {
    issues.push({ path, reason: 'must be an array of checks' });
    return [];
  }
  const read: PreparedCheck[] = [];
  specs.forEach((spec, i) => {
    const check = readCheck(spec, `${path}[${i}]`, issues);
    if (check) read.push(check);
  });
  return read;
}

/** Whether any of the checks needs a judge model. */
export const needsJudge = (checks: readonly PreparedCheck[]): boolean =>
  checks.some((check) => check.kind.modelGraded === true);

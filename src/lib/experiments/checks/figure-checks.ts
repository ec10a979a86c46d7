/**
 * Checks on a reply's figures rather than its text: finish_reason, total time, time to first token
 * and token counts. A figure the cell lacks (no usage sent, nothing arrived) makes the check
 * unchecked, saying which, never a pass.
 */
import { boundsFromCell, quote, readBounds, splitList, withinBounds, type Bounds } from './check-helpers';
import type { CellOutcome, CheckKind, Verdict } from './types';

export const finishReasonCheck: CheckKind<string[]> = {
  type: 'finish-reason',
  summary:
    'The reply ended for the reason `value` (`stop`, `length`, `function_call`, `tool_calls`…), or one of a list.',
  read: (spec, path, issues) => {
    const value = typeof spec.value === 'string' ? [spec.value] : spec.value;
    if (
      !Array.isArray(value) ||
      value.length === 0 ||
      !value.every((v) => typeof v === 'string' && v !== '')
    ) {
      issues.push({ path, reason: 'must be a finish_reason (a string) or a list of them' });
      return undefined;
    }
    return value as string[];
  },
  fromCell: splitList,
  grade: (reasons, reply) => {
    const reason = reply.finish_reason ?? null;
    return {
      pass: reason !== null && reasons.includes(reason),
      reason: reason === null ? 'the reply has no finish_reason' : `the reply ended with ${quote(reason)}`,
    };
  },
};

function timeKind(
  type: string,
  label: string,
  figure: (outcome: CellOutcome) => number | null,
): CheckKind<Bounds> {
  return {
    type,
    summary: `The ${label} in milliseconds is within \`value\`: a number (at most) or {"min", "max"}.`,
    read: (spec, path, issues) => readBounds(spec.value, path, issues, 'ms'),
    fromCell: boundsFromCell,
    grade: (bounds, _reply, outcome): Verdict => {
      const ms = figure(outcome);
      if (ms === null) return { pass: false, unchecked: true, reason: `the ${label} was not measured` };
      return withinBounds(Math.round(ms), bounds, `the ${label} was ${Math.round(ms)} ms`, 'ms');
    },
  };
}

export const latencyCheck = timeKind('latency', 'total time', (o) => o.timings.totalMs);
export const ttftCheck = timeKind('ttft', 'time to first token', (o) => o.timings.ttftMs);

const TOKEN_COUNTS = ['completion', 'prompt', 'total'] as const;
type TokenCount = (typeof TOKEN_COUNTS)[number];

export const tokensCheck: CheckKind<Bounds & { count: TokenCount }> = {
  type: 'tokens',
  summary:
    'The server\'s token count is within `value`: a number (most completion tokens) or {"min", "max", "count": "completion" | "prompt" | "total"}.',
  read: (spec, path, issues) => {
    let count: TokenCount = 'completion';
    let value = spec.value;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const { count: named, ...rest } = value as Record<string, unknown>;
      if (named !== undefined) {
        if (typeof named !== 'string' || !(TOKEN_COUNTS as readonly string[]).includes(named)) {
          issues.push({ path: `${path}.count`, reason: `must be one of ${TOKEN_COUNTS.join(', ')}` });
          return undefined;
        }
        count = named as TokenCount;
      }
      value = rest;
    }
    const bounds = readBounds(value, path, issues, 'tokens');
    return bounds ? { ...bounds, count } : undefined;
  },
  fromCell: boundsFromCell,
  grade: (bounds, reply) => {
    const usage = reply.usage;
    const n = usage?.[`${bounds.count}_tokens`];
    if (typeof n !== 'number')
      return {
        pass: false,
        unchecked: true,
        reason: `the server sent no ${bounds.count} token count (usage)`,
      };
    return withinBounds(n, bounds, `the reply used ${n} ${bounds.count} tokens`, 'tokens');
  },
};

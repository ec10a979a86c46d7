/**
 * Comparisons as JSON files: a tagged, versioned document, and an import that says what is wrong and
 * where (`$.comparison.cells[1].status must be one of …`) instead of saving a broken comparison.
 */
import { buildMessageError, checkFunctionDefinition, checkMessageError } from '../chat/conversation-checks';
import {
  checkArray,
  checkBoolean,
  checkEnum,
  checkNullable,
  checkNumber,
  checkObject,
  checkOptional,
  checkString,
  capIssues,
  readExport,
  type Issue,
} from '../chat/json-checks';
import { afterReload } from './cell-view';
import { checkVariantParameters } from './variant-parameters-check';
import type { Comparison, ComparisonSummary } from './comparison';
import { MAX_VARIANTS } from './variants';

export const COMPARISON_FORMAT = 'svc-playground.comparison';
export const COMPARISON_FORMAT_VERSION = 1;

export type ComparisonImport = { ok: true; comparison: Comparison } | { ok: false; issues: Issue[] };

export function exportComparison(comparison: Comparison, now: Date = new Date()): string {
  return JSON.stringify(
    {
      format: COMPARISON_FORMAT,
      version: COMPARISON_FORMAT_VERSION,
      exportedAt: now.toISOString(),
      comparison,
    },
    null,
    2,
  );
}

const variant = checkObject({
  id: checkString,
  connectionId: checkString,
  model: checkString,
  parameters: checkVariantParameters,
  useFunctions: checkOptional(checkBoolean),
});

// The reply is what the protocol core folded; its optional parts are checked where present.
const reply = checkObject(
  {
    content: checkString,
    firstTokenAt: checkNullable(checkNumber),
    // Optional: comparisons exported before gaps were kept have none.
    largestGapMs: checkOptional(checkNullable(checkNumber)),
    finish_reason: checkOptional(checkNullable(checkString)),
    reasoning: checkOptional(checkObject({ text: checkString, tokens: checkNumber }, true)),
    function_call: checkOptional(checkObject({ name: checkString, arguments: checkString })),
    usage: checkOptional(
      checkObject(
        { prompt_tokens: checkNumber, completion_tokens: checkNumber, total_tokens: checkNumber },
        true,
      ),
    ),
    logprobs: checkOptional(checkArray(checkObject({ token: checkString, logprob: checkNumber }, true))),
  },
  true,
);

const cell = checkObject({
  variantId: checkString,
  status: checkEnum(['waiting', 'streaming', 'complete', 'stopped', 'error', 'interrupted']),
  reply,
  error: checkNullable(checkMessageError),
  timings: checkNullable(
    checkObject({
      requestStartedAt: checkNumber,
      firstTokenAt: checkNullable(checkNumber),
      endedAt: checkNullable(checkNumber),
      largestGapMs: checkOptional(checkNullable(checkNumber)),
    }),
  ),
});

const comparison = checkObject({
  id: checkString,
  title: checkString,
  createdAt: checkNumber,
  updatedAt: checkNumber,
  systemPrompt: checkString,
  fewShot: checkOptional(
    checkArray(
      checkObject({ id: checkString, role: checkEnum(['user', 'assistant']), content: checkString }),
    ),
  ),
  message: checkString,
  functions: checkOptional(checkArray(checkFunctionDefinition)),
  variants: checkArray(variant),
  cells: checkArray(cell),
});

/** What the shape alone cannot say: how many variants, and that each cell belongs to one. */
function checkConsistency(value: Comparison, path: string, issues: Issue[]): void {
  if (value.variants.length === 0 || value.variants.length > MAX_VARIANTS)
    issues.push({
      path: `${path}.variants`,
      reason: `holds ${value.variants.length} variants; a comparison has 1 to ${MAX_VARIANTS}`,
    });
  if (value.cells.length > value.variants.length)
    issues.push({
      path: `${path}.cells`,
      reason: `holds ${value.cells.length} cells for ${value.variants.length} variants`,
    });
  const ids = value.variants.map((v) => v.id);
  if (new Set(ids).size !== ids.length)
    issues.push({ path: `${path}.variants`, reason: 'has two variants with the same id' });
  value.cells.forEach((c, i) => {
    if (!ids.includes(c.variantId))
      issues.push({
        path: `${path}.cells[${i}].variantId`,
        reason: `is "${c.variantId}", which is none of the variants' ids`,
      });
  });
}

export function parseComparisonExport(text: string, now: number = Date.now()): ComparisonImport {
  const issues: Issue[] = [];
  const doc = readExport(
    text,
    { format: COMPARISON_FORMAT, version: COMPARISON_FORMAT_VERSION, kind: 'a comparison' },
    issues,
  );
  if (!doc) return { ok: false, issues };
  const read = readComparison(
    Object.hasOwn(doc, 'comparison') ? doc.comparison : undefined,
    '$.comparison',
    now,
  );
  return issues.length > 0 ? { ok: false, issues: [...issues, ...(read.ok ? [] : read.issues)] } : read;
}

const clampDate = (n: number, now: number) => Math.min(Math.max(n, 0), now);

/**
 * A comparison from outside (an import's, or a record IndexedDB gave back, which an older or hostile
 * version may have written), checked whole and built afresh: dates no later than `now`, an error of
 * unknown kind read as `unexpected`, cells that were running marked `interrupted`.
 */
export function readComparison(value: unknown, path: string, now: number): ComparisonImport {
  const issues: Issue[] = [];
  if (comparison(value, path, issues)) checkConsistency(value as Comparison, path, issues);
  if (issues.length > 0) return { ok: false, issues: capIssues(issues) };
  const result = structuredClone(value) as Comparison;
  const timings = (t: Comparison['cells'][number]['timings']) =>
    t && {
      ...t,
      requestStartedAt: clampDate(t.requestStartedAt, now),
      firstTokenAt: t.firstTokenAt === null ? null : clampDate(t.firstTokenAt, now),
      endedAt: t.endedAt === null ? null : clampDate(t.endedAt, now),
    };
  return {
    ok: true,
    comparison: {
      ...result,
      createdAt: clampDate(result.createdAt, now),
      updatedAt: clampDate(result.updatedAt, now),
      fewShot: result.fewShot ?? [],
      functions: result.functions ?? [],
      cells: result.cells.map((cell) =>
        afterReload({
          ...cell,
          reply: {
            ...cell.reply,
            firstTokenAt: cell.reply.firstTokenAt === null ? null : clampDate(cell.reply.firstTokenAt, now),
          },
          error: cell.error && buildMessageError(cell.error as unknown as Record<string, unknown>),
          timings: timings(cell.timings),
        }),
      ),
    },
  };
}

/**
 * The index as IndexedDB gave it back (an older or hostile version may have written it): entries
 * without a string id are left out, other fields out of shape read as nothing, dates no later than now.
 */
export function readComparisonIndex(raw: unknown, now: number): ComparisonSummary[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((value: unknown) => {
    const e = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    if (typeof e.id !== 'string') return [];
    const updatedAt = typeof e.updatedAt === 'number' && e.updatedAt >= 0 ? Math.min(e.updatedAt, now) : 0;
    return [
      {
        id: e.id,
        title: typeof e.title === 'string' ? e.title : 'Untitled comparison',
        updatedAt,
        variantCount: typeof e.variantCount === 'number' ? e.variantCount : 0,
        cutOff: e.cutOff === true,
      },
    ];
  });
}

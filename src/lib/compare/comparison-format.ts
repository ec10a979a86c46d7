/**
 * Comparisons as JSON files: a tagged, versioned document, and an import that says what is wrong and
 * where (`$.comparison.cells[1].status must be one of …`) instead of saving a broken comparison.
 */
import { CHAT_PARAMETER_NAMES } from '../chat/chat-parameters';
import {
  checkArray,
  checkBoolean,
  checkEnum,
  checkNumber,
  checkObject,
  checkOptional,
  checkString,
  type Checker,
  readExport,
  type Issue,
} from '../chat/json-checks';
import { afterReload } from './cell-view';
import type { Comparison } from './comparison';
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

const nullable =
  (inner: Checker): Checker =>
  (value, path, issues) =>
    value === null || inner(value, path, issues);

const parameters: Checker = (value, path, issues) => {
  if (!checkObject({}, true)(value, path, issues)) return false;
  const unknown = Object.keys(value as object).filter(
    (key) => !(CHAT_PARAMETER_NAMES as readonly string[]).includes(key),
  );
  for (const key of unknown) issues.push({ path: `${path}.${key}`, reason: 'is not a chat parameter' });
  return unknown.length === 0;
};

const variant = checkObject({
  id: checkString,
  connectionId: checkString,
  model: checkString,
  parameters,
  useFunctions: checkOptional(checkBoolean),
});

// The reply is what the protocol core folded; its optional parts are checked where present.
const reply = checkObject(
  {
    content: checkString,
    firstTokenAt: nullable(checkNumber),
    // Optional: comparisons exported before gaps were kept have none.
    largestGapMs: checkOptional(nullable(checkNumber)),
    finish_reason: checkOptional(nullable(checkString)),
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
  error: nullable(checkObject({ kind: checkString, message: checkString }, true)),
  timings: nullable(
    checkObject({
      requestStartedAt: checkNumber,
      firstTokenAt: nullable(checkNumber),
      endedAt: nullable(checkNumber),
      largestGapMs: checkOptional(nullable(checkNumber)),
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
  functions: checkOptional(checkArray(checkObject({ name: checkString }, true))),
  variants: checkArray(variant),
  cells: checkArray(cell),
});

/** What the shape alone cannot say: how many variants, and that each cell belongs to one. */
function checkConsistency(value: Comparison, issues: Issue[]): void {
  const path = '$.comparison';
  if (value.variants.length === 0 || value.variants.length > MAX_VARIANTS)
    issues.push({
      path: `${path}.variants`,
      reason: `holds ${value.variants.length} variants; a comparison has 1 to ${MAX_VARIANTS}`,
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

export function parseComparisonExport(text: string): ComparisonImport {
  const issues: Issue[] = [];
  const doc = readExport(
    text,
    { format: COMPARISON_FORMAT, version: COMPARISON_FORMAT_VERSION, kind: 'a comparison' },
    issues,
  );
  if (!doc) return { ok: false, issues };
  if (comparison(doc.comparison, '$.comparison', issues))
    checkConsistency(doc.comparison as Comparison, issues);
  if (issues.length > 0) return { ok: false, issues };
  const result = structuredClone(doc.comparison) as Comparison;
  return {
    ok: true,
    comparison: {
      ...result,
      fewShot: result.fewShot ?? [],
      functions: result.functions ?? [],
      cells: result.cells.map(afterReload),
    },
  };
}

import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import {
  measureValue,
  overBudget,
  schemaTooLarge,
  unfoldedSchemaParts,
  MAX_SCHEMA_PARTS,
} from './check-budget';
import { linearRegExp, withReachedPatterns } from './linear-regexp';
import { canonicalJson, LruCache } from './validator-cache';

/**
 * One Ajv for the playground. `strict: false` lets descriptive keywords other tools add (`examples`,
 * `x-…`) through, as the local service does; a malformed schema still fails `validateSchema`.
 * Patterns run on RE2 (linear time); `allowMatchingProperties` keeps Ajv from trying each
 * `patternProperties` pattern on the property names with a backtracking RegExp while it compiles.
 */
export const ajv = new Ajv({
  strict: false,
  allErrors: true,
  allowMatchingProperties: true,
  // Ajv's optimizer about doubles the time to compile a schema, for code hardly faster to run.
  code: { regExp: linearRegExp, optimize: false },
});

/** One Ajv error as a person reads it: where (a JSON path) and what is wrong. */
export function describeAjvError(error: ErrorObject): { path: string; message: string } {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
  let message = error.message ?? 'is invalid';
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues))
    message = `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string')
    message = `has an unknown property '${params.additionalProperty}'`;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    const missing = params.missingProperty;
    return { path: path ? `${path}.${missing}` : missing, message: 'is required but missing' };
  }
  return { path, message };
}

export type SchemaCheckResult =
  | { status: 'checked'; violations: { path: string; message: string }[] }
  | { status: 'not-compiled'; reason: string }
  /** Not checked, or not to the end: `reason` completes "… was not checked against the schema: ". */
  | { status: 'abandoned'; reason: string };

interface Compiled {
  validate: ValidateFunction | null;
  /** Why it did not compile (validate is then null). */
  reason: string;
  uniqueItems: boolean;
  /** The schema's parts unfolded to a given value depth (see check-budget). */
  partsAt: Map<number, number>;
}

const compiled = new LruCache<Compiled>(64);
let compiles = 0;

/** How many schemas have been compiled for checks so far: the cache's proof, for tests and benches. */
export const compileCount = (): number => compiles;

function compile(schema: object, key: string): Compiled {
  const entry: Compiled = {
    validate: null,
    reason: '',
    uniqueItems: key.includes('"uniqueItems":true'),
    partsAt: new Map(),
  };
  const parts = unfoldedSchemaParts(schema, 0);
  // Ajv inlines what a $ref names: a schema that unfolds into too much is too much to compile too.
  if (parts > MAX_SCHEMA_PARTS) {
    entry.partsAt.set(0, parts);
    return entry;
  }
  compiles++;
  try {
    entry.validate = ajv.compile(schema);
  } catch (error) {
    entry.reason = error instanceof Error ? error.message : String(error);
  } finally {
    ajv.removeSchema(schema);
  }
  return entry;
}

/**
 * Checks `value` against `schema` with the shared Ajv. A schema is compiled once and kept by its canonical text (a bounded cache). A check that would
 * cost the page too much is not started, and one that meets a pattern RE2 cannot run is not
 * trusted; both say why. Says why when the schema does not compile.
 */
export function checkWithSchema(schema: object, value: unknown): SchemaCheckResult {
  let validate: ValidateFunction;
  let tooMuch: string | null;
  try {
    const key = canonicalJson(schema);
    const entry = compiled.get(key) ?? compile(schema, key);
    compiled.set(key, entry);
    if (!entry.validate)
      return entry.reason
        ? { status: 'not-compiled', reason: entry.reason }
        : { status: 'abandoned', reason: schemaTooLarge() };
    validate = entry.validate;
    const size = measureValue(value);
    let parts = entry.partsAt.get(size.depth);
    if (parts === undefined) {
      parts = unfoldedSchemaParts(schema, size.depth);
      entry.partsAt.set(size.depth, parts);
    }
    tooMuch = overBudget(size, parts, entry.uniqueItems);
  } catch (error) {
    // Counting and the cache key recurse into the schema: one nested thousands deep overflows.
    if (error instanceof RangeError)
      return { status: 'abandoned', reason: 'the schema is nested too deeply to check' };
    throw error;
  }
  if (tooMuch) return { status: 'abandoned', reason: tooMuch };
  let run;
  try {
    run = withReachedPatterns(() => validate(value));
  } catch (error) {
    // A schema that names itself without going deeper (allOf: [{$ref: '#'}]) overflows the stack.
    const why = error instanceof Error ? error.message : String(error);
    return {
      status: 'abandoned',
      reason:
        error instanceof RangeError
          ? `the schema refers to itself without end (${why})`
          : `checking stopped (${why})`,
    };
  }
  const first = run.reached[0];
  if (first)
    return {
      status: 'abandoned',
      reason: `the schema's pattern ${JSON.stringify(first.pattern)} uses ${first.feature}, which cannot be checked safely in the page`,
    };
  return {
    status: 'checked',
    violations: run.result ? [] : (validate.errors ?? []).map(describeAjvError),
  };
}

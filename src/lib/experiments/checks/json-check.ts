/**
 * `is-json`: the whole reply is one JSON value, and, when `value` holds a JSON Schema, valid against
 * it. Schemas are checked by the playground's one Ajv (function-schema/ajv-instance.ts): patterns on
 * RE2, a schema compiled once and kept, a check that would cost too much refused before it starts
 * (check-budget.ts) with the reason, never run half way.
 */
import { checkWithSchema } from '../../function-schema/ajv-instance';
import { excerpt, quote, replyText } from './check-helpers';
import type { Issue } from '../../chat/json-checks';
import type { CheckKind, Verdict } from './types';

/**
 * Reads a schema given by a file or a row: an object Ajv compiles, and small enough to check with
 * (check-budget's MAX_SCHEMA_PARTS). Compiling here means a mistake is reported with its path before
 * anything runs, and grading finds it compiled.
 */
export function readSchema(value: unknown, path: string, issues: Issue[]): object | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push({ path, reason: 'must be a JSON Schema (an object)' });
    return undefined;
  }
  const probe = checkWithSchema(value, null);
  if (probe.status === 'not-compiled') {
    issues.push({ path, reason: `is not a usable JSON Schema: ${probe.reason.split('\n')[0]}` });
    return undefined;
  }
  if (probe.status === 'abandoned' && /schema/.test(probe.reason) && !/pattern/.test(probe.reason)) {
    issues.push({ path, reason: `cannot be checked: ${probe.reason}` });
    return undefined;
  }
  return value;
}

/**
 * `value` against `schema`, as a verdict about `what` ("the reply", or "the arguments of
 * get_weather", `plural`).
 */
export function schemaVerdict(schema: object, value: unknown, what: string, plural = false): Verdict {
  const result = checkWithSchema(schema, value);
  if (result.status === 'checked') {
    const first = result.violations[0];
    if (!first) return { pass: true, reason: `${what} ${plural ? 'are' : 'is'} valid against the schema` };
    const more = result.violations.length > 1 ? ` (and ${result.violations.length - 1} more)` : '';
    return {
      pass: false,
      reason: `${what} ${plural ? 'break' : 'breaks'} the schema: ${first.path ? `${first.path} ` : ''}${first.message}${more}`,
    };
  }
  return {
    pass: false,
    unchecked: true,
    reason: `${what} ${plural ? 'were' : 'was'} not checked against the schema: ${result.reason}`,
  };
}

export const isJsonCheck: CheckKind<{ schema: object | null }> = {
  type: 'is-json',
  summary: 'The whole reply is one JSON value; with a JSON Schema as `value`, valid against it.',
  read: (spec, path, issues) => {
    if (spec.value === undefined || spec.value === null) return { schema: null };
    const schema = readSchema(spec.value, path, issues);
    return schema ? { schema } : undefined;
  },
  fromCell: (text) => {
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text; // read() then says it is not a schema
    }
  },
  grade: ({ schema }, reply) => {
    const read = replyText(reply);
    if ('verdict' in read) return read.verdict;
    let value: unknown;
    try {
      value = JSON.parse(read.text);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { pass: false, reason: `the reply is not JSON (${quote(why, 100)}): ${excerpt(read.text)}` };
    }
    if (!schema) return { pass: true, reason: 'the reply is JSON' };
    return schemaVerdict(schema, value, 'the reply');
  },
};

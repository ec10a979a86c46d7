/**
 * Checks for single request fields. Each names the offending `param` in its 400, says what was wrong
 * and what is accepted. An optional field sent as null counts as absent, as in the common format.
 */
import { invalidParam } from '../http/errors';

export type JsonObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number') return `${value}`;
  return `a ${typeof value}`;
}

/** A required string field. */
export function requiredString(body: JsonObject, name: string, param = name): string {
  const value = body[name];
  if (value === undefined || value === null) throw invalidParam(param, `'${param}' is required.`);
  if (typeof value !== 'string')
    throw invalidParam(param, `'${param}' must be a string, not ${describe(value)}.`);
  return value;
}

export function optionalString(
  body: JsonObject,
  name: string,
  maxLength: number,
  param = name,
): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw invalidParam(param, `'${param}' must be a string, not ${describe(value)}.`);
  if (value.length > maxLength)
    throw invalidParam(param, `'${param}' is longer than ${maxLength} characters.`);
  return value;
}

/** A reader of an optional number, or with `integer` an optional integer, within [min, max]. */
function rangeReader(integer: boolean) {
  const kind = integer ? 'an integer' : 'a number';
  return (body: JsonObject, name: string, min: number, max: number, param = name): number | undefined => {
    const value = body[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !(integer ? Number.isInteger(value) : Number.isFinite(value))) {
      throw invalidParam(param, `'${param}' must be ${kind} from ${min} to ${max}, not ${describe(value)}.`);
    }
    if (value < min || value > max) {
      throw invalidParam(param, `'${param}' must be from ${min} to ${max}; ${value} is out of range.`);
    }
    return value;
  };
}

/** A number within [min, max]. */
export const optionalNumber = rangeReader(false);

/** An integer within [min, max]. */
export const optionalInteger = rangeReader(true);

/** A positive integer (a token budget), with no upper bound of its own. */
export function optionalPositiveInteger(body: JsonObject, name: string, param = name): number | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw invalidParam(param, `'${param}' must be an integer of at least 1, not ${describe(value)}.`);
  }
  return value;
}

export function optionalBoolean(body: JsonObject, name: string, param = name): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean')
    throw invalidParam(param, `'${param}' must be true or false, not ${describe(value)}.`);
  return value;
}

/** One of a fixed set of strings. */
export function optionalEnum<T extends string>(
  body: JsonObject,
  name: string,
  allowed: readonly T[],
  param = name,
): T | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalidParam(
      param,
      `'${param}' must be one of ${allowed.map((a) => `'${a}'`).join(', ')}, not ${describe(value)}.`,
    );
  }
  return value as T;
}

export { MAX_STOP_SEQUENCES } from '../../src/protocol/parameters';
import { MAX_STOP_SEQUENCES } from '../../src/protocol/parameters';

/** `stop`: a non-empty string or an array of up to four of them. */
export function optionalStop(body: JsonObject, name = 'stop'): string | string[] | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    if (value === '') throw invalidParam(name, `'${name}' must not be an empty string.`);
    return value;
  }
  if (!Array.isArray(value)) {
    throw invalidParam(name, `'${name}' must be a string or an array of strings, not ${describe(value)}.`);
  }
  if (value.length > MAX_STOP_SEQUENCES) {
    throw invalidParam(
      name,
      `'${name}' holds ${value.length} sequences; at most ${MAX_STOP_SEQUENCES} are accepted.`,
    );
  }
  value.forEach((entry: unknown, i) => {
    if (typeof entry !== 'string' || entry === '') {
      throw invalidParam(
        `${name}[${i}]`,
        `'${name}[${i}]' must be a non-empty string, not ${describe(entry)}.`,
      );
    }
  });
  return value as string[];
}

/** Rejects fields of other APIs that this one does not implement, rather than ignoring them silently. */
export function rejectUnsupported(body: JsonObject, fields: Record<string, string>): void {
  for (const [name, advice] of Object.entries(fields)) {
    if (body[name] !== undefined && body[name] !== null)
      throw invalidParam(name, `'${name}' is not supported here: ${advice}`);
  }
}

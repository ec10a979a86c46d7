/**
 * Rules for single request fields. Each reads `body[name]`, names the offending `param` in its
 * problem and says what is accepted; each returns the value, or undefined when absent or wrong.
 */
import { MAX_STOP_SEQUENCES, type NumberRange } from '../parameters';
import type { Problems } from './problems';
import { describe, isAbsent, type JsonObject } from './values';

/** A required string field. */
export function requiredString(p: Problems, body: JsonObject, name: string): string | undefined {
  if (isAbsent(body[name])) return p.add(name, `'${name}' is required.`);
  return optionalString(p, body, name, Number.POSITIVE_INFINITY);
}

/** A string of at most `maxLength` characters. */
export function optionalString(
  p: Problems,
  body: JsonObject,
  name: string,
  maxLength: number,
): string | undefined {
  const value = body[name];
  if (isAbsent(value)) return undefined;
  if (typeof value !== 'string') return p.add(name, `'${name}' must be a string, not ${describe(value)}.`);
  if (value.length > maxLength) return p.add(name, `'${name}' is longer than ${maxLength} characters.`);
  return value;
}

/** A number (or with `integer`, an integer) within the range. */
export function optionalInRange(
  p: Problems,
  body: JsonObject,
  name: string,
  { min, max }: NumberRange,
  integer = false,
): number | undefined {
  const value = body[name];
  if (isAbsent(value)) return undefined;
  if (typeof value !== 'number' || !(integer ? Number.isInteger(value) : Number.isFinite(value))) {
    const kind = integer ? 'an integer' : 'a number';
    return p.add(name, `'${name}' must be ${kind} from ${min} to ${max}, not ${describe(value)}.`);
  }
  if (value < min || value > max)
    return p.add(name, `'${name}' must be from ${min} to ${max}; ${value} is out of range.`);
  return value;
}

/** A positive integer (a token budget), with no upper bound of its own. */
export function optionalPositiveInteger(p: Problems, body: JsonObject, name: string): number | undefined {
  const value = body[name];
  if (isAbsent(value)) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    return p.add(name, `'${name}' must be an integer of at least 1, not ${describe(value)}.`);
  return value;
}

export function optionalBoolean(
  p: Problems,
  body: JsonObject,
  name: string,
  param = name,
): boolean | undefined {
  const value = body[name];
  if (isAbsent(value)) return undefined;
  if (typeof value !== 'boolean')
    return p.add(param, `'${param}' must be true or false, not ${describe(value)}.`);
  return value;
}

/** One of a fixed set of strings. */
export function optionalEnum<T extends string>(
  p: Problems,
  body: JsonObject,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = body[name];
  if (isAbsent(value)) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    const listed = allowed.map((a) => `'${a}'`).join(', ');
    return p.add(name, `'${name}' must be one of ${listed}, not ${describe(value)}.`);
  }
  return value as T;
}

/** `stop`: a non-empty string or an array of up to four of them; every bad entry is reported. */
export function optionalStop(p: Problems, body: JsonObject, name = 'stop'): string | string[] | undefined {
  const value = body[name];
  if (isAbsent(value)) return undefined;
  if (typeof value === 'string') {
    if (value === '') return p.add(name, `'${name}' must not be an empty string.`);
    return value;
  }
  if (!Array.isArray(value))
    return p.add(name, `'${name}' must be a string or an array of strings, not ${describe(value)}.`);
  if (value.length > MAX_STOP_SEQUENCES)
    return p.add(
      name,
      `'${name}' holds ${value.length} sequences; at most ${MAX_STOP_SEQUENCES} are accepted.`,
    );
  const before = p.count;
  value.forEach((entry: unknown, i) => {
    if (typeof entry !== 'string' || entry === '')
      p.add(`${name}[${i}]`, `'${name}[${i}]' must be a non-empty string, not ${describe(entry)}.`);
  });
  return p.count > before ? undefined : (value as string[]);
}

/** A `description` inside an object at `param` (a function's, a reply format's): a string when set. */
export function optionalDescription(p: Problems, value: JsonObject, param: string): string | undefined {
  if (isAbsent(value.description)) return undefined;
  if (typeof value.description === 'string') return value.description;
  return p.add(`${param}.description`, `'${param}.description' must be a string.`);
}

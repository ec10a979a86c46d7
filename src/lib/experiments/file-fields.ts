/**
 * Small readers for an untrusted experiment file: each pushes what is wrong at its path
 * (`variants[1].model`) and returns the value when it can be used. Own properties only, so a field
 * named `constructor` or `__proto__` is read as what it is, a field.
 */
import type { Issue } from '../chat/json-checks';

export type Fields = Record<string, unknown>;

/** `a.b`, `a[2]`; the root is ''. A long key from outside is cut, so the path stays readable. */
export function at(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  const shown = key.length > 40 ? `${key.slice(0, 40)}…` : key;
  return path === '' ? shown : `${path}.${shown}`;
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

export const own = (fields: Fields, key: string): unknown =>
  Object.hasOwn(fields, key) ? fields[key] : undefined;

/**
 * The value as an object of fields, or a problem; `known` lists its fields (others are problems,
 * but for those `reported` says were reported already).
 */
export function readFields(
  value: unknown,
  path: string,
  issues: Issue[],
  known: readonly string[],
  reported: (key: string) => boolean = () => false,
): Fields | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push({ path: path || '(the file)', reason: `must be an object, found ${describe(value)}` });
    return undefined;
  }
  const fields = value as Fields;
  for (const key of Object.keys(fields))
    if (!known.includes(key) && !reported(key))
      issues.push({ path: at(path, key), reason: `is not a known field (${known.join(', ')})` });
  return fields;
}

export function readString(
  value: unknown,
  path: string,
  issues: Issue[],
  { optional = false, nonEmpty = false, max = Infinity } = {},
): string | undefined {
  if (value === undefined) {
    if (!optional) issues.push({ path, reason: 'is missing' });
    return undefined;
  }
  if (typeof value !== 'string') {
    issues.push({ path, reason: `must be a string, found ${describe(value)}` });
    return undefined;
  }
  if (nonEmpty && value.trim() === '') {
    issues.push({ path, reason: 'must not be empty' });
    return undefined;
  }
  if (value.length > max) {
    issues.push({ path, reason: `is ${value.length} characters; at most ${max}` });
    return undefined;
  }
  return value;
}

/** An integer from `min` to `max`; `fallback` when absent. */
export function readInteger(
  value: unknown,
  path: string,
  issues: Issue[],
  { min, max, fallback }: { min: number; max: number; fallback: number },
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    issues.push({ path, reason: `must be a whole number from ${min} to ${max}, found ${describe(value)}` });
    return fallback;
  }
  return value;
}

/** A share from 0 to 1. */
export function readShare(value: unknown, path: string, issues: Issue[]): number | undefined {
  if (typeof value === 'number' && value >= 0 && value <= 1) return value;
  issues.push({ path, reason: `must be a share from 0 to 1 (0.9 for 90%), found ${describe(value)}` });
  return undefined;
}

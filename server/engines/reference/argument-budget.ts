/**
 * The least JSON a function's `parameters` schema makes the argument filler write, measured before it
 * writes any. A 300-byte schema asking for 50,000 strings of 100,000 characters each once made the
 * filler build them all until the process ran out of memory; now such a schema is a 400 naming the
 * keyword that asks for too much.
 */
import { EngineError } from '../engine';

/** Most characters of arguments the reference engine writes for one call. */
export const MAX_ARGUMENT_CHARS = 256 * 1024;

type Schema = Record<string, unknown>;

const count = (value: unknown): number => (typeof value === 'number' && value > 0 ? value : 0);

/**
 * Characters the filler must write for `schema` at least, saturated just above `limit`, and where the
 * demand first crosses `limit` (the deepest keyword whose own demand is too much).
 */
export function argumentDemand(
  schema: unknown,
  path: string,
  limit: number = MAX_ARGUMENT_CHARS,
): { chars: number; over: string | null } {
  let over: string | null = null;
  const cap = (n: number): number => Math.min(n, limit + 1);
  const visit = (node: unknown, at: string): number => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return 2;
    const s = node as Schema;
    if ('const' in s || Array.isArray(s.enum)) return 2; // a value the request itself holds
    const branch = (s.anyOf ?? s.oneOf) as unknown;
    if (Array.isArray(branch) && branch.length > 0) {
      const key = s.anyOf !== undefined ? 'anyOf' : 'oneOf';
      const { anyOf: _a, oneOf: _o, ...rest } = s;
      return visit({ ...rest, ...(branch[0] as Schema) }, `${at}.${key}[0]`);
    }
    let own: number;
    let keyword: string;
    if (s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'))) {
      own = cap(count(s.minLength) + 2);
      keyword = 'minLength';
    } else if (s.type === 'array' || s.items !== undefined) {
      const item = visit(s.items, `${at}.items`);
      if (over !== null) return limit + 1;
      own = cap(count(s.minItems) * (item + 1) + 2);
      keyword = 'minItems';
    } else if (s.type === 'object' || s.properties !== undefined) {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = Array.isArray(s.required) ? (s.required as unknown[]) : [];
      own = 2;
      for (const name of required) {
        if (typeof name !== 'string') continue;
        own = cap(own + name.length + 4 + visit(properties[name], `${at}.properties.${name}`));
        if (over !== null) return limit + 1;
      }
      keyword = 'required';
    } else return 24; // a number, boolean or null
    if (own > limit && over === null) over = `${at}.${keyword}`;
    return own;
  };
  const chars = visit(schema, path);
  return { chars, over };
}

/** Throws a 400 when filling `functions[index]`'s arguments would write more than MAX_ARGUMENT_CHARS. */
export function assertArgumentBudget(parameters: unknown, path: string): void {
  if (parameters === undefined) return;
  const { over } = argumentDemand(parameters, path);
  if (over === null) return;
  throw new EngineError(400, {
    message:
      `'${over}' asks for more than the ${MAX_ARGUMENT_CHARS / 1024} KiB of arguments the reference engine writes for one call. ` +
      'Lower minItems or minLength (a real model could not write that much in one reply either).',
    type: 'invalid_request_error',
    param: over,
    code: 'invalid_request_error',
  });
}

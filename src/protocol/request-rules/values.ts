/** What a value from outside is, as the rules' messages name it. */

export type JsonObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An optional field sent as null counts as absent, as in the common format. */
export const isAbsent = (value: unknown): value is null | undefined => value === undefined || value === null;

/** The value as a message names it: `null`, `an array`, `the string "…"`, `12`, `a boolean`. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'number') return `${value}`;
  return `a ${typeof value}`;
}

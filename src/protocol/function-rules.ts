/**
 * What makes a function definition valid, for the service's validation and the playground's editor:
 * its name, and the JSON Schema types a parameter may declare.
 */

/** A function's name: 1–64 letters, digits, underscores or dashes. */
export const FUNCTION_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** The JSON Schema types a parameter's `type` may name (or list). */
export const JSON_TYPES: readonly string[] = [
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
  'null',
];

/** Keywords that say what a parameter holds without `type`. */
export const TYPE_SUBSTITUTES: readonly string[] = ['anyOf', 'oneOf', 'allOf', 'enum', 'const', '$ref'];

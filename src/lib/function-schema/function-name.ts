/** The function-name rule servers of the format enforce (the local service too). */
export const FUNCTION_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Why `name` is not a valid function name, or null when it is. */
export function functionNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name === '') return 'A function needs a name (a non-empty string).';
  if (name.length > 64) return `The name is ${name.length} characters long; at most 64 are allowed.`;
  if (!FUNCTION_NAME_PATTERN.test(name))
    return `'${name}' may only hold letters, digits, underscores and dashes (^[a-zA-Z0-9_-]{1,64}$).`;
  return null;
}

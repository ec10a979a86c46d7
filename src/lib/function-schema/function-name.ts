import { FUNCTION_NAME_PATTERN } from '../../protocol/function-rules';

export { FUNCTION_NAME_PATTERN };

/** Why `name` is not a valid function name, or null when it is. */
export function functionNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name === '') return 'A function needs a name (a non-empty string).';
  if (name.length > 64) return `The name is ${name.length} characters long; at most 64 are allowed.`;
  if (!FUNCTION_NAME_PATTERN.test(name))
    return `'${name}' may only hold letters, digits, underscores and dashes (${FUNCTION_NAME_PATTERN.source}).`;
  return null;
}

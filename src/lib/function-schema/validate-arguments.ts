import type { FunctionDefinition } from '../../protocol/wire';
import { ajv, describeAjvError } from './ajv-instance';
import { parseJson, type TextPosition } from './parse-json';

/** One way the arguments break the function's `parameters` schema. */
export interface ArgumentViolation {
  /** Where in the arguments object, e.g. `unit` or `items[2].name` ('' for the whole object). */
  path: string;
  message: string;
}

export type ArgumentsCheck =
  | {
      kind: 'parsed';
      value: unknown;
      /** Empty when the arguments satisfy the schema. */
      violations: ArgumentViolation[];
      /** False when there was no schema to check against (unknown function or no `parameters`). */
      checked: boolean;
      /** Why nothing was checked, when `checked` is false. */
      note: string | null;
    }
  | { kind: 'invalid-json'; raw: string; message: string; position: TextPosition };

/**
 * Parses a function call's `arguments` string and validates it against the named function's
 * `parameters` with Ajv (all errors). Invalid JSON is reported with the parse error's position.
 */
export function checkArguments(
  argumentsText: string,
  definition: FunctionDefinition | undefined,
): ArgumentsCheck {
  const parsed = parseJson(argumentsText);
  if (!parsed.ok) {
    return {
      kind: 'invalid-json',
      raw: argumentsText,
      message: parsed.message,
      position: parsed.position,
    };
  }
  if (!definition) {
    return {
      kind: 'parsed',
      value: parsed.value,
      violations: [],
      checked: false,
      note: 'The model called a function that is not among the definitions, so there is no schema to check against.',
    };
  }
  if (!definition.parameters) {
    return {
      kind: 'parsed',
      value: parsed.value,
      violations: [],
      checked: false,
      note: `'${definition.name}' has no "parameters" schema, so the arguments are not checked.`,
    };
  }
  let validate;
  try {
    validate = ajv.compile(definition.parameters);
  } catch (error) {
    return {
      kind: 'parsed',
      value: parsed.value,
      violations: [],
      checked: false,
      note: `The "parameters" schema of '${definition.name}' does not compile: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    ajv.removeSchema(definition.parameters);
  }
  const valid = validate(parsed.value);
  const violations = valid ? [] : (validate.errors ?? []).map(describeAjvError);
  return { kind: 'parsed', value: parsed.value, violations, checked: true, note: null };
}

import type { FunctionDefinition } from '../../protocol/wire';
import { parseJson, type TextPosition } from './parse-json';
import { schemaChecker, schemaCheckerAbsence } from './schema-checker';

/** One way the arguments break the function's `parameters` schema. */
export interface ArgumentViolation {
  /** Where in the arguments object, e.g. `unit` or `items[2].name` ('' for the whole object). */
  path: string;
  message: string;
}

/** JSON that parsed, and how it stands against its schema. */
export interface ParsedCheck {
  kind: 'parsed';
  value: unknown;
  /** Empty when the value satisfies the schema (or none was checked). */
  violations: ArgumentViolation[];
  /** False when there was no schema to check against (unknown function, no `parameters`, no schema). */
  checked: boolean;
  /** Why nothing was checked, when `checked` is false and there is a reason to give. */
  note: string | null;
  /** True while the check is still to come: the schema checker is loading (not when it failed to). */
  pending?: boolean;
  /** True when the check was not made, or not to the end, because it could not be made safely; `note` says why. */
  abandoned?: boolean;
}

/**
 * `value` checked against `schema`, or not checked with the reason: the schema does not compile
 * (`notCompiled`), or the check could not be made safely in the page (`notChecked`).
 */
export function checkParsed(
  value: unknown,
  schema: object,
  notCompiled: (reason: string) => string,
  subject = 'the value',
  notChecked: (reason: string) => string = (reason) => abandonedNote(subject, reason),
): ParsedCheck {
  const checker = schemaChecker();
  if (!checker) {
    const { message, failed } = schemaCheckerAbsence(subject);
    return { kind: 'parsed', value, violations: [], checked: false, note: message, pending: !failed };
  }
  const result = checker.checkWithSchema(schema, value);
  if (result.status === 'checked')
    return { kind: 'parsed', value, violations: result.violations, checked: true, note: null };
  if (result.status === 'not-compiled')
    return { kind: 'parsed', value, violations: [], checked: false, note: notCompiled(result.reason) };
  return {
    kind: 'parsed',
    value,
    violations: [],
    checked: false,
    note: notChecked(result.reason),
    abandoned: true,
  };
}

/** The sentence for a check `checkWithSchema` abandoned, e.g. "The reply was not checked against the schema: …". */
export function abandonedNote(subject: string, reason: string): string {
  return `${subject.charAt(0).toUpperCase()}${subject.slice(1)} ${subject.endsWith('s') ? 'were' : 'was'} not checked against the schema: ${reason}.`;
}

export type ArgumentsCheck =
  ParsedCheck | { kind: 'invalid-json'; raw: string; message: string; position: TextPosition };

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
  return checkParsed(
    parsed.value,
    definition.parameters,
    (reason) => `The "parameters" schema of '${definition.name}' does not compile: ${reason}`,
    'the arguments',
  );
}

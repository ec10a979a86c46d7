import { ajv, describeAjvError, parseJson, type ArgumentViolation } from '../../../lib/function-schema';

export type SchemaCheck =
  | { kind: 'none' }
  | { kind: 'bad-schema'; message: string }
  | { kind: 'checked'; violations: ArgumentViolation[] };

/** Validates `value` against the pasted schema; says plainly when the schema itself is unusable. */
export function checkAgainstSchema(text: string, value: unknown): SchemaCheck {
  if (text.trim() === '') return { kind: 'none' };
  const parsed = parseJson(text);
  if (!parsed.ok)
    return {
      kind: 'bad-schema',
      message: `The schema is not JSON (line ${parsed.position.line}, column ${parsed.position.column}: ${parsed.message}).`,
    };
  if (!ajv.validateSchema(parsed.value as object))
    return {
      kind: 'bad-schema',
      message: `The schema is not valid JSON Schema: ${ajv.errorsText(ajv.errors)}.`,
    };
  try {
    const validate = ajv.compile(parsed.value as object);
    const ok = validate(value);
    return { kind: 'checked', violations: ok ? [] : (validate.errors ?? []).map(describeAjvError) };
  } catch (error) {
    return {
      kind: 'bad-schema',
      message: `The schema does not compile: ${error instanceof Error ? error.message : String(error)}`,
    };
  } finally {
    ajv.removeSchema(parsed.value as object);
  }
}

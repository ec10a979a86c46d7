import { parseJson } from '../../../lib/function-schema/parse-json';
import { abandonedNote, type ArgumentViolation } from '../../../lib/function-schema/validate-arguments';
import { schemaChecker, schemaCheckerAbsence } from '../../../lib/function-schema/schema-checker';

export type SchemaCheck =
  | { kind: 'none' }
  /** The checker is still loading. */
  | { kind: 'pending'; message: string }
  | { kind: 'bad-schema'; message: string }
  /** The check was not made, or not to the end, because it could not be made safely in the page. */
  | { kind: 'abandoned'; message: string }
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
  const checker = schemaChecker();
  if (!checker) {
    const { message, failed } = schemaCheckerAbsence('the reply');
    // A checker that could not be loaded leaves the reply unchecked, and says so like a bad schema.
    return { kind: failed ? 'bad-schema' : 'pending', message };
  }
  const { ajv, checkWithSchema } = checker;
  if (!ajv.validateSchema(parsed.value as object))
    return {
      kind: 'bad-schema',
      message: `The schema is not valid JSON Schema: ${ajv.errorsText(ajv.errors)}.`,
    };
  const result = checkWithSchema(parsed.value as object, value);
  if (result.status === 'checked') return { kind: 'checked', violations: result.violations };
  if (result.status === 'abandoned')
    return { kind: 'abandoned', message: abandonedNote('the reply', result.reason) };
  return { kind: 'bad-schema', message: `The schema does not compile: ${result.reason}` };
}

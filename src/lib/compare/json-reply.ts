import {
  ajv,
  describeAjvError,
  parseJson,
  type ArgumentViolation,
  type TextPosition,
} from '../function-schema';
import type { ResponseFormat } from '../../protocol/wire';

export type JsonReplyCheck =
  /** Still streaming and valid so far: the text could still become one JSON value. */
  | { kind: 'incomplete' }
  | { kind: 'invalid-json'; message: string; position: TextPosition }
  | {
      kind: 'parsed';
      value: unknown;
      /** Empty when the value matches the schema (or there is none). */
      violations: ArgumentViolation[];
      /** True when a schema was checked. */
      checked: boolean;
      /** Why a schema given was not checked (it does not compile). */
      note: string | null;
    };

/**
 * What a reply to a JSON-mode request amounts to: null when the variant did not ask for JSON; else
 * whether it parses (where it breaks, or that it is only unfinished while streaming) and, for a
 * `json_schema` format, whether it matches the schema (the same Ajv as function arguments).
 */
export function checkJsonReply(
  content: string,
  format: ResponseFormat | undefined,
  streaming: boolean,
): JsonReplyCheck | null {
  if (!format || (format.type !== 'json_object' && format.type !== 'json_schema')) return null;
  const parsed = parseJson(content);
  if (!parsed.ok) {
    if (streaming && parsed.incomplete) return { kind: 'incomplete' };
    return { kind: 'invalid-json', message: parsed.message, position: parsed.position };
  }
  const schema = format.type === 'json_schema' ? format.json_schema?.schema : undefined;
  if (!schema) return { kind: 'parsed', value: parsed.value, violations: [], checked: false, note: null };
  let validate;
  try {
    validate = ajv.compile(schema);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      kind: 'parsed',
      value: parsed.value,
      violations: [],
      checked: false,
      note: `the schema does not compile (${reason})`,
    };
  } finally {
    // Schemas differ per variant and per run: none is kept in the shared instance.
    ajv.removeSchema(schema);
  }
  const violations = validate(parsed.value) ? [] : (validate.errors ?? []).map(describeAjvError);
  return { kind: 'parsed', value: parsed.value, violations, checked: true, note: null };
}

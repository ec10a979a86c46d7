import { checkParsed, type ParsedCheck } from '../function-schema/validate-arguments';
import { parseJson, type TextPosition } from '../function-schema/parse-json';
import type { ResponseFormat } from '../../protocol/wire';

export type JsonReplyCheck =
  /** Still streaming and valid so far: the text could still become one JSON value. */
  { kind: 'incomplete' } | { kind: 'invalid-json'; message: string; position: TextPosition } | ParsedCheck;

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
  return checkParsed(
    parsed.value,
    schema,
    (reason) => `the schema does not compile (${reason})`,
    'the reply',
    (reason) => `not checked against the schema: ${reason}`,
  );
}

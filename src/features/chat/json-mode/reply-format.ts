import type { ResponseFormat } from '../../../protocol/wire';

/** What the reply format control offers: nothing sent (text), JSON mode, or structured outputs. */
export type ReplyFormatKind = 'text' | 'json_object' | 'json_schema';

export interface SchemaFormatFields {
  name: string;
  strict: boolean;
  /** The schema as typed. */
  text: string;
}

/** The spec's name rule for a json_schema format: letters, digits, underscores and dashes, 1–64. */
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The `response_format` for a json_schema reply from what the person typed, or the reason it cannot
 * be sent. A schema must be a JSON object: that is what servers validate replies against.
 */
export function schemaFormat(fields: SchemaFormatFields): { format: ResponseFormat } | { problem: string } {
  if (!NAME.test(fields.name))
    return { problem: 'The schema name must be 1 to 64 letters, digits, underscores or dashes.' };
  if (fields.text.trim() === '') return { problem: 'Paste the JSON Schema the reply must follow.' };
  let schema: unknown;
  try {
    schema = JSON.parse(fields.text);
  } catch (error) {
    return { problem: `The schema is not valid JSON: ${(error as Error).message}.` };
  }
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema))
    return { problem: 'The schema must be a JSON object, such as {"type": "object", "properties": {…}}.' };
  return {
    format: {
      type: 'json_schema',
      json_schema: { name: fields.name, schema: schema as Record<string, unknown>, strict: fields.strict },
    },
  };
}

/** The kind a stored `response_format` is, for the control. */
export function formatKind(format: ResponseFormat | undefined): ReplyFormatKind {
  if (format?.type === 'json_object') return 'json_object';
  return format?.type === 'json_schema' ? 'json_schema' : 'text';
}

/** True when replies are JSON (either JSON mode or structured outputs): they show as a JSON tree. */
export function repliesAreJson(format: ResponseFormat | undefined): boolean {
  return formatKind(format) !== 'text';
}

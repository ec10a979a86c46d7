/**
 * `response_format`: `text`, `json_object` (the spec's JSON mode), or `json_schema` (structured
 * outputs, as servers of the format take it): `{name, description?, schema?, strict?}`, the schema
 * checked like a function's parameters (size, meta-schema, patterns).
 */
import type { ChatCompletionRequest, JsonSchemaFormat } from '../wire';
import { optionalDescription } from './fields';
import type { Problems } from './problems';
import { checkJsonSchema, type MetaSchemaCheck } from './schema';
import { isAbsent, isPlainObject, type JsonObject } from './values';

const SCHEMA_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export function readResponseFormat(
  p: Problems,
  body: JsonObject,
  metaSchema: MetaSchemaCheck,
): ChatCompletionRequest['response_format'] | undefined {
  const value = body.response_format;
  if (isAbsent(value)) return undefined;
  if (!isPlainObject(value))
    return p.add('response_format', `'response_format' must be an object such as {"type": "json_object"}.`);
  if (value.type === 'json_object' || value.type === 'text') return { type: value.type };
  if (value.type === 'json_schema') {
    const jsonSchema = readJsonSchema(p, value.json_schema, metaSchema);
    return jsonSchema && { type: 'json_schema', json_schema: jsonSchema };
  }
  return p.add(
    'response_format.type',
    `'response_format.type' must be "json_object", "json_schema" or "text".`,
  );
}

function readJsonSchema(
  p: Problems,
  value: unknown,
  metaSchema: MetaSchemaCheck,
): JsonSchemaFormat | undefined {
  const param = 'response_format.json_schema';
  if (!isPlainObject(value))
    return p.add(param, `'${param}' must be an object such as {"name": "answer", "schema": {...}}.`);
  const before = p.count;
  if (typeof value.name !== 'string' || !SCHEMA_NAME.test(value.name))
    p.add(
      `${param}.name`,
      `'${param}.name' must be 1-64 letters, digits, underscores or dashes (${SCHEMA_NAME.source}).`,
    );
  const format: JsonSchemaFormat = { name: value.name as string };
  const description = optionalDescription(p, value, param);
  if (description !== undefined) format.description = description;
  if (!isAbsent(value.strict)) {
    if (typeof value.strict !== 'boolean')
      p.add(`${param}.strict`, `'${param}.strict' must be true or false.`);
    else format.strict = value.strict;
  }
  if (!isAbsent(value.schema)) {
    if (!isPlainObject(value.schema))
      p.add(`${param}.schema`, `'${param}.schema' must be a JSON Schema object.`);
    else {
      checkJsonSchema(p, value.schema, `${param}.schema`, { nodes: 0 }, metaSchema);
      format.schema = value.schema;
    }
  }
  return p.count > before ? undefined : format;
}

/**
 * `response_format`: `text`, `json_object` (the spec's JSON mode), or `json_schema` (structured
 * outputs, as servers of the format take it): `{name, description?, schema?, strict?}`, the schema
 * checked like a function's parameters (size, meta-schema, patterns).
 */
import type { ChatCompletionRequest, JsonSchemaFormat } from '../../src/protocol/wire';
import { invalidParam } from '../http/errors';
import { isPlainObject, type JsonObject } from './fields';
import { checkJsonSchema } from './functions';

const SCHEMA_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export function readResponseFormat(body: JsonObject): ChatCompletionRequest['response_format'] | undefined {
  const value = body.response_format;
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value))
    throw invalidParam(
      'response_format',
      `'response_format' must be an object such as {"type": "json_object"}.`,
    );
  if (value.type === 'json_object' || value.type === 'text') return { type: value.type };
  if (value.type === 'json_schema')
    return { type: 'json_schema', json_schema: readJsonSchema(value.json_schema) };
  throw invalidParam(
    'response_format.type',
    `'response_format.type' must be "json_object", "json_schema" or "text".`,
  );
}

function readJsonSchema(value: unknown): JsonSchemaFormat {
  const param = 'response_format.json_schema';
  if (!isPlainObject(value)) {
    throw invalidParam(param, `'${param}' must be an object such as {"name": "answer", "schema": {...}}.`);
  }
  if (typeof value.name !== 'string' || !SCHEMA_NAME.test(value.name)) {
    throw invalidParam(
      `${param}.name`,
      `'${param}.name' must be 1-64 letters, digits, underscores or dashes (${SCHEMA_NAME.source}).`,
    );
  }
  const format: JsonSchemaFormat = { name: value.name };
  if (value.description !== undefined && value.description !== null) {
    if (typeof value.description !== 'string')
      throw invalidParam(`${param}.description`, `'${param}.description' must be a string.`);
    format.description = value.description;
  }
  if (value.strict !== undefined && value.strict !== null) {
    if (typeof value.strict !== 'boolean')
      throw invalidParam(`${param}.strict`, `'${param}.strict' must be true or false.`);
    format.strict = value.strict;
  }
  if (value.schema !== undefined && value.schema !== null) {
    if (!isPlainObject(value.schema))
      throw invalidParam(`${param}.schema`, `'${param}.schema' must be a JSON Schema object.`);
    checkJsonSchema(value.schema, `${param}.schema`, { nodes: 0 });
    format.schema = value.schema;
  }
  return format;
}

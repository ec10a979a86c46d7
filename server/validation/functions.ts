/**
 * Validation of `functions` and `function_call`. Parameters must have the shape the spec gives
 * (an object schema with `properties` and `required`), be valid JSON Schema (ajv's meta-schema, and
 * every `pattern` a valid regular expression), and stay within the size limits of schema-limits.ts.
 */
import Ajv from 'ajv';
import { FUNCTION_NAME_PATTERN, JSON_TYPES, TYPE_SUBSTITUTES } from '../../src/protocol/function-rules';
import type { ChatCompletionRequest, FunctionDefinition, FunctionParameters } from '../../src/protocol/wire';
import { invalidParam } from '../http/errors';
import { isPlainObject, type JsonObject } from './fields';
import { checkSchemaSize } from './schema-limits';

const MAX_FUNCTIONS = 128;

// strict: false lets descriptive keywords other tools add (`examples`, `x-…`) through. Schemas are checked
// against the meta-schema, not compiled: compiling generates code in time that grows faster than the
// schema (1,000 properties took 0.45 s of blocked event loop; 5,000 overflowed the stack), while the
// meta-schema check is linear and catches the same malformed keywords.
const ajv = new Ajv({ strict: false, allErrors: false });

/** Keywords whose values are data, not schemas: a "pattern" key inside them is not a keyword. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);

/** Every `pattern` in the schema must compile, as JSON Schema's regular expressions (ECMA-262, Unicode). */
function findBadPattern(schema: unknown, param: string): { path: string; reason: string } | null {
  const stack: { value: unknown; path: string }[] = [{ value: schema, path: param }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, item] of Object.entries(value)) {
      if (key === 'pattern' && typeof item === 'string' && !Array.isArray(value)) {
        try {
          new RegExp(item, 'u');
        } catch (error) {
          return { path: `${path}.pattern`, reason: error instanceof Error ? error.message : String(error) };
        }
      }
      if (!DATA_KEYWORDS.has(key))
        stack.push({ value: item, path: Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}` });
    }
  }
  return null;
}

function checkType(type: unknown, param: string): void {
  const types = Array.isArray(type) ? type : [type];
  if (types.length === 0 || !types.every((t) => typeof t === 'string' && JSON_TYPES.includes(t))) {
    throw invalidParam(param, `'${param}' must be one of ${JSON_TYPES.join(', ')} (or an array of them).`);
  }
}

function checkProperty(value: unknown, param: string): void {
  if (!isPlainObject(value))
    throw invalidParam(
      param,
      `'${param}' must be an object such as {"type": "string", "description": "..."}.`,
    );
  if (value.type !== undefined) checkType(value.type, `${param}.type`);
  else if (!TYPE_SUBSTITUTES.some((keyword) => keyword in value)) {
    throw invalidParam(
      `${param}.type`,
      `'${param}.type' is required: say what type the property has, e.g. "string".`,
    );
  }
  if (value.description !== undefined && typeof value.description !== 'string') {
    throw invalidParam(`${param}.description`, `'${param}.description' must be a string.`);
  }
  if (value.enum !== undefined && (!Array.isArray(value.enum) || value.enum.length === 0)) {
    throw invalidParam(`${param}.enum`, `'${param}.enum' must be a non-empty array of allowed values.`);
  }
}

/** Any JSON Schema a request carries: within the size limits, valid by the meta-schema, patterns that compile. */
export function checkJsonSchema(value: JsonObject, param: string, budget: { nodes: number }): void {
  checkSchemaSize(value, param, budget);
  if (!ajv.validateSchema(value)) {
    const first = ajv.errors?.[0];
    const where = first?.instancePath ? ` at ${first.instancePath}` : '';
    throw invalidParam(
      param,
      `'${param}' is not a valid JSON Schema${first ? `: ${first.message ?? 'invalid'}${where}` : ''}.`,
    );
  }
  const badPattern = findBadPattern(value, param);
  if (badPattern) {
    throw invalidParam(
      badPattern.path,
      `'${badPattern.path}' is not a valid regular expression: ${badPattern.reason}.`,
    );
  }
}

export function checkParameters(
  value: unknown,
  param: string,
  budget: { nodes: number },
): FunctionParameters {
  if (!isPlainObject(value))
    throw invalidParam(param, `'${param}' must be a JSON Schema object with type, properties and required.`);
  if (value.type !== 'object') throw invalidParam(`${param}.type`, `'${param}.type' must be "object".`);
  const properties = value.properties;
  if (!isPlainObject(properties)) {
    throw invalidParam(
      `${param}.properties`,
      `'${param}.properties' must be an object mapping each argument name to its schema.`,
    );
  }
  for (const [name, schema] of Object.entries(properties))
    checkProperty(schema, `${param}.properties.${name}`);
  if (value.required !== undefined) {
    if (!Array.isArray(value.required))
      throw invalidParam(`${param}.required`, `'${param}.required' must be an array of property names.`);
    const seen = new Set<string>();
    value.required.forEach((name: unknown, j) => {
      const at = `${param}.required[${j}]`;
      if (typeof name !== 'string' || !Object.hasOwn(properties, name)) {
        throw invalidParam(at, `'${at}' must name a property defined in '${param}.properties'.`);
      }
      if (seen.has(name)) throw invalidParam(at, `'${at}' repeats '${name}'.`);
      seen.add(name);
    });
  }
  checkJsonSchema(value, param, budget);
  return value as FunctionParameters;
}

export function readDefinition(
  value: unknown,
  param: string,
  seen: Set<string>,
  budget: { nodes: number },
): FunctionDefinition {
  if (!isPlainObject(value)) throw invalidParam(param, `'${param}' must be an object with a 'name'.`);
  if (typeof value.name !== 'string' || !FUNCTION_NAME_PATTERN.test(value.name)) {
    throw invalidParam(
      `${param}.name`,
      `'${param}.name' must be 1-64 letters, digits, underscores or dashes (${FUNCTION_NAME_PATTERN.source}).`,
    );
  }
  if (seen.has(value.name))
    throw invalidParam(
      `${param}.name`,
      `'${param}.name' repeats '${value.name}': function names must be unique.`,
    );
  seen.add(value.name);
  const definition: FunctionDefinition = { name: value.name };
  if (value.description !== undefined && value.description !== null) {
    if (typeof value.description !== 'string')
      throw invalidParam(`${param}.description`, `'${param}.description' must be a string.`);
    definition.description = value.description;
  }
  if (value.parameters !== undefined && value.parameters !== null) {
    definition.parameters = checkParameters(value.parameters, `${param}.parameters`, budget);
  }
  return definition;
}

/** Validates `functions`: 1-128 definitions with unique names and well-formed parameter schemas. */
export function readFunctions(body: JsonObject): FunctionDefinition[] | undefined {
  const value = body.functions;
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value))
    throw invalidParam('functions', `'functions' must be an array of function definitions.`);
  if (value.length === 0 || value.length > MAX_FUNCTIONS) {
    throw invalidParam(
      'functions',
      `'functions' must hold 1 to ${MAX_FUNCTIONS} definitions (omit it to send none).`,
    );
  }
  const seen = new Set<string>();
  const budget = { nodes: 0 };
  return value.map((definition, i) => readDefinition(definition, `functions[${i}]`, seen, budget));
}

/** Validates `function_call`: "auto", "none", or {"name"} naming a defined function. */
export function readFunctionCall(
  body: JsonObject,
  functions: FunctionDefinition[] | undefined,
): ChatCompletionRequest['function_call'] | undefined {
  const value = body.function_call;
  if (value === undefined || value === null) return undefined;
  if (value === 'auto' || value === 'none') return value;
  if (isPlainObject(value) && typeof value.name === 'string') {
    if (!functions?.some((f) => f.name === value.name)) {
      throw invalidParam(
        'function_call',
        `'function_call' names '${value.name}', which is not among the defined 'functions'.`,
      );
    }
    return { name: value.name };
  }
  throw invalidParam(
    'function_call',
    `'function_call' must be "auto", "none" or {"name": "<a defined function>"}.`,
  );
}

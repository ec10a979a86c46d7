/**
 * `functions` and `function_call`, and the function definition that `tools` shares. Parameters must
 * have the shape the spec gives (an object schema with `properties` and `required`) and be a valid
 * JSON Schema within the size limits (schema.ts).
 */
import { FUNCTION_NAME_PATTERN, JSON_TYPES, TYPE_SUBSTITUTES } from '../function-rules';
import type { ChatCompletionRequest, FunctionDefinition, FunctionParameters } from '../wire';
import { optionalDescription } from './fields';
import type { Problems } from './problems';
import { checkJsonSchema, type MetaSchemaCheck, type SchemaBudget } from './schema';
import { isAbsent, isPlainObject, type JsonObject } from './values';

export const MAX_FUNCTIONS = 128;

/** What checking several definitions shares: names seen (unique across them) and the schema budget. */
export interface DefinitionsScope {
  seen: Set<string>;
  budget: SchemaBudget;
  metaSchema: MetaSchemaCheck;
}

export const definitionsScope = (metaSchema: MetaSchemaCheck): DefinitionsScope => ({
  seen: new Set(),
  budget: { nodes: 0 },
  metaSchema,
});

function checkType(p: Problems, type: unknown, param: string): void {
  const types = Array.isArray(type) ? type : [type];
  if (types.length === 0 || !types.every((t) => typeof t === 'string' && JSON_TYPES.includes(t)))
    p.add(param, `'${param}' must be one of ${JSON_TYPES.join(', ')} (or an array of them).`);
}

function checkProperty(p: Problems, value: unknown, param: string): void {
  if (!isPlainObject(value)) {
    p.add(param, `'${param}' must be an object such as {"type": "string", "description": "..."}.`);
    return;
  }
  if (value.type !== undefined) checkType(p, value.type, `${param}.type`);
  else if (!TYPE_SUBSTITUTES.some((keyword) => keyword in value))
    p.add(`${param}.type`, `'${param}.type' is required: say what type the property has, e.g. "string".`);
  if (value.description !== undefined && typeof value.description !== 'string')
    p.add(`${param}.description`, `'${param}.description' must be a string.`);
  if (value.enum !== undefined && (!Array.isArray(value.enum) || value.enum.length === 0))
    p.add(`${param}.enum`, `'${param}.enum' must be a non-empty array of allowed values.`);
}

function checkRequired(p: Problems, required: unknown, properties: JsonObject, param: string): void {
  const at = `${param}.required`;
  if (!Array.isArray(required)) {
    p.add(at, `'${at}' must be an array of property names.`);
    return;
  }
  const seen = new Set<string>();
  required.forEach((name: unknown, j) => {
    const entry = `${at}[${j}]`;
    if (typeof name !== 'string' || !Object.hasOwn(properties, name))
      p.add(entry, `'${entry}' must name a property defined in '${param}.properties'.`);
    else if (seen.has(name)) p.add(entry, `'${entry}' repeats '${name}'.`);
    else seen.add(name);
  });
}

/** A function's `parameters`: the spec's shape first; the schema as a whole only once that holds. */
export function checkParameters(
  p: Problems,
  value: unknown,
  param: string,
  scope: DefinitionsScope,
): FunctionParameters | undefined {
  if (!isPlainObject(value))
    return p.add(param, `'${param}' must be a JSON Schema object with type, properties and required.`);
  const before = p.count;
  if (value.type !== 'object') p.add(`${param}.type`, `'${param}.type' must be "object".`);
  const properties = value.properties;
  if (!isPlainObject(properties)) {
    p.add(
      `${param}.properties`,
      `'${param}.properties' must be an object mapping each argument name to its schema.`,
    );
  } else {
    for (const [name, schema] of Object.entries(properties))
      checkProperty(p, schema, `${param}.properties.${name}`);
    if (value.required !== undefined) checkRequired(p, value.required, properties, param);
  }
  if (p.count > before) return undefined;
  checkJsonSchema(p, value, param, scope.budget, scope.metaSchema);
  return p.count > before ? undefined : (value as FunctionParameters);
}

/** One definition: a unique valid name, a string description, parameters of the spec's shape. */
export function checkDefinition(
  p: Problems,
  value: unknown,
  param: string,
  scope: DefinitionsScope,
): FunctionDefinition | undefined {
  if (!isPlainObject(value)) return p.add(param, `'${param}' must be an object with a 'name'.`);
  const before = p.count;
  if (typeof value.name !== 'string' || !FUNCTION_NAME_PATTERN.test(value.name)) {
    p.add(
      `${param}.name`,
      `'${param}.name' must be 1-64 letters, digits, underscores or dashes (${FUNCTION_NAME_PATTERN.source}).`,
    );
  } else if (scope.seen.has(value.name)) {
    p.add(`${param}.name`, `'${param}.name' repeats '${value.name}': function names must be unique.`);
  } else scope.seen.add(value.name);
  const definition: FunctionDefinition = { name: value.name as string };
  const description = optionalDescription(p, value, param);
  if (description !== undefined) definition.description = description;
  if (!isAbsent(value.parameters)) {
    const parameters = checkParameters(p, value.parameters, `${param}.parameters`, scope);
    if (parameters) definition.parameters = parameters;
  }
  return p.count > before ? undefined : definition;
}

/** `functions`: 1-128 definitions with unique names and well-formed parameter schemas. */
export function readFunctions(
  p: Problems,
  body: JsonObject,
  metaSchema: MetaSchemaCheck,
): FunctionDefinition[] | undefined {
  const value = body.functions;
  if (isAbsent(value)) return undefined;
  if (!Array.isArray(value))
    return p.add('functions', `'functions' must be an array of function definitions.`);
  if (value.length === 0 || value.length > MAX_FUNCTIONS)
    return p.add(
      'functions',
      `'functions' must hold 1 to ${MAX_FUNCTIONS} definitions (omit it to send none).`,
    );
  const scope = definitionsScope(metaSchema);
  const before = p.count;
  const definitions = value.map((definition, i) => checkDefinition(p, definition, `functions[${i}]`, scope));
  return p.count > before ? undefined : (definitions as FunctionDefinition[]);
}

/** `function_call`: "auto", "none", or {"name"} naming a defined function. */
export function readFunctionCall(
  p: Problems,
  body: JsonObject,
  functions: readonly FunctionDefinition[] | undefined,
): ChatCompletionRequest['function_call'] | undefined {
  const value = body.function_call;
  if (isAbsent(value)) return undefined;
  if (value === 'auto' || value === 'none') return value;
  if (isPlainObject(value) && typeof value.name === 'string') {
    if (!functions?.some((f) => f.name === value.name))
      return p.add(
        'function_call',
        `'function_call' names '${value.name}', which is not among the defined 'functions'.`,
      );
    return { name: value.name };
  }
  return p.add(
    'function_call',
    `'function_call' must be "auto", "none" or {"name": "<a defined function>"}.`,
  );
}

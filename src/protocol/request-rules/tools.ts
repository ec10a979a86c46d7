/**
 * The tools dialect (a documented superset of the spec, as servers of the format speak it): `tools`
 * (function definitions checked exactly as `functions` are), `tool_choice` and `parallel_tool_calls`.
 * A request speaks one dialect: `tools` with `functions` is refused.
 */
import type { ToolChoice, ToolDefinition } from '../wire';
import { checkDefinition, definitionsScope } from './functions';
import type { Problems } from './problems';
import type { MetaSchemaCheck } from './schema';
import { isAbsent, isPlainObject, type JsonObject } from './values';

const MAX_TOOLS = 128;

export function readTools(
  p: Problems,
  body: JsonObject,
  metaSchema: MetaSchemaCheck,
): ToolDefinition[] | undefined {
  const value = body.tools;
  if (isAbsent(value)) return undefined;
  if (!isAbsent(body.functions)) return p.add('tools', `Send either 'functions' or 'tools', not both.`);
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_TOOLS)
    return p.add(
      'tools',
      `'tools' must be an array of 1 to ${MAX_TOOLS} tools like {"type": "function", "function": {"name": …}} (omit it to send none).`,
    );
  const scope = definitionsScope(metaSchema);
  const before = p.count;
  const tools = value.map((tool: unknown, i): ToolDefinition | undefined => {
    const param = `tools[${i}]`;
    if (!isPlainObject(tool) || tool.type !== 'function')
      return p.add(`${param}.type`, `'${param}.type' must be "function", the only tool type there is.`);
    const definition = checkDefinition(p, tool.function, `${param}.function`, scope);
    const strict = isPlainObject(tool.function) ? tool.function.strict : undefined;
    if (!isAbsent(strict) && typeof strict !== 'boolean')
      return p.add(`${param}.function.strict`, `'${param}.function.strict' must be true or false.`);
    if (!definition) return undefined;
    return {
      type: 'function',
      function: typeof strict === 'boolean' ? { ...definition, strict } : definition,
    };
  });
  return p.count > before ? undefined : (tools as ToolDefinition[]);
}

export function readToolChoice(
  p: Problems,
  body: JsonObject,
  tools: readonly ToolDefinition[] | undefined,
): ToolChoice | undefined {
  const value = body.tool_choice;
  if (isAbsent(value)) return undefined;
  if (!isAbsent(body.function_call))
    return p.add('tool_choice', `Send either 'function_call' or 'tool_choice', not both.`);
  if (value === 'auto' || value === 'none' || value === 'required') return value;
  if (isPlainObject(value) && isPlainObject(value.function) && typeof value.function.name === 'string') {
    const name = value.function.name;
    if (!tools?.some((tool) => tool.function.name === name))
      return p.add('tool_choice', `'tool_choice' names '${name}', which is not among the defined 'tools'.`);
    return { type: 'function', function: { name } };
  }
  return p.add(
    'tool_choice',
    `'tool_choice' must be "auto", "none", "required" or {"type": "function", "function": {"name": "<a defined tool>"}}.`,
  );
}

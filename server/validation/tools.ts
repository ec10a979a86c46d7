/**
 * Validation of the tools dialect (a documented superset of the spec, as servers of the format speak
 * it): `tools` (function definitions checked exactly as `functions` are), `tool_choice` and
 * `parallel_tool_calls`. A request speaks one dialect: `tools` with `functions` is refused.
 */
import type { ToolChoice, ToolDefinition } from '../../src/protocol/wire';
import { invalidParam } from '../http/errors';
import { isPlainObject, optionalBoolean, type JsonObject } from './fields';
import { readDefinition } from './functions';

const MAX_TOOLS = 128;

export function readTools(body: JsonObject): ToolDefinition[] | undefined {
  const value = body.tools;
  if (value === undefined || value === null) return undefined;
  if (body.functions !== undefined && body.functions !== null) {
    throw invalidParam('tools', `Send either 'functions' or 'tools', not both.`);
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_TOOLS) {
    throw invalidParam(
      'tools',
      `'tools' must be an array of 1 to ${MAX_TOOLS} tools like {"type": "function", "function": {"name": …}} (omit it to send none).`,
    );
  }
  const seen = new Set<string>();
  const budget = { nodes: 0 };
  return value.map((tool: unknown, i) => {
    const param = `tools[${i}]`;
    if (!isPlainObject(tool) || tool.type !== 'function') {
      throw invalidParam(`${param}.type`, `'${param}.type' must be "function", the only tool type there is.`);
    }
    const definition = readDefinition(tool.function, `${param}.function`, seen, budget);
    const strict = isPlainObject(tool.function) ? tool.function.strict : undefined;
    if (strict !== undefined && strict !== null && typeof strict !== 'boolean') {
      throw invalidParam(`${param}.function.strict`, `'${param}.function.strict' must be true or false.`);
    }
    return {
      type: 'function',
      function: typeof strict === 'boolean' ? { ...definition, strict } : definition,
    };
  });
}

export function readToolChoice(
  body: JsonObject,
  tools: ToolDefinition[] | undefined,
): ToolChoice | undefined {
  const value = body.tool_choice;
  if (value === undefined || value === null) return undefined;
  if (body.function_call !== undefined && body.function_call !== null) {
    throw invalidParam('tool_choice', `Send either 'function_call' or 'tool_choice', not both.`);
  }
  if (value === 'auto' || value === 'none' || value === 'required') return value;
  if (isPlainObject(value) && isPlainObject(value.function) && typeof value.function.name === 'string') {
    const name = value.function.name;
    if (!tools?.some((tool) => tool.function.name === name)) {
      throw invalidParam(
        'tool_choice',
        `'tool_choice' names '${name}', which is not among the defined 'tools'.`,
      );
    }
    return { type: 'function', function: { name } };
  }
  throw invalidParam(
    'tool_choice',
    `'tool_choice' must be "auto", "none", "required" or {"type": "function", "function": {"name": "<a defined tool>"}}.`,
  );
}

export function readParallelToolCalls(body: JsonObject): boolean | undefined {
  return optionalBoolean(body, 'parallel_tool_calls');
}

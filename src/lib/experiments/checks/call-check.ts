/**
 * `function-call` (also `tool-call`, and promptfoo's `is-valid-openai-function-call` and
 * `is-valid-openai-tools-call`): the reply calls a function, in either dialect (the legacy
 * `function_call` or `tool_calls`), optionally by name, with arguments that are a JSON object valid
 * against a schema (the check's own, else the variant's definition of that function) and holding
 * given values. Several calls in one reply: one that meets everything is enough.
 */
import { MAX_CHECKED_CHARS, quote } from './check-helpers';
import { readSchema, schemaVerdict } from './json-check';
import { deepEqual } from './values';
import type { FunctionCall } from '../../../protocol/wire';
import type { CellReply, CheckKind, GradeContext, Verdict } from './types';

export interface CallValue {
  name?: string;
  /** Values the arguments must hold (a subset: other arguments may be there too). */
  arguments?: Record<string, unknown>;
  schema?: object;
}

/** The calls a reply makes, in either dialect. */
export function replyCalls(reply: CellReply): FunctionCall[] {
  const calls = (reply.tool_calls ?? []).map((call) => call.function);
  if (reply.function_call) calls.unshift(reply.function_call);
  return calls;
}

function judgeCall(call: FunctionCall, value: CallValue, context: GradeContext): Verdict {
  const what = `the arguments of ${call.name}`;
  if (call.arguments.length > MAX_CHECKED_CHARS)
    return { pass: false, unchecked: true, reason: `${what} are more than a check reads` };
  let args: unknown;
  try {
    args = JSON.parse(call.arguments);
  } catch {
    return { pass: false, reason: `${what} are not JSON: ${quote(call.arguments, 60)}` };
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    return { pass: false, reason: `${what} are not a JSON object: ${quote(call.arguments, 60)}` };
  const schema =
    value.schema ?? context.functions?.find((definition) => definition.name === call.name)?.parameters;
  if (schema) {
    const verdict = schemaVerdict(schema, args, what, true);
    if (!verdict.pass) return verdict;
  }
  if (value.arguments && !deepEqual(args, value.arguments, true))
    return {
      pass: false,
      reason: `${call.name} was called with ${quote(call.arguments, 80)}, not holding ${quote(value.arguments)}`,
    };
  const checked = [
    schema ? 'valid against its schema' : '',
    value.arguments ? 'holding the values asked for' : '',
  ]
    .filter((part) => part)
    .join(' and ');
  return {
    pass: true,
    reason: `${call.name} was called with ${quote(call.arguments, 80)}${checked ? `, ${checked}` : ''}`,
  };
}

function callKind(type: string): CheckKind<CallValue> {
  return {
    type,
    summary:
      'The reply calls a function (either dialect): `value` is its name, or {"name", "arguments" (values it must hold), "schema"}; the arguments are checked against the schema, else the variant\'s definition.',
    read: (spec, path, issues) => {
      const value = spec.value;
      if (value === undefined || value === null) return {};
      if (typeof value === 'string') return value === '' ? {} : { name: value };
      if (typeof value !== 'object' || Array.isArray(value)) {
        issues.push({ path, reason: 'must be a function name or {"name", "arguments", "schema"}' });
        return undefined;
      }
      const record = value as Record<string, unknown>;
      const read: CallValue = {};
      for (const key of Object.keys(record))
        if (!['name', 'arguments', 'schema'].includes(key))
          issues.push({ path: `${path}.${key}`, reason: 'is not a known field (name, arguments, schema)' });
      if (record.name !== undefined) {
        if (typeof record.name !== 'string')
          issues.push({ path: `${path}.name`, reason: 'must be a string' });
        else read.name = record.name;
      }
      if (record.arguments !== undefined) {
        const args = record.arguments;
        if (typeof args !== 'object' || args === null || Array.isArray(args))
          issues.push({ path: `${path}.arguments`, reason: 'must be an object of the values to find' });
        else read.arguments = args as Record<string, unknown>;
      }
      if (record.schema !== undefined) {
        const schema = readSchema(record.schema, `${path}.schema`, issues);
        if (schema) read.schema = schema;
      }
      return read;
    },
    // `function-call:get_weather`, or the whole value as JSON: `function-call:{"name": …, "arguments": …}`.
    fromCell: (text) => {
      const cell = text.trim();
      if (!cell.startsWith('{')) return cell;
      try {
        return JSON.parse(cell) as unknown;
      } catch {
        return cell; // read() then says it is no name
      }
    },
    grade: (value, reply, _outcome, context) => {
      const calls = replyCalls(reply);
      if (calls.length === 0)
        return {
          pass: false,
          reason: `no function was called (finish_reason ${quote(reply.finish_reason ?? null)})`,
        };
      const named = value.name === undefined ? calls : calls.filter((call) => call.name === value.name);
      if (named.length === 0)
        return {
          pass: false,
          reason: `${quote(value.name)} was not called; the reply called ${calls.map((c) => quote(c.name, 40)).join(', ')}`,
        };
      let first: Verdict | null = null;
      for (const call of named) {
        const verdict = judgeCall(call, value, context);
        if (verdict.pass) return verdict;
        first ??= verdict;
      }
      return first!;
    },
  };
}

export const callChecks: CheckKind<CallValue>[] = [
  callKind('function-call'),
  callKind('tool-call'),
  callKind('is-valid-openai-function-call'),
  callKind('is-valid-openai-tools-call'),
];

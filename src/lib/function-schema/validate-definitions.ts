import type { FunctionDefinition } from '../../protocol/wire';
import { JSON_TYPES, TYPE_SUBSTITUTES } from '../../protocol/function-rules';
import { functionNameProblem } from './function-name';
import { joinPath, parseJson, positionAt, type TextPosition, type ValueSpan } from './parse-json';
import type { DefinitionProblem, DefinitionsCheck } from './definitions-check';
import { schemaChecker, schemaCheckerPending } from './schema-checker';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

class Collector {
  readonly problems: DefinitionProblem[] = [];
  /** Set when a `parameters` schema could not be checked yet (see DefinitionsCheck.pending). */
  pending: string | null = null;
  constructor(
    private readonly text: string,
    private readonly spans: Map<string, ValueSpan>,
  ) {}

  /** Adds a problem at the nearest located ancestor of `path` (a missing key points at its object). */
  add(path: string, message: string, atKey = false): void {
    let probe = path;
    let span = this.spans.get(probe);
    while (!span && probe !== '') {
      const parent = probe.replace(/(\.[^.[\]]+|\[[^\]]*\])$/, '');
      probe = parent === probe ? '' : parent;
      span = this.spans.get(probe);
    }
    const from = span ? (atKey && span.keyFrom !== undefined ? span.keyFrom : span.from) : 0;
    const to = span ? Math.max(from + 1, Math.min(span.to, from + 200)) : Math.min(1, this.text.length);
    const where: TextPosition = positionAt(this.text, from);
    this.problems.push({ path, message: `${path || 'definitions'}: ${message}`, from, to, line: where.line });
  }
}

function checkProperty(c: Collector, value: unknown, path: string): void {
  if (!isObject(value)) {
    c.add(path, 'must be an object such as {"type": "string", "description": "..."}.');
    return;
  }
  if (value.type !== undefined) {
    const types = Array.isArray(value.type) ? value.type : [value.type];
    if (types.length === 0 || !types.every((t) => typeof t === 'string' && JSON_TYPES.includes(t)))
      c.add(joinPath(path, 'type'), `must be one of ${JSON_TYPES.join(', ')}.`);
  } else if (!TYPE_SUBSTITUTES.some((k) => k in value)) {
    c.add(path, 'needs a "type", e.g. "string".', true);
  }
  if (value.description !== undefined && typeof value.description !== 'string')
    c.add(joinPath(path, 'description'), 'must be a string.');
  if (value.enum !== undefined && (!Array.isArray(value.enum) || value.enum.length === 0))
    c.add(joinPath(path, 'enum'), 'must be a non-empty array of allowed values.');
}

function checkParameters(c: Collector, value: unknown, path: string): void {
  if (!isObject(value)) {
    c.add(path, 'must be a JSON Schema object with "type": "object", "properties" and "required".');
    return;
  }
  if (value.type !== 'object') c.add(joinPath(path, 'type'), 'must be "object".');
  const properties = value.properties;
  if (!isObject(properties)) {
    c.add(joinPath(path, 'properties'), 'must be an object mapping each argument name to its schema.');
  } else {
    for (const [name, schema] of Object.entries(properties))
      checkProperty(c, schema, joinPath(joinPath(path, 'properties'), name));
  }
  if (value.required !== undefined) {
    const requiredPath = joinPath(path, 'required');
    if (!Array.isArray(value.required)) c.add(requiredPath, 'must be an array of property names.');
    else
      value.required.forEach((name: unknown, i) => {
        if (typeof name !== 'string' || !isObject(properties) || !Object.hasOwn(properties, name))
          c.add(joinPath(requiredPath, i), `names ${JSON.stringify(name)}, which is not in "properties".`);
      });
  }
  const checker = schemaChecker();
  if (!checker) {
    c.pending = schemaCheckerPending('the function definitions');
    return;
  }
  const { ajv } = checker;
  if (!ajv.validateSchema(value)) {
    for (const error of ajv.errors ?? []) {
      const inner = error.instancePath.split('/').slice(1).reduce<string>(joinPathPart, path);
      c.add(inner, `is not valid JSON Schema: ${error.message ?? 'invalid'}.`);
    }
    return;
  }
  try {
    ajv.compile(value);
  } catch (error) {
    c.add(
      path,
      `is not a usable JSON Schema: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}.`,
    );
  } finally {
    ajv.removeSchema(value);
  }
}

function joinPathPart(base: string, part: string): string {
  return /^\d+$/.test(part) ? joinPath(base, Number(part)) : joinPath(base, part);
}

function checkDefinition(c: Collector, value: unknown, i: number, seen: Map<string, number>): void {
  const path = joinPath('', i);
  if (!isObject(value)) {
    c.add(path, 'must be an object with "name", "description" and "parameters".');
    return;
  }
  const nameProblem = functionNameProblem(value.name);
  if (nameProblem) c.add(value.name === undefined ? path : joinPath(path, 'name'), nameProblem, true);
  else if (typeof value.name === 'string') {
    const first = seen.get(value.name);
    if (first !== undefined)
      c.add(
        joinPath(path, 'name'),
        `repeats the name '${value.name}' of definition [${first}]; names must be unique.`,
      );
    else seen.set(value.name, i);
  }
  if (value.description !== undefined && typeof value.description !== 'string')
    c.add(joinPath(path, 'description'), 'must be a string.');
  if (value.parameters !== undefined) checkParameters(c, value.parameters, joinPath(path, 'parameters'));
  for (const key of Object.keys(value))
    if (!['name', 'description', 'parameters'].includes(key))
      c.add(
        joinPath(path, key),
        `"${key}" is not a field of a function definition (name, description, parameters).`,
        true,
      );
}

/**
 * Checks the text of a definitions editor: JSON syntax (with the error's position), the spec's shape
 * for each definition, valid and unique names, and each `parameters` schema with Ajv. Every problem
 * carries offsets so an editor can mark its line.
 */
export function validateDefinitions(text: string): DefinitionsCheck {
  if (text.trim() === '') return { definitions: [], problems: [], pending: null };
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const { offset, line, column } = parsed.position;
    return {
      definitions: null,
      problems: [
        {
          path: '',
          message: `JSON syntax error at line ${line}, column ${column}: ${parsed.message}.`,
          from: Math.min(offset, Math.max(0, text.length - 1)),
          to: Math.min(offset + 1, text.length),
          line,
        },
      ],
      pending: null,
    };
  }
  const c = new Collector(text, parsed.spans);
  const value = parsed.value;
  if (!Array.isArray(value)) {
    c.add('', 'must be a JSON array of function definitions: [{"name": …}, …].');
    return { definitions: null, problems: c.problems, pending: null };
  }
  const seen = new Map<string, number>();
  value.forEach((definition, i) => checkDefinition(c, definition, i, seen));
  return {
    definitions: c.problems.length === 0 && c.pending === null ? (value as FunctionDefinition[]) : null,
    problems: c.problems,
    pending: c.pending,
  };
}

import type { FunctionDefinition } from '../../protocol/wire';
import {
  checkDefinition,
  definitionsScope,
  runRules,
  type MetaSchemaCheck,
} from '../../protocol/request-rules';
import { metaSchemaCheckOf } from './meta-schema';
import { joinPath, parseJson, positionAt, type TextPosition, type ValueSpan } from './parse-json';
import type { DefinitionProblem, DefinitionsCheck } from './definitions-check';
import { schemaChecker, schemaCheckerPending } from './schema-checker';

class Collector {
  readonly problems: DefinitionProblem[] = [];
  /** Set when a `parameters` schema could not be checked yet (see DefinitionsCheck.pending). */
  pending: string | null = null;
  constructor(
    private readonly text: string,
    private readonly spans: Map<string, ValueSpan>,
  ) {}

  /** Adds a problem at the nearest located ancestor of `path` (a missing key points at its object). */
  add(path: string, message: string, atKey = false, named = false): void {
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
    const text = named ? message : `${path || 'definitions'}: ${message}`;
    this.problems.push({ path, message: text, from, to, line: where.line });
  }
}

/** The fields of a definition the editor holds; the service ignores others, the editor names them. */
const DEFINITION_FIELDS = ['name', 'description', 'parameters'];

/** A checker to give the rules: the loaded Ajv, or while it loads, none (the check is then pending). */
function metaSchemaFor(c: Collector): MetaSchemaCheck {
  const checker = schemaChecker();
  if (checker) return metaSchemaCheckOf(checker);
  return () => {
    c.pending = schemaCheckerPending('the function definitions');
    return [];
  };
}

/**
 * The editor's own rule beyond the request's: a schema the page will check arguments with must
 * compile (the service only checks it against the meta-schema).
 */
function checkCompiles(c: Collector, parameters: unknown, path: string): void {
  const checker = schemaChecker();
  if (!checker || typeof parameters !== 'object' || parameters === null) return;
  const { ajv } = checker;
  try {
    ajv.compile(parameters);
  } catch (error) {
    c.add(
      path,
      `is not a usable JSON Schema: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}.`,
    );
  } finally {
    ajv.removeSchema(parameters);
  }
}

/** The definitions held to the request rules' function rules (protocol/request-rules), every problem listed. */
function checkDefinitions(c: Collector, definitions: readonly unknown[]): void {
  const scope = definitionsScope(metaSchemaFor(c));
  const { problems } = runRules(Number.POSITIVE_INFINITY, (p) => {
    definitions.forEach((definition, i) => {
      const before = p.count;
      checkDefinition(p, definition, joinPath('', i), scope);
      const parameters = (definition as { parameters?: unknown } | null)?.parameters;
      if (p.count === before && parameters != null)
        checkCompiles(c, parameters, joinPath(joinPath('', i), 'parameters'));
    });
    return null;
  });
  // The rules' messages name their place themselves.
  for (const { param, message, at } of problems) c.add(at ?? param ?? '', message, false, true);
  definitions.forEach((definition, i) => {
    if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) return;
    for (const key of Object.keys(definition))
      if (!DEFINITION_FIELDS.includes(key))
        c.add(
          joinPath(joinPath('', i), key),
          `"${key}" is not a field of a function definition (name, description, parameters).`,
          true,
        );
  });
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
  checkDefinitions(c, value);
  return {
    definitions: c.problems.length === 0 && c.pending === null ? (value as FunctionDefinition[]) : null,
    problems: c.problems,
    pending: c.pending,
  };
}

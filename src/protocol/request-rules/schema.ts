/**
 * Any JSON Schema a request carries (function parameters, a `json_schema` reply format): within
 * size limits, valid by the meta-schema, and with every `pattern` a regular expression. The service
 * walks these schemas and the reference engine fills arguments from them, so their size is bounded
 * before any of that work starts.
 */
import type { Problems } from './problems';
import type { JsonObject } from './values';

/** Schema objects (every `{…}` inside the schemas) across all of one request's functions. */
export const MAX_SCHEMA_NODES = 10_000;
/** Values of one `enum`. */
export const MAX_ENUM_VALUES = 1_000;

/**
 * The meta-schema check, brought by the caller: Ajv is about 84 KB gzipped, which the page fetches
 * only when it has schemas to check, so the rules do not import it. Empty when the schema is valid.
 */
export type MetaSchemaCheck = (schema: JsonObject) => readonly { instancePath: string; message?: string }[];

/** Shared by every schema of one request: the node limit is for the request, not for each schema. */
export interface SchemaBudget {
  nodes: number;
}

/** Counts schema objects into `budget` and checks every `enum`; false once a limit is crossed. */
function checkSize(p: Problems, schema: unknown, param: string, budget: SchemaBudget): boolean {
  const stack: { value: unknown; path: string }[] = [{ value: schema, path: param }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: `${path}[${i}]` }));
      continue;
    }
    budget.nodes += 1;
    if (budget.nodes > MAX_SCHEMA_NODES) {
      p.add(
        path,
        `The function schemas of this request hold more than ${MAX_SCHEMA_NODES} schema objects (the limit is crossed at '${path}'). Send fewer or smaller functions.`,
      );
      return false;
    }
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.enum) && record.enum.length > MAX_ENUM_VALUES) {
      p.add(
        `${path}.enum`,
        `'${path}.enum' lists ${record.enum.length} values; at most ${MAX_ENUM_VALUES} are accepted. Use a string with a description instead.`,
      );
      return false;
    }
    for (const [key, item] of Object.entries(record)) stack.push({ value: item, path: `${path}.${key}` });
  }
  return true;
}

/** Keywords whose values are data, not schemas: a "pattern" key inside them is not a keyword. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);

/** Every `pattern` must compile, as JSON Schema's regular expressions (ECMA-262, Unicode). */
function checkPatterns(p: Problems, schema: unknown, param: string): void {
  const stack: { value: unknown; path: string }[] = [{ value: schema, path: param }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, item] of Object.entries(value)) {
      if (key === 'pattern' && typeof item === 'string' && !Array.isArray(value)) {
        try {
          new RegExp(item, 'u');
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          p.add(`${path}.pattern`, `'${path}.pattern' is not a valid regular expression: ${reason}.`);
        }
      }
      if (!DATA_KEYWORDS.has(key))
        stack.push({ value: item, path: Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}` });
    }
  }
}

/** A JSON pointer inside the schema at `param` as a path: `/properties/n/minimum` → `param.properties.n.minimum`. */
function pathOf(param: string, pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : `${path}.${part}`), param);
}

/** Size first (nothing larger is walked further), then the meta-schema, then the patterns. */
export function checkJsonSchema(
  p: Problems,
  value: JsonObject,
  param: string,
  budget: SchemaBudget,
  metaSchema: MetaSchemaCheck,
): void {
  if (!checkSize(p, value, param, budget)) return;
  const errors = metaSchema(value);
  for (const error of errors) {
    const where = error.instancePath ? ` at ${error.instancePath}` : '';
    p.add(
      param,
      `'${param}' is not a valid JSON Schema: ${error.message ?? 'invalid'}${where}.`,
      pathOf(param, error.instancePath),
    );
  }
  if (errors.length === 0) checkPatterns(p, value, param);
}

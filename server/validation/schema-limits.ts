/**
 * Size limits on the JSON Schemas a request brings (function parameters). The service walks these
 * schemas and the reference engine fills arguments from them, so their size is bounded before any of
 * that work starts. Depth is bounded for the whole body already (http/json-depth.ts).
 */
import { invalidParam } from '../http/errors';

/** Schema objects (every `{…}` inside `parameters`) across all of one request's functions. */
export const MAX_SCHEMA_NODES = 10_000;
/** Values of one `enum`. */
export const MAX_ENUM_VALUES = 1_000;

/** Counts schema objects into `budget` and checks every `enum`; throws a 400 naming the path that crosses a limit. */
export function checkSchemaSize(schema: unknown, param: string, budget: { nodes: number }): void {
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
      throw invalidParam(
        path,
        `The function schemas of this request hold more than ${MAX_SCHEMA_NODES} schema objects (the limit is crossed at '${path}'). Send fewer or smaller functions.`,
      );
    }
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.enum) && record.enum.length > MAX_ENUM_VALUES) {
      throw invalidParam(
        `${path}.enum`,
        `'${path}.enum' lists ${record.enum.length} values; at most ${MAX_ENUM_VALUES} are accepted. Use a string with a description instead.`,
      );
    }
    for (const [key, item] of Object.entries(record)) stack.push({ value: item, path: `${path}.${key}` });
  }
}

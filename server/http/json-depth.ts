/**
 * How deeply a parsed request body nests. Everything downstream (validation, schema walks, the
 * reference engine's request key) recurses over the body, and a body of 10,000 nested arrays made
 * `JSON.stringify` overflow the stack: a 500 for client input. The walk here is iterative, so the
 * check itself cannot overflow, and it stops at the first value nested too deep.
 */
import { invalidParam } from './errors';

/** Deepest nesting accepted in a JSON body: far more than any function schema needs. */
export const MAX_JSON_DEPTH = 64;

/** The path of the first value nested deeper than `limit` (as `param` names it), or null. */
export function findTooDeep(value: unknown, limit: number = MAX_JSON_DEPTH): string | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const top = stack.pop()!;
    if (typeof top.value !== 'object' || top.value === null) continue;
    if (top.depth >= limit) return top.path;
    if (Array.isArray(top.value)) {
      top.value.forEach((item, i) =>
        stack.push({ value: item, depth: top.depth + 1, path: `${top.path}[${i}]` }),
      );
    } else {
      for (const [key, item] of Object.entries(top.value)) {
        const path = top.path === '' ? key : `${top.path}.${key}`;
        stack.push({ value: item, depth: top.depth + 1, path });
      }
    }
  }
  return null;
}

/** Throws a 400 naming the first value of `body` nested deeper than MAX_JSON_DEPTH. */
export function assertJsonDepth(body: unknown): void {
  const path = findTooDeep(body);
  if (path === null) return;
  const shown = path.length > 500 ? `${path.slice(0, 500)}…` : path;
  throw invalidParam(
    shown,
    `The request nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep (at '${shown}'). Flatten it: no parameter of this API needs that depth.`,
  );
}

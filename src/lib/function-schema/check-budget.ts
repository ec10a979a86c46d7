/**
 * How much work a schema check may cost before it runs, counted, not timed: a check runs on the
 * page's main thread, synchronously inside a render, so it is refused before it starts rather than
 * stopped half way. Counting gives the same answer on every machine and in every test.
 *
 * Ajv's work is at most (schema parts applied) × (value parts), once `$ref`s are unfolded: a reply
 * of a few KB against a small schema is thousands of steps; shared `$ref`s can multiply a small
 * schema (each level's `anyOf` naming the next level twice doubles it), which unfolding counts.
 */

/** Characters of strings and keys in a value checked in the page (about its size as JSON). */
export const MAX_VALUE_CHARS = 2_000_000;
/** Values, objects and arrays in a value checked in the page; counting stops past it. */
export const MAX_VALUE_PARTS = 1_000_000;
/**
 * Schema parts once `$ref`s are unfolded (recursive ones as deep as the value goes). Ajv compiles
 * in one piece, at about half a millisecond a part on a busy machine: 1,500 is well under a second,
 * and ten times what a function's parameters usually hold.
 */
export const MAX_SCHEMA_PARTS = 1_500;
/**
 * Schema parts × value parts, plus `uniqueItems`' pairwise comparisons (each costing about as
 * much as UNIQUE_PAIR_STEPS). A step is mostly a keyword that does not apply: the budget is some
 * tens of milliseconds of Ajv, a pairwise comparison a good deal more.
 */
export const MAX_CHECK_STEPS = 20_000_000;
const UNIQUE_PAIR_STEPS = 10;

export interface ValueSize {
  /** Objects, arrays and scalars. */
  parts: number;
  chars: number;
  depth: number;
  longestArray: number;
}

/** Counts `value`, stopping once it has more parts than the page checks (the figures are then lower bounds). */
export function measureValue(value: unknown): ValueSize {
  const size: ValueSize = { parts: 0, chars: 0, depth: 0, longestArray: 0 };
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0 && size.parts <= MAX_VALUE_PARTS) {
    const [node, depth] = stack.pop()!;
    size.parts++;
    if (depth > size.depth) size.depth = depth;
    if (typeof node === 'string') size.chars += node.length;
    else if (Array.isArray(node)) {
      if (node.length > size.longestArray) size.longestArray = node.length;
      for (const item of node as unknown[]) stack.push([item, depth + 1]);
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        size.chars += key.length;
        stack.push([item, depth + 1]);
      }
    }
  }
  return size;
}

function resolvePointer(root: unknown, ref: string): unknown {
  // Only this schema's own JSON pointers can be followed; any other reference (an $id, an anchor)
  // is counted as the whole schema, which is never less than what it names.
  if (!ref.startsWith('#/')) return root;
  let node = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return root;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

const REF_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef'];

/**
 * The schema's parts with every reference unfolded in place; a reference back into itself is
 * unfolded once per level of `depth` (the value cannot be entered deeper). Stops past `limit`.
 */
export function unfoldedSchemaParts(schema: unknown, depth: number, limit = MAX_SCHEMA_PARTS): number {
  let count = 0;
  const open = new Set<unknown>();
  const visit = (node: unknown, reentries: number): void => {
    if (count > limit) return;
    count++;
    if (typeof node !== 'object' || node === null) return;
    for (const [key, item] of Object.entries(node)) {
      if (REF_KEYWORDS.includes(key) && typeof item === 'string' && !Array.isArray(node)) {
        const target = resolvePointer(schema, item);
        const cycle = open.has(target);
        if (cycle && reentries >= depth) continue;
        const wasOpen = cycle;
        open.add(target);
        visit(target, cycle ? reentries + 1 : reentries);
        if (!wasOpen) open.delete(target);
      } else visit(item, reentries);
    }
  };
  open.add(schema);
  visit(schema, 0);
  return count;
}

function megabytes(chars: number): string {
  return `${Number((chars / 1_000_000).toFixed(1))} MB`;
}

/**
 * Why checking a value of `size` against a schema of `parts` (unfolded to the value's depth) would
 * cost too much for the page, or null when it will not. `uniqueItems` compares items pairwise.
 * The sentence speaks of the value as "it": the caller names it.
 */
export function overBudget(size: ValueSize, parts: number, uniqueItems: boolean): string | null {
  if (size.parts > MAX_VALUE_PARTS)
    return `it has more than ${count(MAX_VALUE_PARTS)} parts (values, objects and arrays), more than checked in the page`;
  if (size.chars > MAX_VALUE_CHARS)
    return `it is ${megabytes(size.chars)}, larger than the ${megabytes(MAX_VALUE_CHARS)} checked in the page`;
  if (parts > MAX_SCHEMA_PARTS) return schemaTooLarge();
  const steps = (uniqueItems ? UNIQUE_PAIR_STEPS * size.longestArray ** 2 : 0) + parts * size.parts;
  if (steps > MAX_CHECK_STEPS)
    return `checking its ${count(size.parts)} parts against the schema's ${count(parts)} (its $refs followed) is about ${count(steps)} steps, more than the ${count(MAX_CHECK_STEPS)} checked in the page`;
  return null;
}

/** Why a schema is not even compiled: past MAX_SCHEMA_PARTS once unfolded. */
export function schemaTooLarge(): string {
  return `the schema, its $refs followed, has more than ${count(MAX_SCHEMA_PARTS)} parts, more than checked in the page`;
}

const count = (n: number): string => n.toLocaleString('en');

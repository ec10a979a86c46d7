/** Comparing JSON values, as checks on JSON replies and call arguments need. */

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether `actual` equals `expected` as JSON values (key order aside). With `subset`, objects in
 * `expected` need only their own keys to be in `actual` (at any depth): `{"city": "Paris"}` matches
 * arguments that also give a unit. Recursion follows `expected`, whose depth the readers bound.
 */
export function deepEqual(actual: unknown, expected: unknown, subset: boolean): boolean {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return false;
    return expected.every((item, i) => deepEqual(actual[i], item, subset));
  }
  if (isObject(expected)) {
    if (!isObject(actual)) return false;
    const keys = Object.keys(expected);
    if (!subset && Object.keys(actual).length !== keys.length) return false;
    return keys.every((key) => Object.hasOwn(actual, key) && deepEqual(actual[key], expected[key], subset));
  }
  return Object.is(actual, expected) || (actual === 0 && expected === 0);
}

/** How deeply a value nests (a scalar is 1), counted without recursion; stops counting past `limit`. */
export function valueDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    if (typeof node === 'object' && node !== null)
      for (const item of Object.values(node)) stack.push([item, depth + 1]);
  }
  return deepest;
}

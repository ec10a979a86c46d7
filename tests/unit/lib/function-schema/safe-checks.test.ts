/**
 * Schemas from outside cannot freeze the page: patterns run on a linear-time engine (RE2), a
 * check that would cost too much is abandoned before it starts and says why, and one schema is
 * compiled once however many values are checked against it. Bounded by counting, never by a clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkArguments, checkParsed, loadSchemaChecker } from '../../../../src/lib/function-schema';
import { checkWithSchema, compileCount } from '../../../../src/lib/function-schema/ajv-instance';
import { MAX_CHECK_STEPS, MAX_SCHEMA_PARTS } from '../../../../src/lib/function-schema/check-budget';
import { checkJsonReply } from '../../../../src/lib/compare/json-reply';
import { checkAgainstSchema } from '../../../../src/features/chat/json-mode/check-against-schema';
import type { FunctionDefinition } from '../../../../src/protocol/wire';

beforeAll(() => loadSchemaChecker());

const EVIL = '^(a+)+$';
const hostile = 'a'.repeat(50) + 'b';
const withPattern = (pattern: string) => ({
  type: 'object',
  properties: { s: { type: 'string', pattern } },
});
const define = (parameters: object): FunctionDefinition => ({
  name: 'f',
  parameters: parameters as NonNullable<FunctionDefinition['parameters']>,
});
const jsonSchema = (schema: Record<string, unknown>) => ({
  type: 'json_schema' as const,
  json_schema: { name: 'x', schema },
});

describe('a catastrophic pattern', () => {
  it('in function parameters is checked to the end, both ways', () => {
    const bad = checkArguments(JSON.stringify({ s: hostile }), define(withPattern(EVIL)));
    expect(bad).toMatchObject({ kind: 'parsed', checked: true });
    expect(bad.kind === 'parsed' && bad.violations).toEqual([
      { path: 's', message: `must match pattern "${EVIL}"` },
    ]);
    const good = checkArguments(JSON.stringify({ s: 'a'.repeat(50) }), define(withPattern(EVIL)));
    expect(good).toMatchObject({ kind: 'parsed', checked: true, violations: [] });
  });

  it('in a json_schema reply format is checked to the end, in compare and in chat', () => {
    const reply = JSON.stringify({ s: hostile });
    const compared = checkJsonReply(reply, jsonSchema(withPattern(EVIL)), false);
    expect(compared).toMatchObject({ kind: 'parsed', checked: true, violations: [{ path: 's' }] });
    const chat = checkAgainstSchema(JSON.stringify(withPattern(EVIL)), { s: hostile });
    expect(chat).toMatchObject({ kind: 'checked', violations: [{ path: 's' }] });
    expect(checkAgainstSchema(JSON.stringify(withPattern(EVIL)), { s: 'aaaa' })).toEqual({
      kind: 'checked',
      violations: [],
    });
  });

  it('as a patternProperties name is matched linearly too', () => {
    const schema = { type: 'object', patternProperties: { [EVIL]: { type: 'number' } } };
    expect(checkWithSchema(schema, { [hostile]: 'not a number' })).toEqual({
      status: 'checked',
      violations: [],
    });
    expect(checkWithSchema(schema, { aaaa: 'not a number' })).toMatchObject({
      status: 'checked',
      violations: [{ path: 'aaaa', message: 'must be number' }],
    });
  });
});

describe('a pattern RE2 cannot run', () => {
  it('is never handed to the backtracking engine: a lookahead the value reaches leaves it unchecked, and says so', () => {
    const lookahead = define(withPattern('^(?=.*[0-9]).+$'));
    const check = checkArguments('{"s": "abc1"}', lookahead);
    expect(check).toMatchObject({ kind: 'parsed', checked: false, abandoned: true, violations: [] });
    expect(check.kind === 'parsed' && check.note).toBe(
      'The arguments were not checked against the schema: the schema\'s pattern "^(?=.*[0-9]).+$" uses a lookahead or lookbehind, which cannot be checked safely in the page.',
    );
    // A value that never meets the pattern is checked in full.
    expect(checkArguments('{}', lookahead)).toMatchObject({ kind: 'parsed', checked: true, violations: [] });
    expect(checkArguments('{"s": 3}', lookahead)).toMatchObject({
      checked: true,
      violations: [{ path: 's', message: 'must be string' }],
    });
  });

  it('names a backreference, in the chat reply check as well', () => {
    const chat = checkAgainstSchema(JSON.stringify(withPattern('^(a)\\1$')), { s: 'aa' });
    expect(chat).toEqual({
      kind: 'abandoned',
      message:
        'The reply was not checked against the schema: the schema\'s pattern "^(a)\\\\1$" uses a backreference, which cannot be checked safely in the page.',
    });
  });

  it('is still a schema that does not compile when it is not a valid pattern at all', () => {
    expect(checkWithSchema(withPattern('('), { s: 'x' })).toMatchObject({ status: 'not-compiled' });
  });
});

describe('ordinary patterns', () => {
  it.each([
    ['^[a-z]+$', 'hello', 'Hello'],
    ['^\\p{L}+$', 'héllo', 'h3llo'],
    ['^\\u00e9t\\u00e9$', 'été', 'ete'],
    ['^\\d{3}-\\d{4}$', '555-1234', '555-12345'],
    ['^(?<user>\\w+)@example\\.com$', 'ann@example.com', 'ann@example.org'],
  ])('%s passes %s and refuses %s', (pattern, valid, invalid) => {
    expect(checkWithSchema(withPattern(pattern), { s: valid })).toEqual({
      status: 'checked',
      violations: [],
    });
    expect(checkWithSchema(withPattern(pattern), { s: invalid })).toEqual({
      status: 'checked',
      violations: [{ path: 's', message: `must match pattern "${pattern}"` }],
    });
  });
});

describe('compiled validators', () => {
  it('are kept by what the schema says: 5,000 checks against one schema compile it once', () => {
    const text = JSON.stringify({
      type: 'object',
      properties: { city: { type: 'string', pattern: '^[A-Z]' }, n: { type: 'integer' } },
      required: ['city'],
    });
    const before = compileCount();
    for (let i = 0; i < 5000; i++) {
      // Each card parses its schema afresh: a new object every time, and keys in another order.
      const schema = i % 2 ? JSON.parse(text) : { required: ['city'], ...JSON.parse(text) };
      const result = checkWithSchema(schema, { city: i % 3 ? 'Paris' : 'paris', n: i });
      expect(result.status === 'checked' && result.violations.length).toBe(i % 3 ? 0 : 1);
    }
    expect(compileCount() - before).toBe(1);
  });

  it('are bounded: a page that meets many schemas keeps only the recent ones', () => {
    const schema = (i: number) => ({ type: 'object', properties: { [`p${i}`]: { type: 'string' } } });
    const before = compileCount();
    for (let i = 0; i < 200; i++) checkWithSchema(schema(i), {});
    checkWithSchema(schema(199), {});
    expect(compileCount() - before).toBe(200);
    checkWithSchema(schema(0), {}); // long gone: compiled again
    expect(compileCount() - before).toBe(201);
  });
});

describe('a check that would cost too much', () => {
  it('is abandoned before it starts when the value is too large, and says how large', () => {
    // A value, not its text: parsing 3 MB is the parser's business, and slow on a busy machine.
    const check = checkParsed(
      { s: 'x'.repeat(3_000_000) },
      { type: 'object', properties: { s: { type: 'string', maxLength: 5 } } },
      () => 'not expected',
      'the reply',
    );
    expect(check).toMatchObject({ kind: 'parsed', checked: false, abandoned: true, violations: [] });
    expect(check.note).toBe(
      'The reply was not checked against the schema: it is 3 MB, larger than the 2 MB checked in the page.',
    );
  });

  it('is abandoned, never compiled, when shared $refs unfold a small schema into millions of parts', () => {
    // Each level names the next twice: 40 levels are 2^40 paths for one small value.
    const defs: Record<string, object> = { l40: { type: 'string' } };
    for (let i = 0; i < 40; i++)
      defs[`l${i}`] = { anyOf: [{ $ref: `#/$defs/l${i + 1}` }, { $ref: `#/$defs/l${i + 1}` }] };
    const before = compileCount();
    const result = checkWithSchema({ $defs: defs, $ref: '#/$defs/l0' }, 3);
    expect(result).toEqual({
      status: 'abandoned',
      reason: `the schema, its $refs followed, has more than ${MAX_SCHEMA_PARTS.toLocaleString('en')} parts, more than checked in the page`,
    });
    expect(compileCount()).toBe(before);
  });

  it('is abandoned when value × schema is past the step budget, and counts the steps it refused', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [`p${i}`, { type: 'string' }]),
    );
    const schema = { type: 'array', items: { type: 'object', properties } };
    const value = Array.from({ length: 30_000 }, () => ({ p1: 'x' }));
    const result = checkWithSchema(schema, value);
    expect(result.status).toBe('abandoned');
    const steps =
      result.status === 'abandoned'
        ? Number(/about ([\d,]+) steps/.exec(result.reason)![1]!.replace(/,/g, ''))
        : 0;
    expect(steps).toBeGreaterThan(MAX_CHECK_STEPS);
    // The same schema against an ordinary value is checked.
    expect(checkWithSchema(schema, value.slice(0, 100))).toEqual({ status: 'checked', violations: [] });
  });

  it('a schema that names itself without going deeper stops with a reason, not a crash', () => {
    const result = checkWithSchema({ allOf: [{ $ref: '#' }] }, { a: 1 });
    expect(result.status).not.toBe('checked');
  });
});

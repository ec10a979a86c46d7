import { beforeAll, describe, expect, it } from 'vitest';
import { checkArguments, FUNCTION_TEMPLATES } from '../../../../src/lib/function-schema';
import { loadSchemaChecker } from '../../../../src/lib/function-schema';

// Ajv is fetched on first need; these tests check what it finds once here (schema-checker.test.ts: before).
beforeAll(() => loadSchemaChecker());

const weather = FUNCTION_TEMPLATES[0]!.definition;

describe('checkArguments', () => {
  it('passes arguments that satisfy the parameters schema', () => {
    const check = checkArguments('{"city": "Paris", "unit": "celsius"}', weather);
    expect(check).toMatchObject({ kind: 'parsed', violations: [], checked: true });
  });

  it('lists each violation with its path', () => {
    const check = checkArguments('{"unit": "kelvin", "city": 3}', weather);
    expect(check.kind).toBe('parsed');
    if (check.kind !== 'parsed') return;
    expect(check.violations).toEqual(
      expect.arrayContaining([
        { path: 'city', message: 'must be string' },
        { path: 'unit', message: 'must be one of "celsius", "fahrenheit"' },
      ]),
    );
  });

  it('names a missing required argument by its path', () => {
    const check = checkArguments('{}', weather);
    expect(check.kind === 'parsed' && check.violations).toEqual([
      { path: 'city', message: 'is required but missing' },
    ]);
  });

  it('shows invalid JSON raw with the parse error position', () => {
    const check = checkArguments('{"city": "Par', weather);
    expect(check).toMatchObject({
      kind: 'invalid-json',
      raw: '{"city": "Par',
      position: { offset: 13, line: 1, column: 14 },
    });
  });

  it('says when there is no schema to check against', () => {
    const check = checkArguments('{}', undefined);
    expect(check.kind === 'parsed' && check.checked).toBe(false);
    expect(check.kind === 'parsed' && check.note).toMatch(/not among the definitions/);
  });
});

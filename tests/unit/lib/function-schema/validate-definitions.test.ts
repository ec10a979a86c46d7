import { beforeAll, describe, expect, it } from 'vitest';
import {
  definitionsProblemSummary,
  FUNCTION_TEMPLATES,
  formatDefinitions,
  validateDefinitions,
} from '../../../../src/lib/function-schema';
import { loadSchemaChecker } from '../../../../src/lib/function-schema';

// Ajv is fetched on first need; these tests check what it finds once here (schema-checker.test.ts: before).
beforeAll(() => loadSchemaChecker());

const templates = FUNCTION_TEMPLATES.map((t) => t.definition);

describe('validateDefinitions', () => {
  it('accepts every template and returns the definitions', () => {
    const check = validateDefinitions(formatDefinitions(templates));
    expect(check.problems).toEqual([]);
    expect(check.definitions).toEqual(templates);
  });

  it('treats an empty editor as no functions', () => {
    expect(validateDefinitions('  ')).toEqual({ definitions: [], problems: [], pending: null });
  });

  it('reports a syntax error with its line and blocks the definitions', () => {
    const check = validateDefinitions('[\n  {"name": "f",}\n]');
    expect(check.definitions).toBeNull();
    expect(check.problems).toHaveLength(1);
    expect(check.problems[0]?.line).toBe(2);
    expect(check.problems[0]?.message).toMatch(/line 2, column 16/);
    expect(definitionsProblemSummary(check)).toMatch(/^Fix the function definitions before sending: line 2/);
  });

  it('puts a bad name, a duplicate name and a required entry naming no property on their own lines', () => {
    const text = [
      '[',
      '  {"name": "bad name!"},',
      '  {"name": "f", "parameters": {"type": "object", "properties": {"a": {"type": "string"}},',
      '    "required": ["a", "b"]}},',
      '  {"name": "f"}',
      ']',
    ].join('\n');
    const check = validateDefinitions(text);
    expect(check.definitions).toBeNull();
    const byLine = check.problems.map((p) => [p.line, p.path]);
    expect(byLine).toEqual([
      [2, '[0].name'],
      [4, '[1].parameters.required[1]'],
      [5, '[2].name'],
    ]);
    // The request rules' words, as the service says them.
    expect(check.problems[2]?.message).toBe("'[2].name' repeats 'f': function names must be unique.");
  });

  it('checks the spec shape: parameters.type object, property types, enum, unknown fields', () => {
    const text = JSON.stringify(
      [
        {
          name: 'g',
          extra: 1,
          parameters: {
            type: 'array',
            properties: { a: { type: 'text' }, b: { enum: [] }, c: { description: 'no type' } },
          },
        },
      ],
      null,
      2,
    );
    const paths = validateDefinitions(text).problems.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '[0].parameters.type',
        '[0].parameters.properties.a.type',
        '[0].parameters.properties.b.enum',
        '[0].parameters.properties.c.type',
        '[0].extra',
      ]),
    );
  });

  it('validates the schema itself with Ajv', () => {
    const text = JSON.stringify([
      {
        name: 'h',
        parameters: { type: 'object', properties: { n: { type: 'integer', minimum: 'zero' } } },
      },
    ]);
    const check = validateDefinitions(text);
    expect(check.definitions).toBeNull();
    expect(check.problems[0]?.path).toBe('[0].parameters.properties.n.minimum');
    expect(check.problems[0]?.message).toMatch(
      /^'\[0\].parameters' is not a valid JSON Schema: must be number at \/properties\/n\/minimum\.$/,
    );
  });

  it('requires an array at the top', () => {
    expect(validateDefinitions('{"name": "f"}').problems[0]?.message).toMatch(/must be a JSON array/);
  });
});

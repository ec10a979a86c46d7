import { beforeAll, describe, expect, it } from 'vitest';
import { checkJsonReply } from '../../../../src/lib/compare/json-reply';
import { loadSchemaChecker } from '../../../../src/lib/function-schema';

// Ajv is fetched on first need (its pending answer: function-schema/schema-checker.test.ts).
beforeAll(() => loadSchemaChecker());

const schemaFormat = {
  type: 'json_schema',
  json_schema: {
    name: 'city',
    schema: {
      type: 'object',
      properties: { name: { type: 'string' }, population: { type: 'integer' } },
      required: ['name', 'population'],
    },
  },
};

describe('checkJsonReply', () => {
  it('says nothing for a variant that did not ask for JSON', () => {
    expect(checkJsonReply('{}', undefined, false)).toBeNull();
    expect(checkJsonReply('{}', { type: 'text' }, false)).toBeNull();
  });

  it('parses a json_object reply, and says where a broken one breaks', () => {
    expect(checkJsonReply('{"a": [1, true]}', { type: 'json_object' }, false)).toMatchObject({
      kind: 'parsed',
      value: { a: [1, true] },
      checked: false,
      note: null,
    });
    expect(checkJsonReply('{"a": 1,\n "b" 2}', { type: 'json_object' }, false)).toMatchObject({
      kind: 'invalid-json',
      position: { line: 2, column: 6 },
    });
  });

  it('calls an unfinished reply incomplete while it streams, and invalid once it ended so', () => {
    expect(checkJsonReply('{"a": [1, ', { type: 'json_object' }, true)).toEqual({ kind: 'incomplete' });
    expect(checkJsonReply('{"a": [1, ', { type: 'json_object' }, false)?.kind).toBe('invalid-json');
    // A clear error is one already, streaming or not.
    expect(checkJsonReply('{"a": ]', { type: 'json_object' }, true)?.kind).toBe('invalid-json');
  });

  it('checks a json_schema reply against its schema', () => {
    expect(checkJsonReply('{"name": "Oslo", "population": 709000}', schemaFormat, false)).toMatchObject({
      kind: 'parsed',
      checked: true,
      violations: [],
    });
    const wrong = checkJsonReply('{"name": "Oslo", "population": "many"}', schemaFormat, false);
    expect(wrong).toMatchObject({ kind: 'parsed', checked: true });
    expect(wrong?.kind === 'parsed' && wrong.violations.map((v) => v.path)).toEqual(['population']);
  });
});

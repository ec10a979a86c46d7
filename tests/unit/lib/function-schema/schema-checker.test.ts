/**
 * Ajv comes on first need: a check made before it has arrived says it is pending and lets nothing
 * through as valid; the same check once it is here gives the real answer.
 */
import { describe, expect, it } from 'vitest';
import {
  checkArguments,
  definitionsProblemSummary,
  FUNCTION_TEMPLATES,
  formatDefinitions,
  loadSchemaChecker,
  schemaCheckerState,
  validateDefinitions,
} from '../../../../src/lib/function-schema';
import { checkJsonReply } from '../../../../src/lib/compare/json-reply';

const weather = FUNCTION_TEMPLATES[0]!.definition;

describe('the schema checker, fetched on first need', () => {
  it('is not loaded with the checks, and a check made before it arrives is pending, never valid', async () => {
    expect(schemaCheckerState().status).toBe('idle');
    const early = validateDefinitions(formatDefinitions([weather]));
    // Asking was enough to start the fetch (just after the asking code returns: it may be a render).
    await Promise.resolve();
    expect(schemaCheckerState().status).toBe('loading');
    expect(early.definitions).toBeNull();
    expect(early.problems).toEqual([]);
    expect(definitionsProblemSummary(early)).toBe('Checking the function definitions against the schema…');
    const args = checkArguments('{"city": 3}', weather);
    expect(args).toMatchObject({ kind: 'parsed', checked: false, pending: true, violations: [] });
    expect(args.kind === 'parsed' ? args.note : '').toBe('Checking the arguments against the schema…');
    const reply = checkJsonReply(
      '{"a": 1}',
      { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'object', required: ['b'] } } },
      false,
    );
    expect(reply).toMatchObject({ kind: 'parsed', checked: false, pending: true });

    // What needs no Ajv (a bad name) is reported at once, beside the schema check still to come.
    const named = validateDefinitions(
      '[{"name": "bad name!", "parameters": {"type": "object", "properties": {}}}]',
    );
    expect(named.problems.map((p) => p.path)).toEqual(['[0].name']);
    expect(named.pending).not.toBeNull();

    await loadSchemaChecker();
    expect(schemaCheckerState().status).toBe('ready');
    expect(validateDefinitions(formatDefinitions([weather]))).toEqual({
      definitions: [weather],
      problems: [],
      pending: null,
    });
    const late = checkArguments('{"city": 3}', weather);
    expect(late).toMatchObject({ kind: 'parsed', checked: true });
    expect(late.kind === 'parsed' ? late.violations.length : 0).toBeGreaterThan(0);
  });
});

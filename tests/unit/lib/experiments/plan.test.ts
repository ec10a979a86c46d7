import { describe, expect, it } from 'vitest';
import { buildCellRequest, requestKey } from '../../../../src/lib/experiments/cell-request';
import {
  gradeOutcome,
  templateErrorResult,
  type CellResult,
} from '../../../../src/lib/experiments/cell-result';
import { readCsvDataset } from '../../../../src/lib/experiments/dataset';
import { cellsToRun, planCells, variantId } from '../../../../src/lib/experiments/plan';
import { checksForRow } from '../../../../src/lib/experiments/row-checks';
import type { DatasetRow } from '../../../../src/lib/experiments/dataset-row';
import type { ExperimentVariant } from '../../../../src/lib/experiments/experiment';
import type { ExperimentTemplate } from '../../../../src/lib/experiments/template';
import { outcome, prepare } from './checks/grade-with';

function dataset(text: string): DatasetRow[] {
  const read = readCsvDataset(text);
  if (!read.ok) throw new Error(read.errors[0]!.message);
  return read.dataset.rows;
}

const rows = dataset('country,capital\nFrance,Paris\nItaly,Rome\nSpain,Madrid');
const template: ExperimentTemplate = {
  system: 'Answer with a city.',
  fewShot: [
    { role: 'user', content: 'Capital of Peru?' },
    { role: 'assistant', content: 'Lima' },
  ],
  message: 'Capital of {{country}}?',
};
const cold: ExperimentVariant = {
  label: 'cold',
  connection: { baseURL: 'http://127.0.0.1:8787/v1', apiKeyEnv: 'SVC_API_KEY' },
  model: 'svc-chat',
  parameters: { temperature: 0, max_tokens: 50, function_call: 'auto' },
};
const tools: ExperimentVariant = {
  label: 'tools',
  connection: { baseURL: 'http://127.0.0.1:8787/v1', dialect: 'tools' },
  model: 'svc-chat',
  parameters: { response_format: { type: 'json_object' } },
  functions: [{ name: 'lookup', parameters: { type: 'object', properties: { q: { type: 'string' } } } }],
};

describe('the plan', () => {
  it('is rows × variants × repeats in the matrix order, with ids that hold across reloads', () => {
    const plan = planCells(rows, [cold, tools], 2);
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.cells).toHaveLength(12);
    expect(plan.cells.slice(0, 4).map((c) => [c.rowIndex, c.variantLabel, c.repeat])).toEqual([
      [0, 'cold', 1],
      [0, 'cold', 2],
      [0, 'tools', 1],
      [0, 'tools', 2],
    ]);
    expect(plan.cells[0]!.id).toBe(`${rows[0]!.id}.${variantId('cold')}.1`);
    expect(new Set(plan.cells.map((c) => c.id)).size).toBe(12);
    // A reload reads the same file: the same ids. Reordered rows keep theirs.
    const again = planCells(
      dataset('country,capital\nSpain,Madrid\nFrance,Paris\nItaly,Rome'),
      [cold, tools],
      2,
    );
    expect(again.ok && new Set(again.cells.map((c) => c.id))).toEqual(new Set(plan.cells.map((c) => c.id)));
  });

  it('refuses a plan past the cell limit before making it', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => ({ id: `r${i}`, index: i }));
    expect(planCells(many, [cold, tools, { label: 'c' }], 2)).toEqual({
      ok: false,
      error:
        '200,000 rows × 3 variants × 2 repeats is 1,200,000 cells, more than the 1,000,000 a run may have',
    });
  });
});

describe("a cell's request", () => {
  it('is what the chat page builds: system, few-shot turns, the filled message, parameters as set', () => {
    const request = buildCellRequest(template, rows[0]!, cold, true);
    if (!request.ok) throw new Error('expected a request');
    expect(request.body).toEqual({
      model: 'svc-chat',
      messages: [
        { role: 'system', content: 'Answer with a city.' },
        { role: 'user', content: 'Capital of Peru?' },
        { role: 'assistant', content: 'Lima' },
        { role: 'user', content: 'Capital of France?' },
      ],
      temperature: 0,
      max_tokens: 50,
      stream: true,
    });
    expect(request.message).toBe('Capital of France?');
  });

  it("writes functions in the variant's dialect", () => {
    const request = buildCellRequest(template, rows[1]!, tools, false);
    if (!request.ok) throw new Error('expected a request');
    expect(request.body).toMatchObject({
      tools: [{ type: 'function', function: { name: 'lookup' } }],
      response_format: { type: 'json_object' },
    });
    expect(request.body).not.toHaveProperty('functions');
    expect(request.body).not.toHaveProperty('stream');
  });

  it('has a key that changes with what is sent and where, and only then', () => {
    const a = buildCellRequest(template, rows[0]!, cold, true);
    const b = buildCellRequest(template, rows[0]!, cold, true);
    const warmer = buildCellRequest(template, rows[0]!, { ...cold, parameters: { temperature: 1 } }, true);
    const elsewhere = buildCellRequest(
      template,
      rows[0]!,
      { ...cold, connection: { baseURL: 'http://other/v1' } },
      true,
    );
    if (!a.ok || !b.ok || !warmer.ok || !elsewhere.ok) throw new Error('expected requests');
    expect(a.requestKey).toBe(b.requestKey);
    expect(a.requestKey).not.toBe(warmer.requestKey);
    expect(a.requestKey).not.toBe(elsewhere.requestKey);
    expect(requestKey('http://x/v1/', a.body)).toBe(requestKey('http://x/v1', a.body));
  });

  it('is every template error of a row that cannot fill it', () => {
    const request = buildCellRequest({ ...template, system: '{{tone}}' }, { vars: {} }, cold, true);
    expect(request).toEqual({
      ok: false,
      errors: [
        { variable: 'tone', field: 'system', message: "system: {{tone}}: the row has no variable 'tone'" },
        {
          variable: 'country',
          field: 'message',
          message: "message: {{country}}: the row has no variable 'country'",
        },
      ],
    });
    const result = templateErrorResult('c1', request.ok ? [] : request.errors);
    expect(result).toMatchObject({
      requestKey: null,
      outcome: { error: { kind: 'template' } },
      grade: { pass: false },
    });
  });
});

describe('what a resumed run sends', () => {
  const plan = planCells(rows, [cold], 1);
  if (!plan.ok) throw new Error(plan.error);
  const [first, second, third] = plan.cells;
  const done = (id: string, key: string, error: CellResult['outcome']['error'] = null): CellResult => ({
    cellId: id,
    requestKey: key,
    request: null,
    outcome: { ...outcome({ content: 'x' }), error },
    grade: { pass: true, score: 1, results: [], pending: [], error: null },
  });

  it('skips finished cells, and sends again those whose request changed, and errors when asked', () => {
    const results = new Map([
      [first!.id, done(first!.id, 'k1')],
      [second!.id, done(second!.id, 'old')],
    ]);
    const keyOf = () => 'k1';
    expect(cellsToRun(plan.cells, results).map((c) => c.id)).toEqual([third!.id]);
    expect(cellsToRun(plan.cells, results, { keyOf }).map((c) => c.id)).toEqual([second!.id, third!.id]);
    results.set(third!.id, done(third!.id, 'k1', { message: 'HTTP 500', kind: 'server' }));
    expect(cellsToRun(plan.cells, results, { keyOf })).toHaveLength(1);
    expect(cellsToRun(plan.cells, results, { keyOf, retryErrors: true }).map((c) => c.id)).toEqual([
      second!.id,
      third!.id,
    ]);
  });
});

describe("a row's checks", () => {
  it('fill variables from the row, and fail unchecked when the row lacks one', () => {
    const shared = prepare([
      { type: 'icontains', value: '{{capital}}' },
      { type: 'contains-any', value: ['{{country}}', 'x'] },
    ]);
    const [row] = dataset('country,capital,__expected\nFrance,Paris,not-contains:{{country}}!');
    const checks = checksForRow(shared, row!);
    const grade = gradeOutcome(checks, outcome({ content: 'It is paris, France.' }), cold);
    expect(grade.results.map((r) => [r.type, r.pass, r.reason])).toEqual([
      ['icontains', true, 'the reply contains "Paris", ignoring case'],
      ['contains-any', true, 'the reply contains "France"'],
      ['not-contains', true, 'the reply contains no "France!"'],
    ]);
    const lacking = checksForRow(prepare([{ type: 'contains', value: '{{city}}' }]), {
      vars: {},
      checks: [],
    });
    expect(gradeOutcome(lacking, outcome(), cold).results[0]).toMatchObject({
      pass: false,
      unchecked: true,
      reason:
        "not checked: its value names a variable this row lacks: value: {{city}}: the row has no variable 'city'",
    });
  });

  it('fail unchecked when a stored row check no longer reads, rather than vanish', () => {
    const checks = checksForRow([], { vars: {}, checks: [{ type: 'bogus' }] });
    expect(gradeOutcome(checks, outcome(), cold).results[0]).toMatchObject({
      type: 'bogus',
      pass: false,
      unchecked: true,
    });
  });

  it("back a function-call check with the variant's definitions", () => {
    const checks = prepare([{ type: 'function-call', value: 'lookup' }]);
    const call = outcome({
      content: null,
      tool_calls: [{ id: 'a', type: 'function', function: { name: 'lookup', arguments: '{"q": 3}' } }],
    });
    expect(gradeOutcome(checks, call, tools).results[0]).toMatchObject({
      pass: false,
      reason: expect.stringMatching(/q must be string/),
    });
    expect(gradeOutcome(checks, call, cold).results[0]).toMatchObject({ pass: true });
  });
});

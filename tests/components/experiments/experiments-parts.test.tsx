/**
 * The experiments page's parts on their own: the template's variables, the dataset's import and
 * table, the checks editor, the virtualised matrix, the figures and the baseline marks.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChecksEditor } from '../../../src/features/experiments/checks-editor';
import { DatasetEditor } from '../../../src/features/experiments/dataset-editor';
import { ResultsMatrix } from '../../../src/features/experiments/results-matrix';
import { TemplateEditor } from '../../../src/features/experiments/template-editor';
import { VariantSummaries } from '../../../src/features/experiments/variant-summaries';
import { readInlineRows, type Dataset } from '../../../src/lib/experiments/dataset';
import { matrixLines } from '../../../src/lib/experiments/matrix-view';
import { planCells } from '../../../src/lib/experiments/plan';
import type { CellResult } from '../../../src/lib/experiments/cell-result';
import type { CheckDraft } from '../../../src/lib/experiments/page-draft';
import type { ExperimentTemplate } from '../../../src/lib/experiments/template';

let ids = 0;
const newId = () => `id-${++ids}`;

const rowsOf = (vars: Record<string, unknown>[]) => readInlineRows(vars, 'rows', [])!.rows;

/** A graded result: passed or failed, with one check saying so. */
function result(cellId: string, pass: boolean, content = pass ? 'yes' : 'no'): CellResult {
  return {
    cellId,
    requestKey: 'k',
    request: null,
    outcome: { reply: { content }, timings: { ttftMs: 10, totalMs: 100 }, error: null },
    grade: {
      pass,
      score: pass ? 1 : 0,
      results: [
        { type: 'contains', pass, score: pass ? 1 : 0, reason: pass ? 'has it' : 'lacks "x"', weight: 1 },
      ],
      pending: [],
      error: null,
    },
  };
}

describe('template editor', () => {
  it('lists the variables the template names and says which the dataset lacks', async () => {
    function Harness() {
      const [template, setTemplate] = useState<ExperimentTemplate>({ system: '', fewShot: [], message: '' });
      return <TemplateEditor template={template} columns={['city']} onChange={setTemplate} newId={newId} />;
    }
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    const message = screen.getByLabelText(/^Message/);
    // user.type reads { as a key; paste writes it as it is.
    await user.click(message);
    await user.paste('Where is {{city}}? Answer for {{ case.country }}.');
    const variables = screen.getByRole('group', { name: 'Variables' });
    expect([...variables.querySelectorAll('code')].map((c) => c.textContent)).toEqual([
      'city',
      'case.country',
    ]);
    expect(screen.getByRole('alert').textContent).toContain('no column “case.country”');
  });
});

describe('dataset editor', () => {
  function Harness({ initial }: { initial: Dataset }) {
    const [dataset, setDataset] = useState(initial);
    return <DatasetEditor columns={dataset.columns} rows={dataset.rows} onChange={setDataset} />;
  }

  it('refuses a bad JSONL file naming its line and column, and keeps the rows', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness initial={{ columns: ['city'], rows: rowsOf([{ city: 'Paris' }]) }} />);
    const file = new File(['{"city": "Rome"}\n{"city": "Oslo",}\n'], 'cases.jsonl');
    await user.upload(screen.getByLabelText('Import CSV or JSONL…'), file);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/cases\.jsonl was not imported/);
    expect(alert.textContent).toMatch(/line 2, column \d+:/);
    expect(screen.getByLabelText('Row 1 city')).toHaveValue('Paris');
    expect(screen.queryByLabelText('Row 2 city')).toBeNull();
  });

  it('imports a CSV with its row checks, then edits a value and adds a column', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness initial={{ columns: ['city'], rows: rowsOf([{ city: 'Paris' }]) }} />);
    const csv = 'city,country,__expected\nRome,Italy,contains:Italy\nOslo,Norway,\n';
    await user.upload(screen.getByLabelText('Import CSV or JSONL…'), new File([csv], 'cases.csv'));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Imported 2 rows from cases.csv, with their own checks.',
    );
    expect(screen.getByText(/1 row has checks of its own/)).toBeInTheDocument();
    const cell = screen.getByLabelText('Row 2 country');
    await user.clear(cell);
    await user.type(cell, 'Norge');
    expect(screen.getByLabelText('Row 2 country')).toHaveValue('Norge');
    // Typing kept the focus in the box, though the row's id follows its values.
    expect(document.activeElement).toBe(screen.getByLabelText('Row 2 country'));
    await user.type(screen.getByLabelText('New column'), 'capital');
    await user.click(screen.getByRole('button', { name: 'Add column' }));
    expect(screen.getByLabelText('Row 1 capital')).toHaveValue('');
    await user.type(screen.getByLabelText('New column'), '__prefix');
    expect(screen.getByText(/Names starting with __ are for checks/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add column' })).toBeDisabled();
  });
});

describe('checks editor', () => {
  it('offers the registry’s types, negation, weight and metric, and says what is wrong with a check', async () => {
    function Harness() {
      const [checks, setChecks] = useState<CheckDraft[]>([]);
      return <ChecksEditor checks={checks} onChange={setChecks} newId={newId} />;
    }
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Add check' }));
    const check = screen.getByRole('listitem', { name: 'Check 1' });
    const type = within(check).getByLabelText('Type');
    const types = [...type.querySelectorAll('option')].map((o) => o.textContent);
    expect(types).toEqual(
      expect.arrayContaining(['equals', 'contains', 'regex', 'is-json', 'finish-reason', 'llm-rubric']),
    );
    await user.selectOptions(type, 'regex');
    await user.type(within(check).getByLabelText(/^Value/), '(unclosed');
    expect(screen.getByRole('alert').textContent).toMatch(/^check 1\.value /);
    await user.clear(within(check).getByLabelText(/^Value/));
    await user.type(within(check).getByLabelText(/^Value/), '^\\d+$');
    await user.click(within(check).getByLabelText('Negate (not-)'));
    await user.type(within(check).getByLabelText(/^Weight/), '-1');
    expect(screen.getByRole('alert').textContent).toContain('check 1.weight must be a number, 0 or more');
    await user.clear(within(check).getByLabelText(/^Weight/));
    await user.type(within(check).getByLabelText(/^Metric/), 'format');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('results matrix', () => {
  it('keeps only the lines in view in the document, at 10,000 cells', () => {
    const rows = rowsOf(Array.from({ length: 5000 }, (_, i) => ({ n: String(i) })));
    const plan = planCells(rows, [{ label: 'a' }, { label: 'b' }], 1);
    if (!plan.ok) throw new Error(plan.error);
    const results = new Map(plan.cells.map((c) => [c.id, result(c.id, c.rowIndex % 3 !== 0)]));
    const lines = matrixLines(rows, plan.cells, 2);
    render(
      <ResultsMatrix
        view={{ lines, labels: ['a', 'b'], repeats: 1, results, version: 1 }}
        baseline={null}
        selected={null}
        onSelect={() => undefined}
      />,
    );
    const table = screen.getByRole('table', { name: 'Results' });
    const drawn = () => table.querySelectorAll('[data-cell]').length;
    expect(drawn()).toBeGreaterThan(0);
    expect(drawn()).toBeLessThan(60);
    expect(within(table).getAllByRole('rowheader')[0]!.textContent).toMatch(/^Row 1/);
    // Scrolled to the middle: the lines there are drawn, the first ones are not.
    fireEvent.scroll(table, { target: { scrollTop: 2500 * 92 } });
    const headers = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent ?? '');
    expect(headers.some((h) => h.startsWith('Row 2501'))).toBe(true);
    expect(headers.some((h) => h.startsWith('Row 1n'))).toBe(false);
    expect(drawn()).toBeLessThan(60);
  });

  it('marks the cells that regressed or improved since the baseline', () => {
    const rows = rowsOf([{ n: '1' }, { n: '2' }]);
    const plan = planCells(rows, [{ label: 'a' }], 1);
    if (!plan.ok) throw new Error(plan.error);
    const [first, second] = plan.cells as [(typeof plan.cells)[0], (typeof plan.cells)[0]];
    const now = new Map([
      [first.id, result(first.id, false)],
      [second.id, result(second.id, true)],
    ]);
    const before = new Map([
      [first.id, result(first.id, true)],
      [second.id, result(second.id, false)],
    ]);
    render(
      <ResultsMatrix
        view={{
          lines: matrixLines(rows, plan.cells, 1),
          labels: ['a'],
          repeats: 1,
          results: now,
          version: 1,
        }}
        baseline={before}
        selected={null}
        onSelect={() => undefined}
      />,
    );
    expect(
      screen.getByRole('button', { name: /^Row 1, a: failed, regressed since the baseline$/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^Row 2, a: passed, improved since the baseline$/ }),
    ).toBeInTheDocument();
  });
});

describe('variant summaries', () => {
  it('shows each pass rate with its Wilson interval, pass^k, flipping rows and McNemar', () => {
    const rows = rowsOf(Array.from({ length: 10 }, (_, i) => ({ n: String(i) })));
    const plan = planCells(rows, [{ label: 'a' }, { label: 'b' }], 2);
    if (!plan.ok) throw new Error(plan.error);
    // a passes every row; b fails rows 1–8, and row 9 only on its first repeat.
    const results = new Map(
      plan.cells.map((c) => [
        c.id,
        result(c.id, c.variantIndex === 0 || c.rowIndex === 9 || (c.rowIndex === 8 && c.repeat === 1)),
      ]),
    );
    const lines = matrixLines(rows, plan.cells, 2);
    render(
      <VariantSummaries
        view={{ lines, cells: plan.cells, results, version: 1, labels: ['a', 'b'], repeats: 2 }}
      />,
    );
    const [a, b] = screen.getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(a.textContent).toContain('100% (83.9%–100%) · 20/20');
    expect(b.textContent).toContain('15.0% (5.2%–36.0%) · 3/20');
    expect(b.textContent).toContain('row 9');
    expect(a.textContent).toContain('none');
    expect(screen.getByTestId('paired-test').textContent).toBe(
      'Variant 2 passes 0 rows variant 1 fails, variant 1 passes 9 that variant 2 fails, of 10 compared: significant at 0.05 (p = 0.0039); variant 1 is better',
    );
  });
});

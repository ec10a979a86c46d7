import { describe, expect, it } from 'vitest';
import { evaluateGates } from '../../../../src/lib/experiments/gates';
import { planCells, type PlannedCell } from '../../../../src/lib/experiments/plan';
import { cellState, compareVariants, summarizeVariants } from '../../../../src/lib/experiments/summary';
import type { CellResult } from '../../../../src/lib/experiments/cell-result';
import type { CellOutcome } from '../../../../src/lib/experiments/checks/types';

const variants = [{ label: 'A' }, { label: 'B' }];
const rows = Array.from({ length: 4 }, (_, i) => ({ id: `r${i}`, index: i }));

function plan(repeats: number): PlannedCell[] {
  const made = planCells(rows, variants, repeats);
  if (!made.ok) throw new Error(made.error);
  return made.cells;
}

function result(
  cell: PlannedCell,
  pass: boolean | 'error' | 'pending',
  figures: Partial<CellOutcome['timings']> = {},
): CellResult {
  const outcome: CellOutcome = {
    reply:
      pass === 'error'
        ? null
        : {
            content: 'x',
            finish_reason: 'stop',
            usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
          },
    timings: { ttftMs: 100, totalMs: 1000, ...figures },
    error: pass === 'error' ? { message: 'HTTP 500', kind: 'server' } : null,
  };
  return {
    cellId: cell.id,
    requestKey: 'k',
    request: null,
    outcome,
    grade: {
      pass: pass === true,
      score: pass === true ? 1 : 0,
      results: [
        {
          type: 'contains',
          pass: pass === true,
          score: pass === true ? 1 : 0,
          reason: '',
          weight: 1,
          metric: 'accuracy',
        },
      ],
      pending: pass === 'pending' ? [0] : [],
      error: pass === 'error' ? 'HTTP 500' : null,
    },
  };
}

/** Results by pattern: `outcomes[variant][row]` is the pass of each repeat. */
function results(
  cells: PlannedCell[],
  outcomes: (boolean | 'error' | 'pending')[][][],
): Map<string, CellResult> {
  const map = new Map<string, CellResult>();
  for (const cell of cells) {
    const pass = outcomes[cell.variantIndex]?.[cell.rowIndex]?.[cell.repeat - 1];
    if (pass !== undefined) map.set(cell.id, result(cell, pass, { totalMs: 1000 + 100 * cell.rowIndex }));
  }
  return map;
}

describe('variant summaries', () => {
  const cells = plan(2);
  const map = results(cells, [
    [
      [true, true],
      [true, false],
      ['error', true],
      [false, false],
    ],
    [[true, true], [true, true], [true, 'pending'], []],
  ]);
  const [a, b] = summarizeVariants(variants, cells, map);

  it('counts graded cells apart from errors, pending and waiting ones', () => {
    expect(a).toMatchObject({ label: 'A', cells: 8, graded: 7, errors: 1, pending: 0, waiting: 0 });
    expect(a!.passRate).toMatchObject({ passed: 4, total: 7 });
    expect(b).toMatchObject({ graded: 5, errors: 0, pending: 1, waiting: 2 });
    expect(b!.passRate).toMatchObject({ passed: 5, total: 5, high: 1 });
    expect(cellState(undefined)).toBe('waiting');
  });

  it('gives p50/p95 of time over the cells that replied, tokens and metrics', () => {
    // 1000, 1000, 1100, 1100, 1200, 1300, 1300: the failed request has no reply, so no time.
    expect(a!.totalMs).toEqual({ count: 7, p50: 1100, p95: 1300 });
    expect(a!.tokens).toEqual({ prompt: 70, completion: 35, total: 105, cellsWithUsage: 7 });
    expect(a!.metrics).toEqual([{ name: 'accuracy', count: 7, passed: 4, meanScore: 4 / 7 }]);
  });

  it('gives pass^k and the rows that flip', () => {
    expect(a!.repeats.flipping).toEqual(['r1']);
    expect(a!.repeats.passAll).toMatchObject({ passed: 2, total: 4 }); // r0, and r2 whose one graded repeat passed
  });
});

describe('the paired test between variants', () => {
  it('pairs rows by pass^k and counts only rows both graded', () => {
    const cells = plan(1);
    const map = results(cells, [
      [[false], [false], [true], [false]],
      [[true], [true], [true], []],
    ]);
    expect(compareVariants(cells, map, 0, 1)).toMatchObject({
      aOnly: 0,
      bOnly: 2,
      pairs: 3,
      significant: false,
    });
  });
});

describe('gates', () => {
  const cells = plan(2);
  const all = (pass: boolean) =>
    results(
      cells,
      variants.map(() => rows.map(() => [pass, pass])),
    );

  it('hold with no gates, and on a run that reaches them', () => {
    const map = all(true);
    const summaries = summarizeVariants(variants, cells, map);
    expect(evaluateGates({}, summaries, cells, map)).toEqual({
      pass: true,
      lines: ['no gates set'],
      failures: [],
    });
    const report = evaluateGates(
      { minPassRate: 1, minPassRatePerVariant: 1, minPassRatePerRow: 1 },
      summaries,
      cells,
      map,
    );
    expect(report.pass).toBe(true);
    expect(report.lines).toEqual([
      'held: overall pass rate 100% (16/16), needs 100%',
      'held: A: pass rate 100% (8/8), needs 100%',
      'held: B: pass rate 100% (8/8), needs 100%',
      "held: A: every row's repeats pass at 100% or more",
      "held: B: every row's repeats pass at 100% or more",
    ]);
  });

  it('fail with the reason, per variant by label and per repeated row', () => {
    const map = results(cells, [
      [
        [true, true],
        [true, false],
        [true, true],
        [true, true],
      ],
      [
        [false, false],
        [false, true],
        [true, true],
        [true, true],
      ],
    ]);
    const summaries = summarizeVariants(variants, cells, map);
    const report = evaluateGates(
      { minPassRate: 0.8, minPassRatePerVariant: { B: 0.75 }, minPassRatePerRow: 1 },
      summaries,
      cells,
      map,
    );
    expect(report.pass).toBe(false);
    expect(report.failures).toEqual([
      'overall pass rate 75% (12/16), needs 80%',
      'B: pass rate 62.5% (5/8), needs 75%',
      'A: 1 row below 100% of repeats passing: row 2 (1/2)',
      'B: 2 rows below 100% of repeats passing: row 1 (0/2), row 2 (1/2)',
    ]);
  });

  it('fail on an unfinished run', () => {
    const map = all(true);
    map.delete(cells[0]!.id);
    const report = evaluateGates({ minPassRate: 0 }, summarizeVariants(variants, cells, map), cells, map);
    expect(report.failures).toEqual(['1 of 16 cells are not finished; gates are judged on a finished run']);
  });
});

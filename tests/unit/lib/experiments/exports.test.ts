// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  gradeOutcome,
  templateErrorResult,
  type CellResult,
} from '../../../../src/lib/experiments/cell-result';
import { readInlineRows } from '../../../../src/lib/experiments/dataset';
import { parseCsv } from '../../../../src/lib/experiments/dataset-csv';
import { csvField, xmlAttribute, xmlText } from '../../../../src/lib/experiments/export-escape';
import { exportCsv } from '../../../../src/lib/experiments/export-csv';
import { exportHtml } from '../../../../src/lib/experiments/export-html';
import { exportJsonl } from '../../../../src/lib/experiments/export-jsonl';
import { exportJunit } from '../../../../src/lib/experiments/export-junit';
import { planCells } from '../../../../src/lib/experiments/plan';
import type { ExperimentReport } from '../../../../src/lib/experiments/export-report';
import type { Issue } from '../../../../src/lib/chat/json-checks';
import { outcome, prepare } from './checks/grade-with';

const HOSTILE = `</script><script>alert(1)</script><img src=x onerror="alert(2)"> & "quotes" 'apos' \u0001\u0008\u001b ]]> \uD800`;

function report(): ExperimentReport {
  const issues: Issue[] = [];
  const dataset = readInlineRows(
    [
      { vars: { city: 'Paris', note: HOSTILE }, description: `first <b>${HOSTILE}</b>` },
      { city: '=HYPERLINK("http://evil")', note: 'two\nlines, "quoted"' },
      { city: 'Rome', note: 'x' },
    ],
    'rows',
    issues,
  );
  if (!dataset) throw new Error(issues.map((i) => i.reason).join());
  const variants = [
    { label: 'A <cold>', model: 'svc-chat' },
    { label: 'B & warm', model: 'svc-chat' },
  ];
  const plan = planCells(dataset.rows, variants, 1);
  if (!plan.ok) throw new Error(plan.error);
  const checks = prepare([{ type: 'contains', value: 'Paris', metric: 'accuracy' }]);
  const results = new Map<string, CellResult>();
  const [a1, b1, a2, b2, a3] = plan.cells;
  const put = (cell: (typeof plan.cells)[number], content: string, extra = {}) => {
    const made = outcome(
      { content, usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 }, ...extra },
      { ttftMs: 120, totalMs: 640 },
    );
    results.set(cell.id, {
      cellId: cell.id,
      requestKey: 'k',
      request: { model: 'svc-chat', messages: [{ role: 'user', content: 'q' }] },
      outcome: made,
      grade: gradeOutcome(checks, made, {}),
    });
  };
  put(a1!, `Paris ${HOSTILE}`);
  put(b1!, `Lyon ${HOSTILE}`);
  put(a2!, '=1+2', { function_call: { name: 'f', arguments: '{"a":"<x>"}' } });
  results.set(b2!.id, {
    cellId: b2!.id,
    requestKey: 'k',
    request: null,
    outcome: {
      reply: null,
      timings: { ttftMs: null, totalMs: 30 },
      error: { message: `HTTP 500: ${HOSTILE}`, kind: 'server' },
    },
    grade: { pass: false, score: 0, results: [], pending: [], error: 'HTTP 500' },
  });
  results.set(
    a3!.id,
    templateErrorResult(a3!.id, [
      { variable: 'x', field: 'message', message: "message: {{x}}: the row has no variable 'x'" },
    ]),
  );
  // The last cell (row 3, variant B) was not run.
  return {
    name: `Exp <"1"> & co`,
    description: HOSTILE,
    variants,
    rows: dataset.rows,
    cells: plan.cells,
    results,
    generatedAt: Date.UTC(2026, 0, 2, 3, 4, 5),
  };
}

describe('escaping', () => {
  it('writes XML-forbidden characters out and escapes markup', () => {
    expect(xmlText('a<b>&\u0001\uFFFF')).toBe('a&lt;b&gt;&amp;\\u0001\\uffff');
    expect(xmlAttribute('"x"\n\t')).toBe('&quot;x&quot;&#10;&#9;');
    expect(xmlText('\uD83D\uDE00 \uDE00')).toBe('\uD83D\uDE00 \\ude00');
  });

  it('quotes CSV fields that need it and defuses formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('-3')).toBe("'-3");
    expect(csvField(-3, false)).toBe('-3');
    expect(csvField(null)).toBe('');
  });
});

describe('the CSV export', () => {
  it('is one line per cell that CSV readers read back, formulas defused', () => {
    const text = exportCsv(report());
    const parsed = parseCsv(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const header = parsed.header.fields;
    expect(header.slice(0, 8)).toEqual([
      'cell_id',
      'row',
      'row_id',
      'description',
      'variant',
      'repeat',
      'status',
      'score',
    ]);
    expect(parsed.records).toHaveLength(6);
    const column = (name: string) => parsed.records.map((r) => r.fields[header.indexOf(name)]);
    expect(column('status')).toEqual(['passed', 'failed', 'failed', 'error', 'error', 'waiting']);
    expect(column('var:city')).toEqual([
      'Paris',
      'Paris',
      `'=HYPERLINK("http://evil")`,
      `'=HYPERLINK("http://evil")`,
      'Rome',
      'Rome',
    ]);
    expect(column('var:note')[2]).toBe('two\nlines, "quoted"');
    expect(column('reply')[2]).toBe("'=1+2");
    expect(column('function_calls')[2]).toBe('f({"a":"<x>"})');
    expect(column('failed_checks')[1]).toBe('FAIL contains: the reply contains no "Paris"');
    expect(column('total_ms')[0]).toBe('640');
    expect(text.endsWith('\r\n')).toBe(true);
  });
});

describe('the JSONL export', () => {
  it('is one JSON line per cell with row, variant, repeat, request, reply, timings, usage and checks', () => {
    const lines = exportJsonl(report())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatchObject({
      row: { index: 0, vars: { city: 'Paris', note: HOSTILE } },
      variant: 'A <cold>',
      repeat: 1,
      status: 'passed',
      request: { model: 'svc-chat' },
      reply: { content: `Paris ${HOSTILE}`, finish_reason: 'stop' },
      timings: { ttft_ms: 120, total_ms: 640 },
      usage: { total_tokens: 7 },
      pass: true,
      checks: [{ type: 'contains', pass: true, metric: 'accuracy' }],
    });
    expect(lines[3]).toMatchObject({ status: 'error', error: { kind: 'server' }, pass: null, checks: [] });
    expect(lines[5]).toMatchObject({ status: 'waiting', request: null, reply: null, timings: null });
  });
});

describe('the JUnit export', () => {
  const xml = exportJunit(report());
  const doc = new DOMParser().parseFromString(xml, 'application/xml');

  it('is well-formed XML, hostile text and control characters included', () => {
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.getAttribute('name')).toBe('Exp <"1"> & co');
  });

  it('has one suite per variant, failures apart from errors, a cell not run skipped', () => {
    const suites = [...doc.getElementsByTagName('testsuite')];
    expect(
      suites.map((s) => [
        s.getAttribute('name'),
        s.getAttribute('tests'),
        s.getAttribute('failures'),
        s.getAttribute('errors'),
        s.getAttribute('skipped'),
      ]),
    ).toEqual([
      ['A <cold>', '3', '1', '1', '0'],
      ['B & warm', '3', '1', '1', '1'],
    ]);
    expect(doc.documentElement.getAttribute('tests')).toBe('6');
    // Suite A's cases (rows 1 to 3), then suite B's.
    const [first, second, , , fifth] = [...doc.getElementsByTagName('testcase')];
    // XML cannot hold the control characters or the lone surrogate: they arrive written out.
    const written = HOSTILE.replace('\u0001', '\\u0001')
      .replace('\u0008', '\\u0008')
      .replace('\u001b', '\\u001b')
      .replace('\uD800', '\\ud800');
    expect(first!.getAttribute('name')).toBe(`row 1 (first <b>${written}</b>) · repeat 1`);
    expect(first!.getAttribute('time')).toBe('0.640');
    expect(second!.getElementsByTagName('failure')[0]!.textContent).toBe(
      'FAIL contains: the reply contains no "Paris"',
    );
    expect(fifth!.getElementsByTagName('error')[0]!.getAttribute('type')).toBe('server');
    expect(doc.getElementsByTagName('skipped')[0]!.getAttribute('message')).toBe('not run');
  });
});

describe('the HTML report', () => {
  const html = exportHtml(report());
  const document = new DOMParser().parseFromString(html, 'text/html');

  it('is one page with no script, no external reference, and every text escaped', () => {
    expect(document.querySelectorAll('script, img, link, iframe, object, embed')).toHaveLength(0);
    expect(document.querySelectorAll('[src], [href], [onerror]')).toHaveLength(0);
    expect(html).not.toMatch(/https?:\/\/(?!evil)/);
    expect(
      document.querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute('content'),
    ).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(document.title).toBe('Exp <"1"> & co');
    expect(document.body.textContent).toContain('</script><script>alert(1)</script>');
  });

  it('shows pass rates with Wilson intervals, the paired test, metrics and the matrix', () => {
    const text = document.body.textContent ?? '';
    expect(text).toContain('50.0% [9.5%, 90.5%] · 1/2');
    expect(text).toMatch(
      /B & warm passes 0 rows A <cold> fails, A <cold> passes 1 that B & warm fails, of 1 compared: not significant at 0.05/,
    );
    expect(document.querySelectorAll('h2')[2]!.textContent).toBe('Metrics');
    const matrixRows = document
      .querySelectorAll('table')
      [document.querySelectorAll('table').length - 1]!.querySelectorAll('tbody tr');
    expect(matrixRows).toHaveLength(3);
    expect(matrixRows[0]!.querySelectorAll('details')).toHaveLength(2);
    expect(text).toContain("message: {{x}}: the row has no variable 'x'");
  });
});

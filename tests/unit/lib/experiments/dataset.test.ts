import { describe, expect, it } from 'vitest';
import {
  datasetFormatOf,
  readCsvDataset,
  readDataset,
  readInlineRows,
  readJsonlDataset,
  type DatasetRead,
} from '../../../../src/lib/experiments/dataset';
import { parseJsonl } from '../../../../src/lib/experiments/dataset-jsonl';
import { DATASET_LIMITS } from '../../../../src/lib/experiments/dataset-limits';
import type { Issue } from '../../../../src/lib/chat/json-checks';

function rows(read: DatasetRead) {
  if (!read.ok) throw new Error(read.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  return read.dataset.rows;
}

describe('CSV datasets with promptfoo columns', () => {
  it('reads variables, __expected checks, a description and metadata', () => {
    const text = [
      'city,country,__expected,__expected2,__description,__metadata:source',
      'Paris,France,contains:Paris,not-icontains:sorry,capital,atlas',
      'Lyon,France,Lyon,"icontains-any:lyon, rhone",,',
      'Nice,France,is-json,,,',
      '12,X,regex:^\\d+$,word-count:..5,,',
    ].join('\n');
    const read = readCsvDataset(text);
    expect(read.ok && read.dataset.columns).toEqual(['city', 'country']);
    const [paris, lyon, nice, twelve] = rows(read);
    expect(paris).toMatchObject({
      index: 0,
      line: 2,
      vars: { city: 'Paris', country: 'France' },
      checks: [
        { type: 'contains', value: 'Paris' },
        { type: 'not-icontains', value: 'sorry' },
      ],
      description: 'capital',
      metadata: { source: 'atlas' },
    });
    expect(lyon!.checks).toEqual([
      { type: 'equals', value: 'Lyon' },
      { type: 'icontains-any', value: ['lyon', 'rhone'] },
    ]);
    expect(lyon!.description).toBe('');
    expect(nice!.checks).toEqual([{ type: 'is-json' }]);
    expect(twelve!.checks).toEqual([
      { type: 'regex', value: '^\\d+$' },
      { type: 'word-count', value: { max: 5 } },
    ]);
  });

  it('reads text that is not a check type as an expected equal text', () => {
    const [row] = rows(readCsvDataset('q,__expected\nx,"Answer: 42"\ny,yes:no'));
    expect(row!.checks).toEqual([{ type: 'equals', value: 'Answer: 42' }]);
  });

  it('names the metric of the row checks that name none', () => {
    const [row] = rows(readCsvDataset('q,__expected,__metric\nx,contains:a,accuracy'));
    expect(row!.checks).toEqual([{ type: 'contains', value: 'a', metric: 'accuracy' }]);
  });

  it('refuses a check it cannot read, at its line and column', () => {
    const read = readCsvDataset(
      'q,__expected\nok,contains:a\nbad,regex:(unclosed\nworse,javascript:output.length > 3',
    );
    expect(read).toEqual({
      ok: false,
      errors: [
        {
          line: 3,
          column: 5,
          message: expect.stringMatching(/^__expected: "\(unclosed" is not a valid regular expression/),
        },
        {
          line: 4,
          column: 7,
          message: expect.stringMatching(
            /^__expected: 'javascript' is a promptfoo check this playground does not run/,
          ),
        },
      ],
    });
  });

  it('refuses a promptfoo column it does not honour, at the header', () => {
    expect(readCsvDataset('q,__prefix\nx,y')).toEqual({
      ok: false,
      errors: [{ line: 1, column: 3, message: expect.stringMatching(/'__prefix' is not read here/) }],
    });
  });

  it('refuses a file with a header and no rows', () => {
    expect(readCsvDataset('a,b\n')).toMatchObject({
      ok: false,
      errors: [{ line: 2, message: expect.stringMatching(/no rows/) }],
    });
  });

  it('reads 10,000 rows', () => {
    const text = `name,q\n${Array.from({ length: 10_000 }, (_, i) => `n${i},q${i}`).join('\n')}`;
    expect(rows(readCsvDataset(text))).toHaveLength(10_000);
  });
});

describe('row ids', () => {
  it('follow the variables, not the order, and tell equal rows apart', () => {
    const a = rows(readCsvDataset('x,__expected\n1,a\n2,b\n1,c'));
    const b = rows(readCsvDataset('x,__expected\n0,z\n2,changed\n1,a\n1,c'));
    expect(a[0]!.id).toBe(b[2]!.id);
    expect(a[1]!.id).toBe(b[1]!.id); // the expected value is no part of the id: the reply still answers the row
    expect(a[2]!.id).toBe(b[3]!.id);
    expect(a[0]!.id).not.toBe(a[2]!.id);
    expect(new Set(b.map((r) => r.id)).size).toBe(4);
  });
});

describe('JSONL datasets', () => {
  it('reads test cases and bare objects', () => {
    const text = [
      '{"vars": {"city": "Paris", "case": {"lang": "fr"}}, "assert": [{"type": "icontains", "value": "paris", "weight": 2}], "metadata": {"tag": "eu"}, "description": "capital"}',
      '',
      '{"city": "Lyon", "__expected": "contains:Lyon"}\r',
    ].join('\n');
    const [first, second] = rows(readJsonlDataset(text));
    expect(first).toMatchObject({
      line: 1,
      vars: { city: 'Paris', case: { lang: 'fr' } },
      checks: [{ type: 'icontains', value: 'paris', weight: 2 }],
      metadata: { tag: 'eu' },
      description: 'capital',
    });
    expect(second).toMatchObject({
      line: 3,
      vars: { city: 'Lyon' },
      checks: [{ type: 'contains', value: 'Lyon' }],
    });
  });

  it('names the line and column of bad JSON', () => {
    const read = readJsonlDataset('{"a": 1}\n{"a": 2,, "b": 3}\n[1]\n"text"');
    expect(read).toEqual({
      ok: false,
      errors: [
        { line: 2, column: 9, message: expect.stringMatching(/^not valid JSON: /) },
        { line: 3, column: 1, message: expect.stringMatching(/found an array/) },
        { line: 4, column: 1, message: expect.stringMatching(/found a string/) },
      ],
    });
  });

  it('names the line and the place in it of a check that cannot be read', () => {
    const read = readJsonlDataset(
      '{"vars": {"a": 1}, "assert": [{"type": "contains", "value": 1}, {"type": "bogus"}]}',
    );
    expect(read).toEqual({
      ok: false,
      errors: [
        { line: 1, column: 66, message: expect.stringMatching(/^assert\[1\]\.type: 'bogus' is not a check/) },
      ],
    });
  });

  it('refuses fields a test case does not have', () => {
    expect(readJsonlDataset('{"vars": {"a": 1}, "options": {}}')).toMatchObject({
      ok: false,
      errors: [{ line: 1, message: expect.stringMatching(/^options: is not read/) }],
    });
  });

  it('refuses a row of 10,000 variables and a value nested past the limit', () => {
    const wide = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`v${i}`, i]));
    expect(readJsonlDataset(JSON.stringify(wide))).toMatchObject({
      ok: false,
      errors: [{ message: expect.stringMatching(/10,000 variables, more than the 1,000/) }],
    });
    const deep = `{"a": ${'['.repeat(100)}${']'.repeat(100)}}`;
    expect(readJsonlDataset(deep)).toMatchObject({
      ok: false,
      errors: [{ message: expect.stringMatching(/nests deeper than 64/) }],
    });
  });

  it('stops listing problems after the first few', () => {
    const read = parseJsonl('nope\n'.repeat(1_000));
    expect(read.ok === false && read.errors.length).toBe(DATASET_LIMITS.maxErrors);
  });

  it('stops at the row past the row limit', () => {
    const read = parseJsonl('{}\n'.repeat(DATASET_LIMITS.maxRows + 1));
    expect(read).toMatchObject({ ok: false, errors: [{ line: DATASET_LIMITS.maxRows + 1 }] });
  });
});

describe('inline rows and formats', () => {
  it("reads a file's rows with paths for their problems", () => {
    const issues: Issue[] = [];
    const dataset = readInlineRows(
      [{ city: 'Paris' }, { vars: { city: 'Rome' }, assert: [{ type: 'contains' }] }, 3],
      'dataset.rows',
      issues,
    );
    expect(dataset).toBeNull();
    expect(issues).toEqual([
      { path: 'dataset.rows[1].assert[0].value', reason: 'must be a string' },
      { path: 'dataset.rows[2]', reason: expect.stringMatching(/must be an object/) },
    ]);
    const ok = readInlineRows([{ city: 'Paris' }, { vars: { city: 'Rome', n: 1 } }], 'rows', issues);
    expect(ok).toMatchObject({ columns: ['city', 'n'], rows: [{ line: 1 }, { line: 2 }] });
  });

  it('tells formats from file names', () => {
    expect(datasetFormatOf('cases.CSV')).toBe('csv');
    expect(datasetFormatOf('a.jsonl')).toBe('jsonl');
    expect(datasetFormatOf('a.ndjson')).toBe('jsonl');
    expect(datasetFormatOf('a.json')).toBeNull();
    expect(readDataset('a\n1', 'csv').ok).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../src/lib/experiments/dataset-csv';
import { DATASET_LIMITS } from '../../../../src/lib/experiments/dataset-limits';
import type { WorkCounter } from '../../../../src/lib/experiments/template';

function records(text: string): string[][] {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return [parsed.header.fields, ...parsed.records.map((r) => r.fields)];
}

function error(text: string) {
  const parsed = parseCsv(text);
  if (parsed.ok) throw new Error('expected an error');
  return parsed.error;
}

describe('CSV as RFC 4180 writes it', () => {
  it('reads quotes, doubled quotes, CRLF and line breaks inside quotes', () => {
    const text = 'city,note\r\n"Paris","says ""bonjour"", twice"\r\n"Lyon","two\r\nlines"\r\nNice,plain\r\n';
    expect(records(text)).toEqual([
      ['city', 'note'],
      ['Paris', 'says "bonjour", twice'],
      ['Lyon', 'two\r\nlines'],
      ['Nice', 'plain'],
    ]);
  });

  it('drops a byte-order mark, takes LF and a lone CR, and skips empty lines', () => {
    expect(records('\uFEFFa,b\n1,2\r\r\n3,4\r5,6')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
  });

  it('keeps empty fields, and a quote inside an unquoted field as text', () => {
    expect(records('a,b,c\n,,\n5" screen,"",x')).toEqual([
      ['a', 'b', 'c'],
      ['', '', ''],
      ['5" screen', '', 'x'],
    ]);
  });

  it('numbers the lines of records after a quoted line break', () => {
    const parsed = parseCsv('a,b\n"x\ny",1\nz,2\n');
    expect(parsed.ok && parsed.records.map((r) => r.line)).toEqual([2, 4]);
  });
});

describe('bad CSV names the line and column', () => {
  it('text after a closing quote', () => {
    expect(error('a,b\n1,"two"x\n')).toEqual({
      line: 2,
      column: 8,
      message: expect.stringMatching(/unexpected "x" after a closing quote/),
    });
  });

  it('a quote never closed, at the quote that opened it', () => {
    expect(error('a,b\n1,2\n3,"open\nand on\n')).toMatchObject({
      line: 3,
      column: 3,
      message: expect.stringMatching(/never closed/),
    });
  });

  it('a row with more or fewer fields than the header', () => {
    expect(error('a,b\n1,2,3\n')).toMatchObject({
      line: 2,
      column: 5,
      message: expect.stringMatching(/more fields than the header's 2/),
    });
    expect(error('a,b\n1,2\n3\n')).toMatchObject({
      line: 3,
      message: 'this row has 1 field; the header has 2',
    });
  });

  it('a header with an empty or repeated name, or no header at all', () => {
    expect(error('a,,c\n1,2,3')).toMatchObject({ line: 1, message: 'column 2 of the header has no name' });
    expect(error('a,b,a\n')).toMatchObject({
      message: expect.stringMatching(/names 'a' twice \(columns 1 and 3\)/),
    });
    expect(error('')).toMatchObject({ message: expect.stringMatching(/empty/) });
  });
});

describe('limits, counted before the work', () => {
  it('stops a 10,000-column data row at the field past the header', () => {
    const work: WorkCounter = { steps: 0 };
    const wide = Array.from({ length: 10_000 }, (_, i) => `v${i}`).join(',');
    const parsed = parseCsv(`a,b,c\n${wide}\n`, work);
    expect(parsed).toMatchObject({
      ok: false,
      error: { line: 2, message: expect.stringMatching(/field 4 starts here/) },
    });
    expect(work.steps).toBeLessThan(100);
  });

  it('stops a 10,000-column header at the column limit', () => {
    const work: WorkCounter = { steps: 0 };
    const header = Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',');
    const parsed = parseCsv(header, work);
    expect(parsed).toMatchObject({
      ok: false,
      error: { line: 1, message: expect.stringMatching(/more than 1,000 columns/) },
    });
    expect(work.steps).toBeLessThan(DATASET_LIMITS.maxColumns * 8);
  });

  it('reads 10,000 rows, and refuses the row past the row limit', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `case ${i},"q, ${i}"`).join('\n');
    const parsed = parseCsv(`name,question\n${rows}`);
    expect(parsed.ok && parsed.records.length).toBe(10_000);
    const many = parseCsv(`n\n${'1\n'.repeat(DATASET_LIMITS.maxRows + 5)}`);
    expect(many).toMatchObject({
      ok: false,
      error: { line: DATASET_LIMITS.maxRows + 2, message: expect.stringMatching(/more than 100,000 rows/) },
    });
  });

  it('refuses a text past the size limit without reading it', () => {
    const work: WorkCounter = { steps: 0 };
    const parsed = parseCsv('a'.repeat(DATASET_LIMITS.maxChars + 1), work);
    expect(parsed).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/more than the 64.0 MB/) },
    });
    expect(work.steps).toBe(0);
  });

  it('does work in proportion to the text, quotes or not', () => {
    for (const body of ['"a""b",c\n', 'x,y\n', '"line\nbreak",z\n', '"""""""""""",q\n']) {
      const text = `h1,h2\n${body.repeat(20_000)}`;
      const work: WorkCounter = { steps: 0 };
      expect(parseCsv(text, work).ok).toBe(true);
      expect(work.steps).toBeLessThan(2 * text.length);
    }
  });
});

/**
 * CSV as RFC 4180 writes it: fields split by commas, records by CRLF (LF and a lone CR are taken
 * too), a field in double quotes may hold commas, quotes (doubled: `""`) and line breaks; a leading
 * byte-order mark is dropped. The first record is the header: the variable names.
 *
 * Leniency where it is unambiguous: a quote inside an unquoted field (`5" screen`) is kept as text;
 * empty lines are skipped. Text after a closing quote, a quote never closed and a record with a
 * different number of fields than the header are errors naming the line and column.
 *
 * One pass over the text: every character is looked at a bounded number of times, whatever it holds.
 */
import { DATASET_LIMITS, count, tooLarge, type DatasetError } from './dataset-limits';
import type { WorkCounter } from './template';

export interface CsvRecord {
  /** The line the record starts on (1-based). */
  line: number;
  /** Where the record starts in `CsvParse.text`, to place an error in one of its fields later. */
  offset: number;
  fields: string[];
}

export type CsvParse =
  | {
      ok: true;
      header: CsvRecord;
      records: CsvRecord[];
      /** The text read (without its byte-order mark): offsets are into it. */
      text: string;
    }
  | { ok: false; error: DatasetError };

const COMMA = 44;
const QUOTE = 34;
const CR = 13;
const LF = 10;

class CsvScanner {
  pos = 0;
  line = 1;
  lineStart = 0;
  constructor(
    readonly text: string,
    readonly work: WorkCounter | undefined,
  ) {}

  column(at = this.pos): number {
    return at - this.lineStart + 1;
  }

  error(message: string, line = this.line, column = this.column()): { ok: false; error: DatasetError } {
    return { ok: false, error: { line, column, message } };
  }

  /** Moves past a line break at `pos` (CRLF, LF or CR), if there is one. */
  breakLine(): boolean {
    const c = this.text.charCodeAt(this.pos);
    if (c === CR) this.pos += this.text.charCodeAt(this.pos + 1) === LF ? 2 : 1;
    else if (c === LF) this.pos += 1;
    else return false;
    this.line++;
    this.lineStart = this.pos;
    return true;
  }

  /** An unquoted field: up to the next comma, line break or the end. */
  plain(): string {
    const { text } = this;
    const start = this.pos;
    let i = start;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === COMMA || c === CR || c === LF) break;
      i++;
    }
    if (this.work) this.work.steps += i - start + 1;
    this.pos = i;
    return text.slice(start, i);
  }

  /** A quoted field starting at `pos` (on its quote); null when the quote is never closed. */
  quoted(): string | null {
    const { text } = this;
    const pieces: string[] = [];
    let i = this.pos + 1;
    let pieceStart = i;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (this.work) this.work.steps++;
      if (c === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) {
          pieces.push(text.slice(pieceStart, i + 1));
          i += 2;
          pieceStart = i;
          continue;
        }
        pieces.push(text.slice(pieceStart, i));
        this.pos = i + 1;
        return pieces.length === 1 ? pieces[0]! : pieces.join('');
      }
      if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) {
        this.line++;
        this.lineStart = i + 1;
      }
      i++;
    }
    return null;
  }
}

/**
 * Reads CSV text into its header and records, or the first error with its line and column. Limits
 * (DATASET_LIMITS) are counted as it reads, so a record of 10,000 fields stops at the field that
 * passes the header's count (or the column limit, for the header itself).
 */
export function parseCsv(input: string, work?: WorkCounter): CsvParse {
  if (input.length > DATASET_LIMITS.maxChars) return { ok: false, error: tooLarge(input.length) };
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const s = new CsvScanner(text, work);
  let header: CsvRecord | null = null;
  const records: CsvRecord[] = [];
  while (s.pos < text.length) {
    if (s.breakLine()) continue; // an empty line
    const line = s.line;
    const offset = s.pos;
    const fields: string[] = [];
    const most = header ? header.fields.length : DATASET_LIMITS.maxColumns;
    for (;;) {
      const fieldLine = s.line;
      const fieldColumn = s.column();
      let field: string;
      if (text.charCodeAt(s.pos) === QUOTE) {
        const value = s.quoted();
        if (value === null)
          return s.error(
            'a quoted field is never closed: its opening quote has no closing one',
            fieldLine,
            fieldColumn,
          );
        field = value;
        const next = text.charCodeAt(s.pos);
        if (s.pos < text.length && next !== COMMA && next !== CR && next !== LF)
          return s.error(
            `unexpected ${JSON.stringify(text[s.pos])} after a closing quote; a quote inside a quoted field is written twice ("")`,
          );
      } else field = s.plain();
      if (fields.length === most)
        return s.error(
          header
            ? `more fields than the header's ${count(header.fields.length)} (field ${count(fields.length + 1)} starts here); quote a field that holds a comma`
            : `the header has more than ${count(DATASET_LIMITS.maxColumns)} columns, more than a dataset may have`,
          fieldLine,
          fieldColumn,
        );
      fields.push(field);
      if (text.charCodeAt(s.pos) !== COMMA) break;
      s.pos++;
    }
    s.breakLine();
    if (!header) {
      const names = fields.map((name) => name.trim());
      const problem = headerProblem(names);
      if (problem) return s.error(problem, line, 1);
      header = { line, offset, fields: names };
      continue;
    }
    if (fields.length < header.fields.length)
      return s.error(
        `this row has ${count(fields.length)} field${fields.length === 1 ? '' : 's'}; the header has ${count(header.fields.length)}`,
        line,
        1,
      );
    if (records.length === DATASET_LIMITS.maxRows)
      return s.error(
        `more than ${count(DATASET_LIMITS.maxRows)} rows, more than a dataset may have`,
        line,
        1,
      );
    if ((records.length + 1) * header.fields.length > DATASET_LIMITS.maxCells)
      return s.error(
        `more than ${count(DATASET_LIMITS.maxCells)} values (rows × columns), more than a dataset may hold`,
        line,
        1,
      );
    records.push({ line, offset, fields });
  }
  if (!header)
    return { ok: false, error: { line: 1, column: 1, message: 'the file is empty: it needs a header row' } };
  return { ok: true, header, records, text };
}

/** Where field `index` of a record starts (line and column), found by reading the record again. */
export function fieldPosition(
  text: string,
  record: CsvRecord,
  index: number,
): { line: number; column: number } {
  const s = new CsvScanner(text, undefined);
  s.pos = s.lineStart = record.offset;
  s.line = record.line;
  for (let i = 0; i < index && s.pos < text.length; i++) {
    if (text.charCodeAt(s.pos) === QUOTE) s.quoted();
    else s.plain();
    if (text.charCodeAt(s.pos) !== COMMA) break;
    s.pos++;
  }
  return { line: s.line, column: s.column() };
}

function headerProblem(names: readonly string[]): string | null {
  const seen = new Map<string, number>();
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (name === '') return `column ${i + 1} of the header has no name`;
    const first = seen.get(name);
    if (first !== undefined)
      return `the header names '${name}' twice (columns ${first + 1} and ${i + 1}); each column needs its own name`;
    seen.set(name, i);
  }
  return null;
}

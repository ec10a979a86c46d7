/**
 * JSON Lines: one JSON object per line (LF or CRLF), blank lines skipped, a leading byte-order mark
 * dropped. What each object means (`{vars, assert, metadata}` or a bare object of variables) is
 * dataset.ts's business; this file only splits and parses, naming the line and column of what breaks.
 */
import { DATASET_LIMITS, count, tooLarge, type DatasetError } from './dataset-limits';
import { parseJson } from '../function-schema/parse-json';

export interface JsonlLine {
  /** 1-based. */
  line: number;
  value: Record<string, unknown>;
  /** The line as written, to place a problem found later in one of its values. */
  text: string;
}

export type JsonlParse = { ok: true; lines: JsonlLine[] } | { ok: false; errors: DatasetError[] };

/**
 * The locating parser builds a map of every value's place: worth it for one bad line of ordinary
 * size, not for a bad line of megabytes, which gets the engine's own message.
 */
const LOCATE_MAX_CHARS = 1024 * 1024;

/** Where a line's JSON breaks (1-based column) and why. */
function locate(text: string, engineMessage: string): { column: number; message: string } {
  if (text.length <= LOCATE_MAX_CHARS) {
    try {
      const parsed = parseJson(text);
      if (!parsed.ok) return { column: parsed.position.column, message: parsed.message };
    } catch (error) {
      // The locating parser recurses: a line nested thousands deep overflows it; the engine's
      // message stands.
      if (!(error instanceof RangeError)) throw error;
    }
  }
  const at = /position (\d+)/.exec(engineMessage);
  return { column: at ? Number(at[1]) + 1 : 1, message: engineMessage };
}

/** Splits and parses JSONL text; stops after DATASET_LIMITS.maxErrors problems or past maxRows. */
export function parseJsonl(input: string): JsonlParse {
  if (input.length > DATASET_LIMITS.maxChars) return { ok: false, errors: [tooLarge(input.length)] };
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const lines: JsonlLine[] = [];
  const errors: DatasetError[] = [];
  let start = 0;
  let lineNumber = 0;
  while (start < text.length && errors.length < DATASET_LIMITS.maxErrors) {
    lineNumber++;
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const raw = text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    start = end + 1;
    if (raw.trim() === '') continue;
    if (lines.length + errors.length === DATASET_LIMITS.maxRows) {
      errors.push({
        line: lineNumber,
        column: 1,
        message: `more than ${count(DATASET_LIMITS.maxRows)} rows, more than a dataset may have`,
      });
      break;
    }
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      const where = locate(raw, error instanceof Error ? error.message : String(error));
      errors.push({ line: lineNumber, column: where.column, message: `not valid JSON: ${where.message}` });
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      const found = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
      const column = raw.length - raw.trimStart().length + 1;
      errors.push({
        line: lineNumber,
        column,
        message: `each line must be a JSON object ({"vars": {…}} or an object of variables), found ${found}`,
      });
      continue;
    }
    lines.push({ line: lineNumber, value: value as Record<string, unknown>, text: raw });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, lines };
}

import type { SubtitleError } from './types';

export interface Timing {
  start: number;
  end: number;
  settings: string;
}

/**
 * Reads `start --> end [settings]` with the given timestamp parser; on failure returns the error
 * for `line`, naming the part that is wrong and the form expected.
 */
export function readTimingLine(
  text: string,
  line: number,
  parse: (stamp: string) => number | null,
  expected: string,
): Timing | SubtitleError {
  const arrow = text.indexOf('-->');
  if (arrow < 0)
    return { line, reason: `expected a timing line "${expected} --> ${expected}", found "${text}"` };
  const startText = text.slice(0, arrow).trim();
  const [endText = '', ...rest] = text
    .slice(arrow + 3)
    .trim()
    .split(/[ \t]+/);
  const start = parse(startText);
  if (start === null) return { line, reason: `bad start time "${startText}": expected ${expected}` };
  const end = parse(endText);
  if (end === null) return { line, reason: `bad end time "${endText}": expected ${expected}` };
  if (end < start) return { line, reason: `end time ${endText} is before start time ${startText}` };
  return { start, end, settings: rest.join(' ') };
}

export function isTimingError(value: Timing | SubtitleError): value is SubtitleError {
  return 'reason' in value;
}

/** The stop parameter as the wire allows it: one string, several, or null/absent. */
export type StopValue = string | string[] | null | undefined;

/** Every sequence of a stop value, as a list (absent and null give an empty list). */
export function stopList(value: StopValue): string[] {
  if (value === undefined || value === null) return [];
  return typeof value === 'string' ? [value] : value;
}

/**
 * Turns the escapes people type into the characters they mean: `\n`, `\t`, `\r` and `\\`.
 * Anything else after a backslash is kept as typed.
 */
export function unescapeSequence(typed: string): string {
  return typed.replace(/\\([ntr\\])/g, (_, c: string) =>
    c === 'n' ? '\n' : c === 't' ? '\t' : c === 'r' ? '\r' : '\\',
  );
}

/** Shows a sequence with its invisible characters spelled out, the way it would be typed. */
export function displaySequence(sequence: string): string {
  return sequence.replace(/[\\\n\t\r]/g, (c) =>
    c === '\n' ? '\\n' : c === '\t' ? '\\t' : c === '\r' ? '\\r' : '\\\\',
  );
}

/** Why a new sequence cannot be added to `current`, or null when it can. */
export function refuseSequence(sequence: string, current: string[], max: number | undefined): string | null {
  if (sequence === '') return 'A stop sequence cannot be empty.';
  if (current.includes(sequence)) return `"${displaySequence(sequence)}" is already a stop sequence.`;
  if (max !== undefined && current.length >= max) {
    return `At most ${max} stop sequences; remove one first.`;
  }
  return null;
}

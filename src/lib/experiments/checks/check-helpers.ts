/**
 * What several checks share: reading a value from an untrusted spec, the limits on what a check
 * reads, and quoting for reasons. The limits are counted in characters, never timed, so a check
 * gives the same answer on every machine.
 */
import type { Issue } from '../../chat/json-checks';
import type { CellReply, Verdict } from './types';

/**
 * The most characters of a reply a text check reads: what a reply may hold in the page
 * (REPLY_LIMITS.maxTextChars). A longer reply (one from a hostile server, say) is not checked and
 * says so, rather than scanned.
 */
export const MAX_CHECKED_CHARS = 8 * 1024 * 1024;

/**
 * Characters compared by one check: each of a `contains-any` list's values is a scan of the reply.
 * 64 M is about a few hundred milliseconds of scanning at worst; a 10 KB reply can be searched for
 * 6,000 values.
 */
export const MAX_SCAN_CHARS = 64 * 1024 * 1024;

/** Values in one `-any` / `-all` list. */
export const MAX_LIST_VALUES = 1_000;

const mb = (chars: number) => `${(chars / (1024 * 1024)).toFixed(1)} MB`;

/** The reply's text, or a verdict saying it is too long to check. */
export function replyText(reply: CellReply): { text: string } | { verdict: Verdict } {
  const text = reply.content ?? '';
  if (text.length > MAX_CHECKED_CHARS)
    return {
      verdict: {
        pass: false,
        unchecked: true,
        reason: `the reply is ${mb(text.length)}, more than the ${mb(MAX_CHECKED_CHARS)} a check reads`,
      },
    };
  return { text };
}

/** A value for a reason: JSON-quoted, cut to a readable length. */
export function quote(value: unknown, max = 80): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const cut = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return typeof value === 'string' ? JSON.stringify(cut) : cut;
}

/** The start of a reply, for a reason that shows what came back. */
export function excerpt(text: string): string {
  return text === '' ? 'an empty reply' : quote(text, 60);
}

/** A text value: a string, or a number written out (a JSONL file may give `42`). */
export function readText(value: unknown, path: string, issues: Issue[]): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  issues.push({ path, reason: 'must be a string' });
  return undefined;
}

/** A list of texts: an array, or one string of comma-separated values (as a CSV cell writes it). */
export function readTextList(value: unknown, path: string, issues: Issue[]): string[] | undefined {
  const items = typeof value === 'string' ? splitList(value) : value;
  if (!Array.isArray(items) || items.length === 0) {
    issues.push({ path, reason: 'must be a non-empty array of strings (or one comma-separated string)' });
    return undefined;
  }
  if (items.length > MAX_LIST_VALUES) {
    issues.push({ path, reason: `holds ${items.length} values; at most ${MAX_LIST_VALUES} are checked` });
    return undefined;
  }
  const texts: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const text = readText(items[i], `${path}[${i}]`, issues);
    if (text === undefined) return undefined;
    texts.push(text);
  }
  return texts;
}

/** `a, b ,c` → ['a', 'b', 'c']; empty items dropped. */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Inclusive bounds; at least one is set. */
export interface Bounds {
  min?: number;
  max?: number;
}

/**
 * Bounds as a spec gives them: `{min, max}` (either may be absent), or a number meaning "at most".
 * `unit` names what is counted, for the messages ("ms", "words").
 */
export function readBounds(value: unknown, path: string, issues: Issue[], unit: string): Bounds | undefined {
  if (typeof value === 'number') value = { max: value };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    issues.push({ path, reason: `must be a number (the most ${unit}) or {"min": …, "max": …}` });
    return undefined;
  }
  const record = value as Record<string, unknown>;
  const bounds: Bounds = {};
  for (const key of Object.keys(record)) {
    if (key !== 'min' && key !== 'max') continue;
    const n = record[key];
    if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) {
      issues.push({ path: `${path}.${key}`, reason: `must be a number of ${unit}, 0 or more` });
      return undefined;
    }
    bounds[key] = n;
  }
  if (bounds.min === undefined && bounds.max === undefined) {
    issues.push({ path, reason: `needs "min", "max" or both (in ${unit})` });
    return undefined;
  }
  if (bounds.min !== undefined && bounds.max !== undefined && bounds.min > bounds.max) {
    issues.push({ path, reason: `"min" (${bounds.min}) is above "max" (${bounds.max})` });
    return undefined;
  }
  return bounds;
}

/** `10..50`, `..280`, `10..` or `280` (at most) from a CSV cell; the text itself when it is none. */
export function boundsFromCell(text: string): unknown {
  const range = /^\s*(\d+(?:\.\d+)?)?\s*\.\.\s*(\d+(?:\.\d+)?)?\s*$/.exec(text);
  if (range && (range[1] !== undefined || range[2] !== undefined))
    return {
      ...(range[1] !== undefined ? { min: Number(range[1]) } : {}),
      ...(range[2] !== undefined ? { max: Number(range[2]) } : {}),
    };
  const single = /^\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  return single ? Number(single[1]) : text;
}

/** A figure against its bounds, as a verdict: `what` is "the reply has 12 words". */
export function withinBounds(figure: number, bounds: Bounds, what: string, unit: string): Verdict {
  const low = bounds.min !== undefined && figure < bounds.min;
  const high = bounds.max !== undefined && figure > bounds.max;
  const limits = [
    bounds.min !== undefined ? `at least ${bounds.min}` : '',
    bounds.max !== undefined ? `at most ${bounds.max}` : '',
  ]
    .filter((part) => part)
    .join(' and ');
  return {
    pass: !low && !high,
    reason: `${what}${low ? ', fewer than' : high ? ', more than' : '; asked for'} ${low ? bounds.min : high ? bounds.max : limits} ${unit}`,
  };
}

/**
 * Checks on the reply's text: equals, contains (any/all, case-insensitive), starts-with, word and
 * length limits. Each reads at most MAX_CHECKED_CHARS of reply and scans at most MAX_SCAN_CHARS.
 */
import {
  boundsFromCell,
  excerpt,
  MAX_SCAN_CHARS,
  quote,
  readBounds,
  readText,
  readTextList,
  replyText,
  splitList,
  withinBounds,
  type Bounds,
} from './check-helpers';
import { deepEqual } from './values';
import type { CheckKind, Verdict } from './types';

/** Exact text; or, when the value is not a string, the reply read as JSON and compared as a value. */
export const equalsCheck: CheckKind<{ text: string } | { json: unknown }> = {
  type: 'equals',
  summary:
    'The reply is exactly `value` (a string); a non-string value is compared with the reply read as JSON.',
  read: (spec, path, issues) => {
    if (spec.value === undefined) {
      issues.push({ path, reason: 'needs the text (or JSON value) the reply must equal' });
      return undefined;
    }
    return typeof spec.value === 'string' ? { text: spec.value } : { json: spec.value };
  },
  grade: (value, reply) => {
    const read = replyText(reply);
    if ('verdict' in read) return read.verdict;
    if ('text' in value)
      return {
        pass: read.text === value.text,
        reason:
          read.text === value.text
            ? `the reply is ${quote(value.text)}`
            : `the reply is ${excerpt(read.text)}, not ${quote(value.text)}`,
      };
    let parsed: unknown;
    try {
      parsed = JSON.parse(read.text);
    } catch {
      return { pass: false, reason: `the reply is not JSON, so it is not ${quote(value.json)}` };
    }
    const same = deepEqual(parsed, value.json, false);
    return { pass: same, reason: `the reply's JSON ${same ? 'is' : 'is not'} ${quote(value.json)}` };
  },
};

type Mode = { caseless: boolean; quantifier: 'one' | 'any' | 'all' };

function containsKind(type: string, mode: Mode): CheckKind<string[]> {
  const list = mode.quantifier !== 'one';
  const caseNote = mode.caseless ? ', ignoring case' : '';
  return {
    type,
    summary:
      mode.quantifier === 'one'
        ? `The reply contains \`value\`${caseNote}.`
        : `The reply contains ${mode.quantifier} of \`value\` (an array, or a comma-separated string)${caseNote}.`,
    read: (spec, path, issues) => {
      if (list) return readTextList(spec.value, path, issues);
      const text = readText(spec.value, path, issues);
      return text === undefined ? undefined : [text];
    },
    ...(list ? { fromCell: splitList } : {}),
    grade: (values, reply) => {
      const read = replyText(reply);
      if ('verdict' in read) return read.verdict;
      const scans = values.length * Math.max(1, read.text.length);
      if (scans > MAX_SCAN_CHARS)
        return {
          pass: false,
          unchecked: true,
          reason: `searching a reply of ${read.text.length.toLocaleString('en')} characters for ${values.length} values is more than the ${MAX_SCAN_CHARS.toLocaleString('en')} characters a check compares`,
        };
      const haystack = mode.caseless ? read.text.toLowerCase() : read.text;
      const found = values.filter((v) => haystack.includes(mode.caseless ? v.toLowerCase() : v));
      const missing = values.filter((v) => !found.includes(v));
      const names = (vs: string[]) => vs.map((v) => quote(v, 40)).join(', ');
      if (mode.quantifier === 'all')
        return {
          pass: missing.length === 0,
          reason:
            missing.length === 0
              ? `the reply contains all of ${names(values)}${caseNote}`
              : `the reply lacks ${names(missing)}${caseNote}`,
        };
      return {
        pass: found.length > 0,
        reason:
          found.length > 0
            ? `the reply contains ${names(found)}${caseNote}`
            : `the reply contains ${list ? 'none of ' : ''}${list ? names(values) : `no ${names(values)}`}${caseNote}`,
      };
    },
  };
}

export const containsChecks: CheckKind<string[]>[] = [
  containsKind('contains', { caseless: false, quantifier: 'one' }),
  containsKind('icontains', { caseless: true, quantifier: 'one' }),
  containsKind('contains-any', { caseless: false, quantifier: 'any' }),
  containsKind('contains-all', { caseless: false, quantifier: 'all' }),
  containsKind('icontains-any', { caseless: true, quantifier: 'any' }),
  containsKind('icontains-all', { caseless: true, quantifier: 'all' }),
];

export const startsWithCheck: CheckKind<string> = {
  type: 'starts-with',
  summary: 'The reply starts with `value`.',
  read: (spec, path, issues) => readText(spec.value, path, issues),
  grade: (prefix, reply) => {
    const read = replyText(reply);
    if ('verdict' in read) return read.verdict;
    const pass = read.text.startsWith(prefix);
    return {
      pass,
      reason: pass ? `the reply starts with ${quote(prefix)}` : `the reply starts ${excerpt(read.text)}`,
    };
  },
};

/** Unicode's white space, as `\s` has it; a word is a run of anything else. */
function isWhiteSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Words: runs of characters other than white space. */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = isWhiteSpace(text.charCodeAt(i));
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

/** Characters as people count them: code points, so an emoji is one. */
export function countCharacters(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++; // a low surrogate finishes a character already counted
  }
  return n;
}

function limitKind(type: string, unit: string, measure: (text: string) => number): CheckKind<Bounds> {
  return {
    type,
    summary: `The reply's ${unit} are within \`value\`: {"min", "max"} or a number (at most); a CSV cell writes \`${type}:10..50\`.`,
    read: (spec, path, issues) => readBounds(spec.value, path, issues, unit),
    fromCell: boundsFromCell,
    grade: (bounds, reply): Verdict => {
      const read = replyText(reply);
      if ('verdict' in read) return read.verdict;
      const n = measure(read.text);
      return withinBounds(n, bounds, `the reply has ${n.toLocaleString('en')} ${unit}`, unit);
    },
  };
}

export const wordCountCheck = limitKind('word-count', 'words', countWords);
export const lengthCheck = limitKind('length', 'characters', countCharacters);

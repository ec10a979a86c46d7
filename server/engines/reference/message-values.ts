/**
 * Values the argument filler can take from the user's message, each usable once. Every pattern here
 * runs in linear time: no quantified class that can overlap what follows it (the old e-mail pattern
 * `[\w.+-]+@` took 13 s on "a." × 40,000), and lists are capped so a message of a million numbers
 * does not become an array of a million arguments.
 */
import { SCANNED_CHARS } from './request-analysis';

export interface MessageValues {
  text: string;
  /** `text` in lower case, and its words (letter/digit runs), for "is this value mentioned?". */
  lower: string;
  words: Set<string>;
  numbers: number[];
  quoted: string[];
  places: string[];
  emails: string[];
  urls: string[];
  dates: string[];
}

/** Most values of each kind taken from one message. */
export const MAX_VALUES = 256;

const QUOTED = /"([^"]+)"|“([^“”]+)”|'([^']{2,})'/g;
const URL = /\bhttps?:\/\/[^\s"'<>]+/g;
// Local part and labels of bounded length (RFC 5321: 64 and 63), so each start position costs O(1).
const EMAIL = /(?<![\w.+-])[\w+-][\w.+-]{0,63}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}\b/g;
const DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
const NUMBER = /(?<![\w.])-?\d{1,30}(?:\.\d{1,30})?(?![\w.]*[A-Za-z])/g;
const PLACE =
  /\b(?:in|at|to|from|near|for)[ \t]{1,8}([A-Z][\p{L}'-]{0,63}(?:,?[ \t]{1,4}[A-Z][\p{L}'-]{0,63}){0,5})/gu;

function take<T>(matches: Iterable<RegExpMatchArray>, read: (m: RegExpMatchArray) => T): T[] {
  const values: T[] = [];
  for (const match of matches) {
    values.push(read(match));
    if (values.length >= MAX_VALUES) break;
  }
  return values;
}

/** Collects numbers, quoted strings, places ("in Paris"), e-mails, URLs and ISO dates from `text`. */
export function extractValues(fullText: string): MessageValues {
  const text = fullText.slice(0, SCANNED_CHARS);
  const lower = text.toLowerCase();
  const quoted = take(text.matchAll(QUOTED), (m) => m[1] ?? m[2] ?? m[3] ?? '');
  const withoutQuoted = text.replace(QUOTED, ' ');
  const urls = take(withoutQuoted.matchAll(URL), (m) => m[0]);
  const emails = take(withoutQuoted.matchAll(EMAIL), (m) => m[0]);
  const dates = take(withoutQuoted.matchAll(DATE), (m) => m[0]);
  const plain = withoutQuoted.replace(URL, ' ').replace(EMAIL, ' ').replace(DATE, ' ');
  const numbers = take(plain.matchAll(NUMBER), (m) => Number(m[0]));
  const places = take(withoutQuoted.matchAll(PLACE), (m) => m[1] ?? '');
  return {
    text,
    lower,
    words: new Set(lower.match(/[\p{L}\p{N}]+/gu) ?? []),
    numbers,
    quoted,
    places,
    emails,
    urls,
    dates,
  };
}

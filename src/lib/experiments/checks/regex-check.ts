/**
 * `regex`: the reply matches a pattern somewhere (anchor it with ^…$ for the whole reply). Patterns
 * come from files and datasets, and JavaScript's RegExp backtracks (`(a+)+$` against 40 characters
 * hangs a tab), so they run on RE2 (re2js), whose time is linear in the reply, as the schema checks'
 * patterns do (function-schema/linear-regexp.ts). A pattern RE2 cannot run (a lookahead, a
 * backreference) is an unchecked result saying so; it is never handed to the backtracking engine.
 */
import { RE2JS } from 're2js';
import { quote, replyText } from './check-helpers';
import { LruCache } from '../../function-schema/validator-cache';
import type { CheckKind } from './types';

/** Characters of a pattern: longer ones are data, not patterns, and RE2 compiles in their size. */
export const MAX_PATTERN_CHARS = 2_000;

/**
 * Characters of reply a pattern is run on. RE2 is linear, but re2js runs at some hundreds of
 * nanoseconds a character at worst (`^\d+$` over digits): 2 M is under a second on a busy machine.
 */
export const MAX_REGEX_CHARS = 2_000_000;

/**
 * RE2 writes `x{1000}` out as a thousand copies of `x`, and re2js compiles at some microseconds a
 * copy: `(.{1,1000}){1}` a hundred times over is 200,000 instructions and seconds of compiling.
 * Counted before compiling (see estimateProgramSize), 20,000 is well under a tenth of a second.
 */
export const MAX_PROGRAM_SIZE = 20_000;

type Compiled = { re2: RE2JS } | { unsupported: string };

export interface RegexValue {
  pattern: string;
  flags: string;
  compiled: Compiled;
}

function featureOf(pattern: string, message: string): string {
  if (/\(\?<?[=!]/.test(pattern)) return 'a lookahead or lookbehind';
  if (/\\[1-9]|\\k</.test(pattern)) return 'a backreference';
  if (/repeat count/.test(message)) return 'a repeat count over 1000';
  return `syntax RE2 does not support (${message})`;
}

/**
 * About how many instructions RE2 makes of a pattern: each atom counts one, times every counted
 * repetition (`{m,n}`) around it. An estimate from one pass over the pattern, close enough to keep
 * what is compiled bounded; it never runs the pattern.
 */
export function estimateProgramSize(pattern: string): number {
  const groups: number[] = [0];
  let last = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      i++;
      last = 1;
      groups[groups.length - 1]! += 1;
    } else if (c === '[') {
      // A class is one instruction, whatever it lists.
      let j = i + 1;
      if (pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j += pattern[j] === '\\' ? 2 : 1;
      i = j;
      last = 1;
      groups[groups.length - 1]! += 1;
    } else if (c === '(') groups.push(0);
    else if (c === ')') {
      last = groups.length > 1 ? groups.pop()! + 1 : 1;
      groups[groups.length - 1]! += last;
    } else if (c === '{') {
      const counted = /^\{(\d+)(?:(,)(\d*))?\}/.exec(pattern.slice(i, i + 24));
      if (counted) {
        const most = counted[3]
          ? Number(counted[3])
          : counted[2]
            ? Number(counted[1]) + 1
            : Number(counted[1]);
        groups[groups.length - 1]! += last * Math.max(0, most - 1);
        last *= Math.max(1, most);
        i += counted[0].length - 1;
      } else {
        last = 1;
        groups[groups.length - 1]! += 1;
      }
    } else if (c !== '|' && c !== '*' && c !== '+' && c !== '?') {
      last = 1;
      groups[groups.length - 1]! += 1;
    }
  }
  return groups.reduce((sum, size) => sum + size, 0);
}

const FLAG_BITS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
};

/**
 * Compiles for RE2; null when the pattern is not even a valid JavaScript pattern (a mistake in the
 * file, reported when it is read). Compiling never runs the pattern on anything.
 */
export function compileBounded(pattern: string, flags: string): Compiled | null {
  const key = `${flags}/${pattern}`;
  const known = compiledPatterns.get(key);
  if (known) return known;
  const made = compile(pattern, flags);
  if (made) compiledPatterns.set(key, made);
  return made;
}

// Each row's checks are read again for its cells: a dataset's patterns are compiled once each.
const compiledPatterns = new LruCache<Compiled>(256);

function compile(pattern: string, flags: string): Compiled | null {
  let bits = 0;
  for (const flag of flags) bits |= FLAG_BITS[flag] ?? 0;
  try {
    return { re2: RE2JS.compile(RE2JS.translateRegExp(pattern), bits) };
  } catch (error) {
    try {
      new RegExp(pattern, flags);
    } catch {
      return null;
    }
    return { unsupported: featureOf(pattern, error instanceof Error ? error.message : String(error)) };
  }
}

export const regexCheck: CheckKind<RegexValue> = {
  type: 'regex',
  summary:
    'The reply matches the pattern `value` somewhere (a string, or {"pattern", "flags"} with flags from "ims"); run by RE2, in linear time.',
  read: (spec, path, issues) => {
    let pattern: unknown = spec.value;
    let flags: unknown = '';
    if (typeof spec.value === 'object' && spec.value !== null && !Array.isArray(spec.value)) {
      const value = spec.value as Record<string, unknown>;
      pattern = value.pattern;
      flags = value.flags ?? '';
      path = `${path}.pattern`;
    }
    if (typeof pattern !== 'string' || pattern === '') {
      issues.push({ path, reason: 'must be a non-empty pattern (a string)' });
      return undefined;
    }
    if (typeof flags !== 'string' || !/^[ims]*$/.test(flags)) {
      issues.push({
        path: path.replace(/\.pattern$/, '.flags'),
        reason: 'must be a string of flags from "ims"',
      });
      return undefined;
    }
    if (pattern.length > MAX_PATTERN_CHARS) {
      issues.push({
        path,
        reason: `is ${pattern.length} characters; a pattern may have ${MAX_PATTERN_CHARS}`,
      });
      return undefined;
    }
    const size = estimateProgramSize(pattern);
    if (size > MAX_PROGRAM_SIZE) {
      issues.push({
        path,
        reason: `repeats so much that RE2 would make about ${size.toLocaleString('en')} steps of it (at most ${MAX_PROGRAM_SIZE.toLocaleString('en')}); use fewer or smaller counted repetitions ({m,n})`,
      });
      return undefined;
    }
    const compiled = compileBounded(pattern, flags);
    if (!compiled) {
      issues.push({ path, reason: `${quote(pattern)} is not a valid regular expression` });
      return undefined;
    }
    return { pattern, flags, compiled };
  },
  grade: ({ pattern, compiled }, reply) => {
    if ('unsupported' in compiled)
      return {
        pass: false,
        unchecked: true,
        reason: `the pattern ${quote(pattern)} uses ${compiled.unsupported}, which the bounded engine (RE2) cannot run; it was not run`,
      };
    const read = replyText(reply);
    if ('verdict' in read) return read.verdict;
    if (read.text.length > MAX_REGEX_CHARS)
      return {
        pass: false,
        unchecked: true,
        reason: `the reply has ${read.text.length.toLocaleString('en')} characters; a pattern is run on at most ${MAX_REGEX_CHARS.toLocaleString('en')}`,
      };
    const pass = compiled.re2.test(read.text);
    return { pass, reason: `the reply ${pass ? 'matches' : 'does not match'} /${pattern}/` };
  },
};

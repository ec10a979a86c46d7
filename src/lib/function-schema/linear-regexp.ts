import { RE2JS } from 're2js';
import type { RegExpEngine, RegExpLike } from 'ajv/dist/types';
import { LruCache } from './validator-cache';

/**
 * Ajv's `pattern` and `patternProperties` come from outside (function parameters, a `json_schema`),
 * and JavaScript's RegExp backtracks: `^(a+)+$` against 40 characters hangs the tab. RE2 matches in
 * time linear in the input, so Ajv is given RE2 instead, never the backtracking engine.
 */

/** A pattern RE2 cannot run, with what it uses, in words a person reads. */
export interface UncheckablePattern {
  pattern: string;
  feature: string;
}

let reached: UncheckablePattern[] | null = null;

/**
 * Runs `check` and returns, beside its result, the uncheckable patterns a value actually reached
 * during it: a pattern the value never met does not make the check incomplete.
 */
export function withReachedPatterns<T>(check: () => T): { result: T; reached: UncheckablePattern[] } {
  const found: UncheckablePattern[] = [];
  reached = found;
  try {
    return { result: check(), reached: found };
  } finally {
    reached = null;
  }
}

function featureOf(pattern: string, message: string): string {
  if (/\(\?<?[=!]/.test(pattern)) return 'a lookahead or lookbehind';
  if (/\\[1-9]|\\k</.test(pattern)) return 'a backreference';
  if (/repeat count/.test(message)) return 'a repeat count over 1000';
  return 'syntax the safe checker does not support';
}

/** Ajv keys each pattern of a validator by its `toString()`: two patterns must never share one. */
type KeyedRegExp = RegExpLike & { toString(): string };

function uncheckable(pattern: string, u: string, feature: string): KeyedRegExp {
  const found: UncheckablePattern = { pattern, feature };
  return {
    // Passing here is not a verdict: the check that reached it says it is incomplete.
    test: () => {
      if (reached && !reached.includes(found)) reached.push(found);
      return true;
    },
    toString: () => `/${pattern}/${u} (not checked)`,
  };
}

// A schema often repeats one pattern (each `id` field, say) and Ajv asks for it at each use.
const engines = new LruCache<KeyedRegExp>(512);

const engine = (pattern: string, u: string): KeyedRegExp => {
  const key = `${u}/${pattern}`;
  const known = engines.get(key);
  if (known) return known;
  // Only compiled, never run: a pattern that is not valid JavaScript stays a schema that does not
  // compile, as JSON Schema (ECMA-262 patterns) says.
  new RegExp(pattern, u);
  let made: KeyedRegExp;
  try {
    const re2 = RE2JS.compile(RE2JS.translateRegExp(pattern));
    made = { test: (s: string) => re2.test(s), toString: () => `/${pattern}/${u}` };
  } catch (error) {
    made = uncheckable(pattern, u, featureOf(pattern, error instanceof Error ? error.message : ''));
  }
  engines.set(key, made);
  return made;
};

/** The engine for Ajv's `code.regExp`. Its `code` only names it; the playground never emits standalone code. */
export const linearRegExp: RegExpEngine = Object.assign(engine, { code: 'linearRegExp' });

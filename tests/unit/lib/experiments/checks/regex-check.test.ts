import { describe, expect, it, vi } from 'vitest';
import {
  estimateProgramSize,
  MAX_PROGRAM_SIZE,
  MAX_REGEX_CHARS,
} from '../../../../../src/lib/experiments/checks/regex-check';
import { check, outcome, problems } from './grade-with';

describe('regex', () => {
  it('matches anywhere, with anchors and flags', () => {
    const reply = outcome({ content: 'Order 12345 shipped' });
    expect(check({ type: 'regex', value: '\\d{5}' }, reply)).toMatchObject({
      pass: true,
      reason: 'the reply matches /\\d{5}/',
    });
    expect(check({ type: 'regex', value: '^\\d+$' }, reply).pass).toBe(false);
    expect(check({ type: 'regex', value: { pattern: '^order', flags: 'i' } }, reply).pass).toBe(true);
    expect(check({ type: 'regex', value: '(?i)SHIPPED' }, reply).pass).toBe(true);
    expect(check({ type: 'not-regex', value: 'sorry|cannot' }, reply).pass).toBe(true);
  });

  it('runs a catastrophic pattern on RE2, never on the backtracking engine', () => {
    const exec = vi.spyOn(RegExp.prototype, 'exec');
    const test = vi.spyOn(RegExp.prototype, 'test');
    const hostile = outcome({ content: `${'a'.repeat(100_000)}b` });
    const result = check({ type: 'regex', value: '(a+)+$' }, hostile);
    const ranOnHostile = [...exec.mock.calls, ...test.mock.calls].some(
      ([input]) => String(input).length > 1000,
    );
    exec.mockRestore();
    test.mockRestore();
    expect(result).toMatchObject({ pass: false, reason: 'the reply does not match /(a+)+$/' });
    expect(ranOnHostile).toBe(false);
    expect(check({ type: 'regex', value: '^(a+)+$' }, outcome({ content: 'a'.repeat(100_000) })).pass).toBe(
      true,
    );
  });

  it('makes a pattern RE2 cannot run an unchecked result, negated or not', () => {
    for (const [pattern, feature] of [
      ['(?=.*x)y', 'a lookahead or lookbehind'],
      ['(a)\\1', 'a backreference'],
    ]) {
      for (const type of ['regex', 'not-regex'])
        expect(check({ type, value: pattern }, outcome({ content: 'aa xy' }))).toMatchObject({
          pass: false,
          unchecked: true,
          reason: `not checked: the pattern ${JSON.stringify(pattern)} uses ${feature}, which the bounded engine (RE2) cannot run; it was not run`,
        });
    }
  });

  it('refuses what is no pattern, or one too large to compile', () => {
    expect(problems({ type: 'regex', value: '(unclosed' })).toMatchObject([
      { path: 'checks[0].value', reason: expect.stringMatching(/not a valid regular expression/) },
    ]);
    expect(problems({ type: 'regex', value: '' })).toMatchObject([
      { reason: expect.stringMatching(/non-empty pattern/) },
    ]);
    expect(problems({ type: 'regex', value: { pattern: 'a', flags: 'g' } })).toMatchObject([
      { path: 'checks[0].value.flags' },
    ]);
    expect(problems({ type: 'regex', value: 'a'.repeat(2001) })).toMatchObject([
      { reason: expect.stringMatching(/a pattern may have 2000/) },
    ]);
    const huge = '(.{1,1000}){1}'.repeat(100);
    expect(estimateProgramSize(huge)).toBeGreaterThan(MAX_PROGRAM_SIZE);
    expect(problems({ type: 'regex', value: huge })).toMatchObject([
      { reason: expect.stringMatching(/repeats so much/) },
    ]);
    expect(estimateProgramSize('[a-z]{3,50}@[a-z]+\\.(com|org)')).toBeLessThan(200);
  });

  it('does not run a pattern on more than it reads', () => {
    const long = outcome({ content: 'a'.repeat(MAX_REGEX_CHARS + 1) });
    expect(check({ type: 'regex', value: 'a' }, long)).toMatchObject({
      unchecked: true,
      reason: expect.stringMatching(/at most 2,000,000/),
    });
  });
});

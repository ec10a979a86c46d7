import { describe, expect, it } from 'vitest';
import { MAX_CHECKED_CHARS, MAX_SCAN_CHARS } from '../../../../../src/lib/experiments/checks/check-helpers';
import { countCharacters, countWords } from '../../../../../src/lib/experiments/checks/text-checks';
import { check, outcome, problems } from './grade-with';

const reply = outcome({ content: 'The capital of France is Paris.' });

describe('equals', () => {
  it('compares the text exactly', () => {
    expect(check({ type: 'equals', value: 'Paris' }, outcome({ content: 'Paris' }))).toMatchObject({
      pass: true,
    });
    expect(check({ type: 'equals', value: 'Paris' }, outcome({ content: 'Paris\n' }))).toMatchObject({
      pass: false,
      reason: 'the reply is "Paris\\n", not "Paris"',
    });
  });

  it('compares a non-string value with the reply read as JSON', () => {
    const value = { city: 'Paris', tags: [1, 2] };
    expect(
      check({ type: 'equals', value }, outcome({ content: '{"tags":[1,2], "city":"Paris"}' })).pass,
    ).toBe(true);
    expect(
      check({ type: 'equals', value }, outcome({ content: '{"tags":[1,2], "city":"Paris", "x": 1}' })).pass,
    ).toBe(false);
    expect(check({ type: 'equals', value: 42 }, outcome({ content: 'forty-two' }))).toMatchObject({
      pass: false,
      reason: expect.stringMatching(/not JSON/),
    });
  });
});

describe('contains and its variants', () => {
  it('contains, icontains and their negations', () => {
    expect(check({ type: 'contains', value: 'Paris' }, reply).pass).toBe(true);
    expect(check({ type: 'contains', value: 'paris' }, reply).pass).toBe(false);
    expect(check({ type: 'icontains', value: 'PARIS' }, reply).pass).toBe(true);
    expect(check({ type: 'not-contains', value: 'sorry' }, reply)).toMatchObject({ pass: true, score: 1 });
    expect(check({ type: 'not-icontains', value: 'paris' }, reply)).toMatchObject({
      pass: false,
      score: 0,
      reason: 'the reply contains "paris", ignoring case',
    });
  });

  it('any and all, from an array or a comma-separated string', () => {
    expect(check({ type: 'contains-any', value: ['Lyon', 'Paris'] }, reply).pass).toBe(true);
    expect(check({ type: 'contains-any', value: 'Lyon, Nice' }, reply)).toMatchObject({
      pass: false,
      reason: 'the reply contains none of "Lyon", "Nice"',
    });
    expect(check({ type: 'contains-all', value: ['France', 'Paris'] }, reply).pass).toBe(true);
    expect(check({ type: 'contains-all', value: ['France', 'Lyon'] }, reply)).toMatchObject({
      pass: false,
      reason: 'the reply lacks "Lyon"',
    });
    expect(check({ type: 'icontains-all', value: 'france,paris' }, reply).pass).toBe(true);
    expect(check({ type: 'icontains-any', value: ['LYON', 'NICE'] }, reply).pass).toBe(false);
  });

  it('starts-with', () => {
    expect(check({ type: 'starts-with', value: 'The capital' }, reply).pass).toBe(true);
    expect(check({ type: 'not-starts-with', value: 'The' }, reply).pass).toBe(false);
  });

  it('refuses values it cannot use, with their path', () => {
    expect(problems({ type: 'contains' })).toEqual([{ path: 'checks[0].value', reason: 'must be a string' }]);
    expect(problems({ type: 'contains-any', value: [] })).toMatchObject([{ path: 'checks[0].value' }]);
    expect(problems({ type: 'contains-all', value: ['a', {}] })).toEqual([
      { path: 'checks[0].value[1]', reason: 'must be a string' },
    ]);
    expect(problems({ type: 'contains-any', value: Array(1001).fill('x') })).toMatchObject([
      { reason: expect.stringMatching(/at most 1000/) },
    ]);
  });
});

describe('word and length limits', () => {
  it('count words as runs of non-space and characters as code points', () => {
    expect(countWords('  one two\tthree\nfour\u00a0five  ')).toBe(5);
    expect(countWords('')).toBe(0);
    expect(countCharacters('a😀b')).toBe(3);
  });

  it('hold the reply within min and max', () => {
    expect(check({ type: 'word-count', value: { min: 3, max: 10 } }, reply)).toMatchObject({
      pass: true,
      reason: 'the reply has 6 words; asked for at least 3 and at most 10 words',
    });
    expect(check({ type: 'word-count', value: 5 }, reply)).toMatchObject({
      pass: false,
      reason: 'the reply has 6 words, more than 5 words',
    });
    expect(check({ type: 'length', value: { min: 40 } }, reply)).toMatchObject({
      pass: false,
      reason: 'the reply has 31 characters, fewer than 40 characters',
    });
    expect(check({ type: 'not-length', value: { max: 10 } }, reply).pass).toBe(true);
  });

  it('refuse bounds that cannot hold', () => {
    expect(problems({ type: 'length', value: { min: 5, max: 2 } })).toMatchObject([
      { reason: '"min" (5) is above "max" (2)' },
    ]);
    expect(problems({ type: 'word-count', value: {} })).toMatchObject([
      { reason: expect.stringMatching(/needs "min", "max"/) },
    ]);
    expect(problems({ type: 'word-count', value: { max: -1 } })).toMatchObject([
      { path: 'checks[0].value.max' },
    ]);
  });
});

describe('hostile replies', () => {
  it('does not read a 100 MB reply: it is unchecked, negated or not', () => {
    const huge = outcome({ content: 'a'.repeat(100 * 1024 * 1024) });
    for (const type of ['contains', 'not-contains', 'icontains', 'word-count', 'equals']) {
      const value = type === 'word-count' ? 5 : 'Paris';
      expect(check({ type, value }, huge)).toMatchObject({
        pass: false,
        unchecked: true,
        reason: 'not checked: the reply is 100.0 MB, more than the 8.0 MB a check reads',
      });
    }
  });

  it('reads a reply at the limit', () => {
    const atLimit = outcome({ content: `${'a'.repeat(MAX_CHECKED_CHARS - 5)}Paris` });
    expect(check({ type: 'contains', value: 'Paris' }, atLimit).pass).toBe(true);
  });

  it('refuses a search whose values times the reply pass the scan budget', () => {
    const long = outcome({ content: 'x'.repeat(1024 * 1024) });
    const values = Array.from({ length: MAX_SCAN_CHARS / (1024 * 1024) + 1 }, (_, i) => `v${i}`);
    expect(check({ type: 'contains-any', value: values }, long)).toMatchObject({
      unchecked: true,
      reason: expect.stringMatching(/more than the/),
    });
    expect(check({ type: 'contains-any', value: values.slice(1) }, long)).toMatchObject({
      pass: false,
      reason: expect.stringMatching(/none of/),
    });
  });
});

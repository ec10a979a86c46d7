import { describe, expect, it } from 'vitest';
import { gradeCell } from '../../../../../src/lib/experiments/checks/grade';
import { CHECK_TYPES } from '../../../../../src/lib/experiments/checks/registry';
import { checkFromCell } from '../../../../../src/lib/experiments/checks/expected-cell';
import { check, outcome, prepare, problems } from './grade-with';
import type { ReplyFields } from '../../../../../src/lib/chat/reply-accumulator';
import type { CellReply } from '../../../../../src/lib/experiments/checks/types';

describe('finish reason, time and tokens', () => {
  const usage = { prompt_tokens: 20, completion_tokens: 7, total_tokens: 27 };

  it('finish-reason, one or a list', () => {
    expect(check({ type: 'finish-reason', value: 'stop' }, outcome()).pass).toBe(true);
    expect(check({ type: 'finish-reason', value: ['length', 'tool_calls'] }, outcome())).toMatchObject({
      pass: false,
      reason: 'the reply ended with "stop"',
    });
    expect(check({ type: 'finish-reason', value: 'stop' }, outcome({ finish_reason: null }))).toMatchObject({
      pass: false,
      reason: 'the reply has no finish_reason',
    });
  });

  it('latency and ttft in milliseconds', () => {
    expect(check({ type: 'latency', value: 1000 }, outcome({}, { totalMs: 800.4 }))).toMatchObject({
      pass: true,
    });
    expect(check({ type: 'latency', value: { max: 500 } }, outcome({}, { totalMs: 800 }))).toMatchObject({
      pass: false,
      reason: 'the total time was 800 ms, more than 500 ms',
    });
    expect(check({ type: 'ttft', value: 200 }, outcome({}, { ttftMs: 250 })).pass).toBe(false);
    expect(check({ type: 'not-ttft', value: 200 }, outcome({}, { ttftMs: null }))).toMatchObject({
      pass: false,
      unchecked: true,
      reason: 'not checked: the time to first token was not measured',
    });
  });

  it('token counts, completion by default', () => {
    expect(check({ type: 'tokens', value: 10 }, outcome({ usage })).pass).toBe(true);
    expect(check({ type: 'tokens', value: { max: 25, count: 'total' } }, outcome({ usage }))).toMatchObject({
      pass: false,
      reason: 'the reply used 27 total tokens, more than 25 tokens',
    });
    expect(check({ type: 'tokens', value: { min: 30, count: 'prompt' } }, outcome({ usage })).pass).toBe(
      false,
    );
    expect(check({ type: 'tokens', value: 10 }, outcome())).toMatchObject({
      unchecked: true,
      reason: 'not checked: the server sent no completion token count (usage)',
    });
    expect(problems({ type: 'tokens', value: { max: 1, count: 'reasoning' } })).toMatchObject([
      { path: 'checks[0].value.count' },
    ]);
  });
});

describe('grading a cell', () => {
  it('weights scores and passes only when every check passes', () => {
    const checks = prepare([
      { type: 'contains', value: 'Paris', weight: 3, metric: 'accuracy' },
      { type: 'word-count', value: 2 },
      { type: 'starts-with', value: 'The', weight: 0 },
    ]);
    const grade = gradeCell(checks, outcome({ content: 'The answer is Paris' }));
    expect(grade).toMatchObject({ pass: false, score: 0.75, pending: [], error: null });
    expect(grade.results).toEqual([
      {
        type: 'contains',
        pass: true,
        score: 1,
        weight: 3,
        metric: 'accuracy',
        reason: 'the reply contains "Paris"',
      },
      {
        type: 'word-count',
        pass: false,
        score: 0,
        weight: 1,
        reason: 'the reply has 4 words, more than 2 words',
      },
      { type: 'starts-with', pass: true, score: 1, weight: 0, reason: 'the reply starts with "The"' },
    ]);
  });

  it('grades what a ReplyAccumulator fills, as it is', () => {
    const fields: ReplyFields = {
      content: 'Paris',
      finish_reason: 'stop',
      firstTokenAt: 1,
      largestGapMs: null,
    };
    const reply: CellReply = fields; // the runner passes the accumulator's fields without mapping them
    const graded = gradeCell(prepare([{ type: 'contains', value: 'Paris' }]), {
      reply,
      timings: { ttftMs: 1, totalMs: 2 },
      error: null,
    });
    expect(graded.pass).toBe(true);
  });

  it('with no checks, passes; with every weight 0, scores by pass', () => {
    expect(gradeCell([], outcome())).toMatchObject({ pass: true, score: 1 });
    expect(gradeCell(prepare([{ type: 'contains', value: 'x', weight: 0 }]), outcome())).toMatchObject({
      pass: false,
      score: 0,
    });
  });

  it('runs no check on a failed request', () => {
    const failed = {
      reply: null,
      timings: { ttftMs: null, totalMs: 30 },
      error: { message: 'HTTP 500: boom', kind: 'server' },
    };
    expect(gradeCell(prepare([{ type: 'not-contains', value: 'x' }]), failed)).toEqual({
      pass: false,
      score: 0,
      results: [],
      pending: [],
      error: 'HTTP 500: boom',
    });
  });

  it('refuses unknown types, promptfoo-only types and bad common fields', () => {
    expect(problems({ type: 'javascript', value: 'x' })).toMatchObject([
      {
        path: 'checks[0].type',
        reason: expect.stringMatching(/promptfoo check this playground does not run/),
      },
    ]);
    expect(problems({ type: 'containz', value: 'x' })).toMatchObject([
      { reason: expect.stringMatching(/^'containz' is not a check/) },
    ]);
    expect(problems({ type: 'contains', value: 'x', weight: -1, metric: '', color: 'red' })).toEqual([
      { path: 'checks[0].color', reason: expect.stringMatching(/not a field of a check/) },
      { path: 'checks[0].weight', reason: 'must be a number, 0 or more' },
      { path: 'checks[0].metric', reason: expect.stringMatching(/must be a name/) },
    ]);
    expect(problems({ type: 'contains', value: 'x', threshold: 0.5 })).toMatchObject([
      { path: 'checks[0].threshold' },
    ]);
    expect(problems('contains')).toMatchObject([{ path: 'checks[0]' }]);
  });

  it('lists the types the brief asks for', () => {
    for (const type of [
      'equals',
      'contains',
      'icontains',
      'contains-any',
      'contains-all',
      'icontains-any',
      'icontains-all',
      'starts-with',
      'regex',
      'word-count',
      'length',
      'is-json',
      'finish-reason',
      'function-call',
      'tool-call',
      'latency',
      'ttft',
      'tokens',
      'llm-rubric',
    ])
      expect(CHECK_TYPES).toContain(type);
  });
});

describe('promptfoo __expected cells', () => {
  it('reads type:value, bare types, negations and plain text', () => {
    expect(checkFromCell('contains:Paris')).toEqual({ spec: { type: 'contains', value: 'Paris' } });
    expect(checkFromCell('not-icontains:sorry')).toEqual({ spec: { type: 'not-icontains', value: 'sorry' } });
    expect(checkFromCell('regex:^\\d+:\\d+$')).toEqual({ spec: { type: 'regex', value: '^\\d+:\\d+$' } });
    expect(checkFromCell('is-json')).toEqual({ spec: { type: 'is-json' } });
    expect(checkFromCell('is-json:{"type":"object"}')).toEqual({
      spec: { type: 'is-json', value: { type: 'object' } },
    });
    expect(checkFromCell('contains-all:a, b')).toEqual({ spec: { type: 'contains-all', value: ['a', 'b'] } });
    expect(checkFromCell('latency:..2000')).toEqual({ spec: { type: 'latency', value: { max: 2000 } } });
    expect(checkFromCell('word-count:10..50')).toEqual({
      spec: { type: 'word-count', value: { min: 10, max: 50 } },
    });
    expect(checkFromCell('function-call:get_weather')).toEqual({
      spec: { type: 'function-call', value: 'get_weather' },
    });
    expect(checkFromCell('function-call:{"name": "f", "arguments": {"a": 1}}')).toEqual({
      spec: { type: 'function-call', value: { name: 'f', arguments: { a: 1 } } },
    });
    expect(checkFromCell('llm-rubric:is polite')).toEqual({
      spec: { type: 'llm-rubric', value: 'is polite' },
    });
    expect(checkFromCell('Paris')).toEqual({ spec: { type: 'equals', value: 'Paris' } });
    expect(checkFromCell('note: keep')).toEqual({ spec: { type: 'equals', value: 'note: keep' } });
    expect(checkFromCell('  ')).toEqual({ spec: null });
    expect(checkFromCell('python:file.py')).toMatchObject({ problem: expect.stringMatching(/promptfoo/) });
  });
});

import { describe, expect, it } from 'vitest';
import { continuationOf } from '../../../../src/lib/compare/continue-in-chat';
import type { CellRecord } from '../../../../src/lib/compare/cell-view';

const variant = { id: 'v2', connectionId: 'c', model: 'svc-reasoner', parameters: { temperature: 0.7 } };
const cell = (status: CellRecord['status'], content = 'Partial'): CellRecord => ({
  variantId: 'v2',
  status,
  reply: {
    content,
    firstTokenAt: 1010,
    finish_reason: 'stop',
    reasoning: { text: 'hm', tokens: 1, startedAt: 1005, endedAt: 1009 },
  },
  error: null,
  timings: { requestStartedAt: 1000, firstTokenAt: 1010, endedAt: 1100 },
});

describe('continuationOf', () => {
  it('holds the compared message, the cell’s reply with its reasoning and timings, and the variant’s model and parameters', () => {
    let n = 0;
    const conversation = continuationOf(
      {
        systemPrompt: 'Be brief.',
        fewShot: [
          { id: 'f1', role: 'user', content: 'Example question' },
          { id: 'f2', role: 'assistant', content: 'Example answer' },
        ],
        message: 'First line\nsecond',
        functions: [{ name: 'lookup' }],
        variant,
        cell: cell('complete', 'Done.'),
      },
      5000,
      () => `id${++n}`,
    );
    expect(conversation).toMatchObject({
      title: 'First line',
      model: 'svc-reasoner',
      systemPrompt: 'Be brief.',
      parameters: { temperature: 0.7 },
      createdAt: 5000,
      updatedAt: 5000,
      messages: [
        { role: 'user', content: 'Example question' },
        { role: 'assistant', content: 'Example answer' },
        { role: 'user', content: 'First line\nsecond', createdAt: 5000 },
        {
          role: 'assistant',
          content: 'Done.',
          status: 'complete',
          model: 'svc-reasoner',
          finish_reason: 'stop',
          reasoning: { text: 'hm' },
          timings: { requestStartedAt: 1000, firstTokenAt: 1010, endedAt: 1100 },
        },
      ],
    });
    expect(conversation.messages[3]).not.toHaveProperty('firstTokenAt');
    // The variant did not send the definitions, so the conversation does not hold them either.
    expect(conversation).not.toHaveProperty('functions');
    const withFunctions = continuationOf(
      {
        systemPrompt: '',
        fewShot: [],
        message: 'Hi',
        functions: [{ name: 'lookup' }],
        variant: { ...variant, useFunctions: true },
        cell: cell('complete'),
      },
      1,
      () => 'y',
    );
    expect(withFunctions.functions).toEqual([{ name: 'lookup' }]);
    // Its own copy: editing the conversation's parameters leaves the variant's alone.
    expect(conversation.parameters).not.toBe(variant.parameters);
    expect(new Set([conversation.id, ...conversation.messages.map((m) => m.id)]).size).toBe(5);
  });

  it('marks a reply cut off by a reload as interrupted, and a stopped one as stopped', () => {
    const from = (status: CellRecord['status']) =>
      continuationOf(
        { systemPrompt: '', fewShot: [], message: 'Hi', functions: [], variant, cell: cell(status) },
        1,
        () => 'x',
      ).messages[1]!.status;
    expect(from('interrupted')).toBe('interrupted');
    expect(from('streaming')).toBe('interrupted');
    expect(from('stopped')).toBe('stopped');
  });
});

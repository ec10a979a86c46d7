import { describe, expect, it } from 'vitest';
import type { Comparison } from '../../../../src/lib/compare/comparison';
import { exportComparison, parseComparisonExport } from '../../../../src/lib/compare/comparison-format';

const comparison: Comparison = {
  id: 'x',
  title: 'Rivers',
  createdAt: 1,
  updatedAt: 2,
  systemPrompt: 'Be brief.',
  fewShot: [
    { id: 'f1', role: 'user', content: 'Name a lake' },
    { id: 'f2', role: 'assistant', content: 'Lake Baikal' },
  ],
  message: 'Name three rivers',
  functions: [{ name: 'lookup', parameters: { type: 'object', properties: {} } }],
  variants: [
    {
      id: 'v1',
      connectionId: 'c',
      model: 'svc-chat',
      parameters: { temperature: 0, logprobs: true, top_logprobs: 5 },
    },
    { id: 'v2', connectionId: 'c', model: 'svc-reasoner', parameters: {} },
  ],
  cells: [
    {
      variantId: 'v1',
      status: 'complete',
      reply: {
        content: 'Nile',
        firstTokenAt: 5,
        finish_reason: 'stop',
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        logprobs: [{ token: 'Nile', logprob: -0.1, top_logprobs: [] }],
      },
      error: null,
      timings: { requestStartedAt: 2, firstTokenAt: 5, endedAt: 9 },
    },
    {
      variantId: 'v2',
      status: 'streaming',
      reply: { content: 'Ama', firstTokenAt: 6 },
      error: null,
      timings: { requestStartedAt: 2, firstTokenAt: 6, endedAt: null },
    },
  ],
};

const reasons = (text: string) => {
  const result = parseComparisonExport(text);
  return result.ok ? [] : result.issues.map((i) => `${i.path} ${i.reason}`);
};

describe('comparison export and import', () => {
  it('round-trips, a cell exported while streaming coming back interrupted', () => {
    const result = parseComparisonExport(exportComparison(comparison));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.comparison.variants).toEqual(comparison.variants);
    expect(result.comparison.cells.map((c) => c.status)).toEqual(['complete', 'interrupted']);
    expect(result.comparison.cells[0]).toEqual(comparison.cells[0]);
  });

  it('refuses other JSON, newer versions, bad fields and cells of no variant, saying where', () => {
    expect(reasons('not json')[0]).toMatch(/^\$ is not valid JSON/);
    expect(reasons('{"format":"svc-playground.conversation"}')[0]).toMatch(
      /^\$\.format must be "svc-playground\.comparison" .*not a comparison exported by the playground/,
    );
    const doc = JSON.parse(exportComparison(comparison)) as {
      version: number;
      comparison: Record<string, unknown>;
    };
    expect(reasons(JSON.stringify({ ...doc, version: 2 }))).toEqual([
      '$.version is 2, newer than this playground reads (1); update the playground',
    ]);
    const bad = structuredClone(doc);
    const c = bad.comparison as unknown as Comparison;
    (c.variants[0]!.parameters as Record<string, unknown>).temprature = 1;
    c.cells[1]!.variantId = 'v9';
    c.cells[0]!.reply.content = 4 as unknown as string;
    expect(reasons(JSON.stringify(bad))).toEqual([
      '$.comparison.variants[0].parameters.temprature is not a chat parameter',
      '$.comparison.cells[0].reply.content must be a string, found number 4',
    ]);
    c.variants[0]!.parameters = {};
    c.cells[0]!.reply.content = 'ok';
    expect(reasons(JSON.stringify(bad))).toEqual([
      '$.comparison.cells[1].variantId is "v9", which is none of the variants\' ids',
    ]);
    c.variants = [];
    c.cells = [];
    expect(reasons(JSON.stringify(bad))).toEqual([
      '$.comparison.variants holds 0 variants; a comparison has 1 to 8',
    ]);
  });
});

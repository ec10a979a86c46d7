import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../../../server/tokens';
import { chat } from './collect';

const json = { type: 'json_object' } as const;

describe('reference chat engine: JSON mode', () => {
  it('answers with exactly one JSON object about the request', async () => {
    const reply = await chat({ content: 'Give me JSON about "this"', response_format: json, seed: 3 });
    const parsed = JSON.parse(reply.content) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      engine: 'reference',
      model: 'svc-chat',
      last_message: { role: 'user', text: 'Give me JSON about "this"' },
      word_count: 5,
      parameters: { temperature: 0, seed: 3 },
    });
    expect(reply.finish?.finish_reason).toBe('stop');
  });

  it('stays one valid JSON object for any max_tokens that can hold {} and says "length" when reduced', async () => {
    const full = await chat({ content: 'json', response_format: json });
    const fullTokens = full.finish?.usage.completion_tokens ?? 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: fullTokens + 5 }), async (max) => {
        const reply = await chat({ content: 'json', response_format: json, max_tokens: max });
        const parsed: unknown = JSON.parse(reply.content);
        expect(parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)).toBe(true);
        expect(reply.finish?.usage.completion_tokens).toBeLessThanOrEqual(max);
        expect(reply.finish?.usage.completion_tokens).toBe(countTokens(reply.content));
        const reduced = !reply.content.includes('"engine"') || !reply.content.includes('\n');
        expect(reply.finish?.finish_reason).toBe(reduced ? 'length' : 'stop');
      }),
      { numRuns: 40 },
    );
  });

  it('keeps a stop string out of the object rather than cutting the JSON', async () => {
    const reply = await chat({ content: 'json', response_format: json, stop: ['"note"'] });
    const parsed = JSON.parse(reply.content) as Record<string, unknown>;
    expect(parsed.note).toBeUndefined();
    expect(reply.content).not.toContain('"note"');
  });

  it('cuts the text with "stop" only when even {} contains a stop string', async () => {
    const reply = await chat({ content: 'json', response_format: json, stop: ['}'] });
    expect(reply.content).toBe('{');
    expect(reply.finish?.finish_reason).toBe('stop');
  });

  it('ignores a negative logit_bias that would break the object', async () => {
    const reply = await chat({
      content: 'json',
      response_format: json,
      logit_bias: { '90': -100, '92': -100 },
    });
    expect(() => JSON.parse(reply.content)).not.toThrow();
  });
});

describe('reference chat engine: long replies', () => {
  it('writes a long markdown reply on "long" with headings, tables and code', async () => {
    const reply = await chat({ content: 'Give me a long answer' });
    expect(reply.finish?.usage.completion_tokens).toBeGreaterThan(1500);
    expect(reply.content).toContain('## The long reply you asked for');
    expect(reply.content).toMatch(/\|---\|---\|---\|/);
    expect(reply.content).toContain('```ts');
  });

  it('writes the number of paragraphs asked for', async () => {
    const short = await chat({ content: 'write 3 paragraphs' });
    const longer = await chat({ content: 'write 12 paragraphs' });
    expect(longer.content.length).toBeGreaterThan(short.content.length * 1.3);
  });

  it('can stream more than 20,000 tokens of markdown, cut exactly at max_tokens', async () => {
    const reply = await chat({ content: 'Write 30000 words about anything', max_tokens: 25_000 });
    expect(reply.finish?.finish_reason).toBe('length');
    expect(reply.finish?.usage.completion_tokens).toBe(25_000);
    expect(reply.events.filter((e) => e.type === 'text').length).toBeGreaterThan(20_000);
  }, 60_000);
});

describe('reference chat engine: sampling parameters in long replies', () => {
  const sentences = (text: string) => new Set(text.match(/[A-Z][^.|\n]*\./g) ?? []);

  it('writes plainer, more repetitive prose with a small top_p', async () => {
    const wide = await chat({ content: 'write 600 words', top_p: 1 });
    const narrow = await chat({ content: 'write 600 words', top_p: 0.1 });
    expect(sentences(narrow.content).size).toBeLessThan(sentences(wide.content).size / 2);
  });

  it('repeats fewer sentences with a positive penalty than with a negative one', async () => {
    const count = (text: string) => (text.match(/[A-Z][^.|\n]*\./g) ?? []).length;
    const repeats = (text: string) => count(text) - sentences(text).size;
    const avoid = await chat({ content: 'write 600 words', frequency_penalty: 2 });
    const repeat = await chat({ content: 'write 600 words', presence_penalty: -2 });
    expect(repeats(avoid.content)).toBeLessThan(repeats(repeat.content));
  });
});

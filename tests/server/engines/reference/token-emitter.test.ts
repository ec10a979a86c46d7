import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../../server/engines/engine';
import {
  emitReply,
  type EmitOptions,
  type EmitResult,
} from '../../../../server/engines/reference/token-emitter';
import { countTokens, decodeTokens, encodeTokens } from '../../../../server/tokens';

async function run(parts: { reasoning?: string; text: string }, options: Omit<EmitOptions, 'signal'>) {
  const generator = emitReply(parts, { signal: new AbortController().signal, ...options });
  const events: EngineEvent[] = [];
  let step = await generator.next();
  while (!step.done) {
    events.push(step.value);
    step = await generator.next();
  }
  const text = events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');
  const reasoning = events.flatMap((e) => (e.type === 'reasoning' ? [e.text] : [])).join('');
  return { events, text, reasoning, result: step.value as EmitResult };
}

const texts = fc.oneof(
  fc.string({ minLength: 1, maxLength: 200 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 120 }),
  fc.constantFrom(
    'Hello world, this is a test of the reference engine.',
    'naïve café — 東京 🎉🎉 ok',
    '```ts\nconst x = 1;\n```',
  ),
);

describe('token emitter', () => {
  it('sends the whole text and counts its tokens when nothing cuts it', async () => {
    await fc.assert(
      fc.asyncProperty(texts, async (text) => {
        const { text: sent, result } = await run({ text }, {});
        expect(sent).toBe(decodeTokens(encodeTokens(text)));
        expect(result.finish_reason).toBe('stop');
        expect(result.completionTokens).toBe(encodeTokens(text).length);
      }),
    );
  });

  it('ends before the first stop string at any split of the tokens', async () => {
    await fc.assert(
      fc.asyncProperty(texts, fc.nat(), fc.integer({ min: 1, max: 10 }), async (text, at, length) => {
        const start = at % text.length;
        const stop = text.slice(start, start + length);
        fc.pre(stop.length > 0 && decodeTokens(encodeTokens(text)) === text);
        const { text: sent, result } = await run({ text }, { stop: [stop] });
        expect(sent).toBe(text.slice(0, text.indexOf(stop)));
        expect(result.finish_reason).toBe('stop');
      }),
    );
  });

  it('cuts at exactly max_tokens, counting reasoning tokens toward the limit', async () => {
    await fc.assert(
      fc.asyncProperty(texts, texts, fc.integer({ min: 1, max: 80 }), async (reasoning, text, max) => {
        const total = encodeTokens(reasoning).length + encodeTokens(text).length;
        const { result } = await run({ reasoning, text }, { maxTokens: max });
        expect(result.completionTokens).toBe(Math.min(max, total));
        expect(result.finish_reason).toBe(max < total ? 'length' : 'stop');
        expect(result.reasoningTokens).toBe(Math.min(max, encodeTokens(reasoning).length));
      }),
    );
  });

  it('finishes "stop", not "length", when max_tokens equals the reply length exactly', async () => {
    const text = 'Exactly as long as the limit.';
    const { result, text: sent } = await run({ text }, { maxTokens: countTokens(text) });
    expect(result.finish_reason).toBe('stop');
    expect(sent).toBe(text);
  });

  it('sends all reasoning before any text', async () => {
    const { events } = await run({ reasoning: 'think think', text: 'answer' }, {});
    const kinds = events.map((e) => e.type);
    expect(kinds.lastIndexOf('reasoning')).toBeLessThan(kinds.indexOf('text'));
  });
});

import { describe, expect, it } from 'vitest';
import {
  countMessageTokens,
  countMessageTokensYielding,
  countTokens,
  countTokensYielding,
  decodeTokenRuns,
  decodeTokens,
  encodeTokens,
  TOKENS_PER_IMAGE,
} from '../../../server/tokens';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';

describe('tokens (o200k_base)', () => {
  it('counts tokens with the real tokenizer, not by characters', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('a'.repeat(64))).toBeLessThan(64);
  });

  it('treats special-token strings in user text as plain text', () => {
    const text = 'before <|endoftext|> after';
    expect(decodeTokens(encodeTokens(text))).toBe(text);
    expect(countTokens(text)).toBeGreaterThan(3);
  });

  it('counts messages with the common per-message overhead', () => {
    // 3 priming + per message (3 framing + role + content).
    expect(countMessageTokens([{ role: 'user', content: 'hello world' }])).toBe(3 + 3 + 1 + 2);
    expect(countMessageTokens([{ role: 'function', name: 'f', content: 'x' }])).toBe(
      3 + 3 + countTokens('function') + 1 + 1 + 1,
    );
    expect(
      countMessageTokens([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'hello world' },
            { type: 'image_url', image_url: { url: 'http://x/y.png' } },
          ],
        },
      ]),
    ).toBe(3 + 3 + 1 + 2 + TOKENS_PER_IMAGE);
    expect(
      countMessageTokens([
        { role: 'assistant', content: null, function_call: { name: 'f', arguments: '{}' } },
      ]),
    ).toBe(3 + 3 + countTokens('assistant') + countTokens('f') + countTokens('{}'));
  });

  it('splits tokens into runs of whole characters whose concatenation is the text', () => {
    const text = 'emoji 🎉🎉 and 東京 and naïve';
    const runs = [...decodeTokenRuns(encodeTokens(text))];
    expect(runs.map((r) => r.text).join('')).toBe(text);
    expect(runs.every((r) => !r.text.includes('\uFFFD'))).toBe(true);
    expect(runs.flatMap((r) => r.ids)).toEqual(encodeTokens(text));
  });

  it('encodes very long runs of one character class in slices that still round-trip', () => {
    // One pre-tokenized piece of 200,000 letters used to take minutes to encode (quadratic BPE).
    for (const text of [
      'a'.repeat(200_000),
      ' '.repeat(50_000),
      `x${'😀'.repeat(40_000)}y`,
      `${'b'.repeat(511)} c`,
    ]) {
      const ids = encodeTokens(text);
      expect(decodeTokens(ids)).toBe(text);
      expect(countTokens(text)).toBe(ids.length);
    }
    // Slicing never makes a text look shorter than its slices: at least one token per 256 characters.
    expect(countTokens('a'.repeat(200_000))).toBeGreaterThanOrEqual(200_000 / 256);
  });

  it('encodes a run of millions of characters without overflowing the regex stack', () => {
    // `/\S{512,}/` threw "Maximum call stack size exceeded" on 24 million letters: a 500 for client input.
    const text = 'x'.repeat(24_000_000);
    expect(countTokens(text)).toBeGreaterThanOrEqual(24_000_000 / 256);
  });

  it('gives the same tokens for long mixed text as encoding it in one pass would', () => {
    // Pieces between long runs are cut before a space, so words are never split across two calls.
    const text = 'the quick brown fox jumps over the lazy dog. '.repeat(4000);
    expect(encodeTokens(text)).toEqual(encode(text, { disallowedSpecial: new Set() }));
  });

  it('counts the same while yielding to the event loop, and remembers long counts', async () => {
    const texts = ['short', 'the quick brown fox. '.repeat(3000), '!a'.repeat(40_000), 'x'.repeat(70_000)];
    for (const text of texts) expect(await countTokensYielding(text)).toBe(encodeTokens(text).length);
    const messages = [
      { role: 'system' as const, content: texts[1]! },
      { role: 'user' as const, name: 'ann', content: [{ type: 'text' as const, text: texts[2]! }] },
    ];
    expect(await countMessageTokensYielding(messages)).toBe(countMessageTokens(messages));
  });
});

import { describe, expect, it } from 'vitest';
import { wordDiff } from '../../../../src/lib/compare/word-diff';

describe('wordDiff', () => {
  it('marks the words only in one text and keeps the rest, whitespace included', () => {
    const diff = wordDiff('The cat sat on the mat.', 'The dog sat on a mat!')!;
    expect(diff.parts.filter((p) => p.kind === 'removed').map((p) => p.text)).toEqual(['cat', 'the', '.']);
    expect(diff.parts.filter((p) => p.kind === 'added').map((p) => p.text)).toEqual(['dog', 'a', '!']);
    expect(diff.added).toBe(3);
    expect(diff.removed).toBe(3);
    // Both texts can be rebuilt from the parts: nothing is lost or invented.
    const rebuild = (skip: string) =>
      diff.parts
        .filter((p) => p.kind !== skip)
        .map((p) => p.text)
        .join('');
    expect(rebuild('added')).toBe('The cat sat on the mat.');
    expect(rebuild('removed')).toBe('The dog sat on a mat!');
  });

  it('gives up (null) on texts that differ in more places than allowed', () => {
    expect(wordDiff('a b c d e f', 'u v w x y z', 3)).toBeNull();
    expect(wordDiff('same words', 'same words')).toEqual({
      parts: [{ kind: 'same', text: 'same words' }],
      added: 0,
      removed: 0,
    });
  });
});

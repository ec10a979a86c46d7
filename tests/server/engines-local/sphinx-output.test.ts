import { describe, expect, it } from 'vitest';
import { parseSphinxWords, wordsToSegments } from '../../../server/engines/audio-local/sphinx-output';

const OUTPUT = `the quick brown fox
<s> 0.140 0.230 1.000400
the 0.240 0.310 0.717675
<sil> 0.320 0.400 1.000000
quick(2) 0.410 0.620 0.361780
[NOISE] 0.630 0.700 1.000000
fox 0.950 1.290 1.000200
</s> 2.790 3.230 1.000000
hello world
<s> 4.470 4.570 1.000000
hello 4.580 4.850 0.852554
++BREATH++ 4.850 4.860 1.000000
world 4.860 5.250 0.999100
</s> 5.260 5.290 1.000000
`;

describe('pocketsphinx output', () => {
  it('reads timed words per utterance, dropping markers and fillers and alternate-pronunciation marks', () => {
    expect(parseSphinxWords(OUTPUT)).toEqual([
      [
        { word: 'the', start: 0.24, end: 0.31 },
        { word: 'quick', start: 0.41, end: 0.62 },
        { word: 'fox', start: 0.95, end: 1.29 },
      ],
      [
        { word: 'hello', start: 4.58, end: 4.85 },
        { word: 'world', start: 4.86, end: 5.25 },
      ],
    ]);
  });

  it('makes one segment per utterance, never joining across utterances', () => {
    expect(wordsToSegments(parseSphinxWords(OUTPUT))).toEqual([
      { start: 0.24, end: 1.29, text: 'the quick fox' },
      { start: 4.58, end: 5.25, text: 'hello world' },
    ]);
  });

  it('splits an utterance at long pauses and at fourteen words', () => {
    const words = Array.from({ length: 20 }, (_, i) => ({
      word: `w${i}`,
      start: i * 0.3 + (i >= 16 ? 1 : 0),
      end: i * 0.3 + 0.25 + (i >= 16 ? 1 : 0),
    }));
    const segments = wordsToSegments([words]);
    expect(segments.map((s) => s.text.split(' ').length)).toEqual([14, 2, 4]);
    for (let i = 1; i < segments.length; i += 1)
      expect(segments[i]?.start).toBeGreaterThan(segments[i - 1]?.end ?? 0);
  });

  it('gives nothing for silence', () => {
    expect(wordsToSegments(parseSphinxWords('\n<s> 0.000 0.500 1.0\n</s> 0.510 0.600 1.0\n'))).toEqual([]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeAll, decodeSync, fingerprint, loadFixtures, splitAt } from './stream-helpers';

const fixtures = loadFixtures();

describe('stream decoder at every split', () => {
  for (const { name, bytes } of fixtures) {
    // Every pair of cut points (including empty chunks at equal cuts), through the synchronous engine
    // behind decodeStream: ~10^6 decodes per fixture would take minutes through a ReadableStream.
    it(`yields identical messages at every two-cut split of ${name}`, () => {
      const expected = fingerprint(decodeSync([bytes]));
      let mismatches = 0;
      let first = '';
      for (let a = 0; a <= bytes.length; a++) {
        for (let b = a; b <= bytes.length; b++) {
          const got = fingerprint(decodeSync(splitAt(bytes, [a, b])));
          if (got !== expected) {
            mismatches++;
            first ||= `cuts ${a},${b}`;
          }
        }
      }
      expect(first).toBe('');
      expect(mismatches).toBe(0);
    });
  }

  it('yields identical messages through decodeStream at 10,000 random splits of the recorded streams', async () => {
    const expected = new Map<string, string>();
    for (const f of fixtures) expected.set(f.name, fingerprint(await decodeAll([f.bytes])));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fixtures),
        fc.uniqueArray(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 }),
        async ({ name, bytes }, fractions) => {
          const cuts = fractions.map((f) => Math.floor(f * bytes.length)).sort((x, y) => x - y);
          expect(fingerprint(await decodeAll(splitAt(bytes, cuts)))).toBe(expected.get(name));
        },
      ),
      { numRuns: 10_000 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Utf8ChunkDecoder } from '../../../src/protocol/stream/utf8-chunks';
import { splitAt } from './stream-helpers';

function decodeChunks(chunks: Uint8Array[]): string {
  const decoder = new Utf8ChunkDecoder();
  return chunks.map((c) => decoder.decode(c)).join('') + decoder.flush();
}

function streamingTextDecoder(chunks: Uint8Array[]): string {
  const decoder = new TextDecoder();
  return chunks.map((c) => decoder.decode(c, { stream: true })).join('') + decoder.decode();
}

const cutsOf = (length: number) =>
  fc.uniqueArray(fc.nat(length), { maxLength: 12 }).map((cuts) => cuts.sort((a, b) => a - b));

describe('Utf8ChunkDecoder', () => {
  it('gives back any valid text at any split', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 60 }).chain((text) => {
          const bytes = new TextEncoder().encode(text);
          return fc.tuple(fc.constant(text), fc.constant(bytes), cutsOf(bytes.length));
        }),
        ([text, bytes, cuts]) => {
          expect(decodeChunks(splitAt(bytes, cuts))).toBe(text.replace(/^\uFEFF/, ''));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('matches TextDecoder stream mode on arbitrary (also invalid) bytes at any split', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 40 }).chain((bytes) => fc.tuple(fc.constant(bytes), cutsOf(bytes.length))),
        ([bytes, cuts]) => {
          const chunks = splitAt(bytes, cuts);
          expect(decodeChunks(chunks)).toBe(streamingTextDecoder(chunks));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('matches TextDecoder stream mode on mostly-ASCII bytes, switching decoders between chunks', () => {
    const byte = fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
      fc.integer({ min: 0, max: 255 }),
    );
    fc.assert(
      fc.property(
        fc
          .array(byte, { maxLength: 60 })
          .map((b) => Uint8Array.from(b))
          .chain((bytes) => fc.tuple(fc.constant(bytes), cutsOf(bytes.length))),
        ([bytes, cuts]) => {
          const chunks = splitAt(bytes, cuts);
          expect(decodeChunks(chunks)).toBe(streamingTextDecoder(chunks));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('drops only the byte-order mark that starts the stream', () => {
    const bom = [0xef, 0xbb, 0xbf];
    const bytes = Uint8Array.from([...bom, 0x61, ...bom, 0x62]);
    expect(decodeChunks([bytes.subarray(0, 4), bytes.subarray(4)])).toBe('a\uFEFFb');
  });

  it('turns a character cut off by the end of the stream into U+FFFD', () => {
    expect(decodeChunks([Uint8Array.of(0x61, 0xf0, 0x9f)])).toBe('a\uFFFD');
  });
});

import { describe, expect, it } from 'vitest';
import {
  canonicalWav,
  isSphinxReady,
  parseWav,
  sphinxDuration,
} from '../../../server/engines/audio-local/wav-header';

function wav(options: {
  rate: number;
  channels: number;
  bits: number;
  samples: number;
  extraChunk?: boolean;
}): Uint8Array {
  const data = Buffer.alloc(options.samples * options.channels * (options.bits / 8), 7);
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'ascii');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(options.channels, 10);
  fmt.writeUInt32LE(options.rate, 12);
  fmt.writeUInt32LE((options.rate * options.channels * options.bits) / 8, 16);
  fmt.writeUInt16LE((options.channels * options.bits) / 8, 20);
  fmt.writeUInt16LE(options.bits, 22);
  const list = options.extraChunk
    ? Buffer.concat([Buffer.from('LIST'), Buffer.from([5, 0, 0, 0]), Buffer.from('INFOx'), Buffer.alloc(1)])
    : Buffer.alloc(0);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'ascii');
  dataHeader.writeUInt32LE(data.length, 4);
  const body = Buffer.concat([Buffer.from('WAVE'), fmt, list, dataHeader, data]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  return new Uint8Array(Buffer.concat([riff, body]));
}

describe('WAV header', () => {
  it('accepts 16 kHz mono 16-bit PCM behind extra chunks, and rewrites it with a plain 44-byte header', () => {
    const bytes = wav({ rate: 16000, channels: 1, bits: 16, samples: 16000, extraChunk: true });
    const info = parseWav(bytes);
    expect(isSphinxReady(info)).toBe(true);
    expect(info && sphinxDuration(info)).toBe(1);
    const canonical = canonicalWav(bytes, info!);
    expect(canonical.length).toBe(44 + 32000);
    expect(canonical.subarray(36, 40).toString('ascii')).toBe('data');
    expect(parseWav(canonical)).toMatchObject({ dataOffset: 44, dataLength: 32000, sampleRate: 16000 });
  });

  it.each([
    [{ rate: 44100, channels: 1, bits: 16 }],
    [{ rate: 16000, channels: 2, bits: 16 }],
    [{ rate: 16000, channels: 1, bits: 8 }],
  ])('asks for conversion of %o', (format) => {
    expect(isSphinxReady(parseWav(wav({ ...format, samples: 100 })))).toBe(false);
  });

  it('does not take other bytes for WAV', () => {
    expect(parseWav(new TextEncoder().encode('ID3 not a wav file at all'))).toBeNull();
  });
});

/**
 * Just enough of the WAV format to tell whether audio is already what PocketSphinx reads (16 kHz,
 * mono, 16-bit PCM), so its samples go to the recogniser without ffmpeg, and to write such audio
 * with a plain 44-byte header (tests build their WAVs with it).
 */

export interface WavInfo {
  audioFormat: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  dataOffset: number;
  dataLength: number;
}

/** Reads a RIFF/WAVE header, walking its chunks; null when the bytes are not a WAV file. */
export function parseWav(bytes: Uint8Array): WavInfo | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') return null;
  let fmt: Omit<WavInfo, 'dataOffset' | 'dataLength'> | null = null;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ' && body + 16 <= bytes.length) {
      fmt = {
        audioFormat: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data' && fmt) {
      return { ...fmt, dataOffset: body, dataLength: Math.min(size, bytes.length - body) };
    }
    offset = body + size + (size % 2);
  }
  return null;
}

/** True for 16 kHz mono 16-bit PCM, which needs no conversion. */
export function isSphinxReady(info: WavInfo | null): info is WavInfo {
  return (
    info !== null &&
    info.audioFormat === 1 &&
    info.channels === 1 &&
    info.sampleRate === 16_000 &&
    info.bitsPerSample === 16
  );
}

/** Seconds of audio in a 16 kHz mono 16-bit data chunk. */
export function sphinxDuration(info: WavInfo): number {
  return info.dataLength / 32_000;
}

/** The PCM data of `info` behind a canonical 44-byte header. */
export function canonicalWav(bytes: Uint8Array, info: WavInfo): Buffer {
  const data = bytes.subarray(info.dataOffset, info.dataOffset + info.dataLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

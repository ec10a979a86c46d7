/**
 * Which container an upload is, from its first bytes, and the one ffmpeg demuxer that may read it.
 * ffmpeg left to guess would also accept playlists (HLS `.m3u8`, concat lists) that name other files
 * and URLs: an uploaded playlist once made the service transcribe a local file, and its error told
 * whether a path existed. Only these containers are read, each by its own demuxer, and nothing else.
 */

export interface AudioFormat {
  /** What a person calls it. */
  name: string;
  /** ffmpeg's demuxer for it (`-f`). */
  demuxer: string;
  /** Demuxer options given before `-i`. */
  inputOptions?: readonly string[];
}

const ascii = (bytes: Uint8Array, from: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/** Formats accepted, for messages. */
export const ACCEPTED_AUDIO = 'WAV, FLAC, MP3, OGG (Vorbis or Opus), WebM/Matroska, MP4/M4A or AAC (ADTS)';

/** The container of `bytes`, or null when it is none of the accepted ones. */
export function detectAudioFormat(bytes: Uint8Array): AudioFormat | null {
  if (bytes.length < 4) return null;
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return { name: 'WAV', demuxer: 'wav' };
  if (ascii(bytes, 0, 4) === 'fLaC') return { name: 'FLAC', demuxer: 'flac' };
  if (ascii(bytes, 0, 4) === 'OggS') return { name: 'OGG', demuxer: 'ogg' };
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return { name: 'WebM/Matroska', demuxer: 'matroska' };
  // MP4 data references can name other files; ffmpeg ignores them by default, and is told so anyway.
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp')
    return { name: 'MP4/M4A', demuxer: 'mov', inputOptions: ['-enable_drefs', '0'] };
  if (ascii(bytes, 0, 3) === 'ID3') return { name: 'MP3', demuxer: 'mp3' };
  const sync = bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0;
  if (sync) {
    // Frame sync: MPEG audio layer bits 01–11 are MP3/MP2/MP1; 00 with the MPEG-4 ID is AAC in ADTS.
    const layer = ((bytes[1] ?? 0) >> 1) & 0x03;
    if (layer !== 0) return { name: 'MP3', demuxer: 'mp3' };
    if (((bytes[1] ?? 0) & 0xf6) === 0xf0) return { name: 'AAC', demuxer: 'aac' };
  }
  return null;
}

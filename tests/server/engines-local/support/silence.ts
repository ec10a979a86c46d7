import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Writes `seconds` of 8 kHz mono silence into `dir` as WAV or FLAC; returns its path and bytes. */
export function silentAudio(
  dir: string,
  seconds: number,
  container: 'wav' | 'flac',
): { file: string; bytes: Uint8Array<ArrayBuffer> } {
  const file = path.join(dir, `silence-${seconds}s.${container}`);
  const codec = container === 'flac' ? ['-c:a', 'flac'] : [];
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=8000:cl=mono',
    '-t',
    String(seconds),
    ...codec,
    '-y',
    file,
  ]);
  return { file, bytes: new Uint8Array(readFileSync(file)) };
}

/**
 * `seconds` of silence as FLAC (10 hours compress to 6.9 MB in about 3 s): an audio bomb, cheaply.
 */
export function silentFlac(dir: string, seconds: number): { file: string; bytes: Uint8Array<ArrayBuffer> } {
  return silentAudio(dir, seconds, 'flac');
}

/** The FLAC with its STREAMINFO total-samples field zeroed: a stream whose header gives no length. */
export function withoutLength(flac: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const copy = flac.slice();
  copy[21] = (copy[21] ?? 0) & 0xf0;
  copy.fill(0, 22, 26);
  return copy;
}

/** A multipart transcription request for `bytes`, as the playground sends it. */
export function transcriptionForm(bytes: Uint8Array<ArrayBuffer>, filename: string): FormData {
  const form = new FormData();
  form.append('model', 'svc-audio');
  form.append('file', new Blob([bytes]), filename);
  return form;
}

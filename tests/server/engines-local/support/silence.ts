import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes `seconds` of 8 kHz mono silence as FLAC into `dir` (10 hours compress to 6.9 MB in about
 * 3 s) and returns its path and bytes: an audio bomb, cheaply.
 */
export function silentFlac(dir: string, seconds: number): { file: string; bytes: Uint8Array<ArrayBuffer> } {
  const file = path.join(dir, `silence-${seconds}s.flac`);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=8000:cl=mono',
    '-t',
    String(seconds),
    '-c:a',
    'flac',
    '-y',
    file,
  ]);
  return { file, bytes: new Uint8Array(readFileSync(file)) };
}

/** A multipart transcription request for `bytes`, as the playground sends it. */
export function transcriptionForm(bytes: Uint8Array<ArrayBuffer>, filename: string): FormData {
  const form = new FormData();
  form.append('model', 'svc-audio');
  form.append('file', new Blob([bytes]), filename);
  return form;
}

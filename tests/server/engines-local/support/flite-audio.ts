import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Makes test speech with Debian's flite (voice awb) and shapes it with ffmpeg; files live in one temp folder. */
export class FliteAudio {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'svc-audio-test-'));
  private count = 0;

  private next(ext: string): string {
    this.count += 1;
    return path.join(this.dir, `clip-${this.count}.${ext}`);
  }

  /** 16 kHz mono 16-bit WAV of `text` spoken by flite. */
  speak(text: string): string {
    const file = this.next('wav');
    execFileSync('flite', ['-voice', 'awb', '-t', text, '-o', file]);
    return file;
  }

  /** 8 kHz mono 16-bit WAV of `text`, as a plain `flite -t` writes it (its default voice, kal). */
  speakDefaultVoice(text: string): string {
    const file = this.next('wav');
    execFileSync('flite', ['-t', text, '-o', file]);
    return file;
  }

  /** Joins clips with `gapSeconds` of silence between them, encoded by ffmpeg in the given container. */
  join(
    files: readonly string[],
    gapSeconds: number,
    ext: 'wav' | 'flac' | 'ogg' = 'wav',
    rate = 16000,
    channels = 1,
  ): string {
    const out = this.next(ext);
    const inputs: string[] = [];
    const labels: string[] = [];
    files.forEach((file, i) => {
      inputs.push('-i', file);
      labels.push(`[${i * 2}]`);
      if (i < files.length - 1) {
        inputs.push('-f', 'lavfi', '-t', String(gapSeconds), '-i', 'anullsrc=r=16000:cl=mono');
        labels.push(`[${i * 2 + 1}]`);
      }
    });
    const filter = `${labels.join('')}concat=n=${labels.length}:v=0:a=1`;
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      ...inputs,
      '-filter_complex',
      filter,
      '-ar',
      String(rate),
      '-ac',
      String(channels),
      out,
    ]);
    return out;
  }

  read(file: string): Uint8Array {
    return new Uint8Array(readFileSync(file));
  }

  /** Duration in seconds, as ffprobe reads it. */
  duration(file: string): number {
    const out = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
      { encoding: 'utf8' },
    );
    return Number(out.trim());
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

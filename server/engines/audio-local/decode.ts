/**
 * How ffprobe and ffmpeg are run on an upload. Both read only the private copy of the upload, through
 * the one demuxer its first bytes chose (see audio-format.ts), with no protocol but `file`: nothing
 * the upload names (a playlist entry, a URL, an MP4 data reference) is ever opened.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AudioFormat } from './audio-format';
import type { Command } from './pcm-pipe';
import { runChild } from './run-child';

export interface ProbeOptions {
  signal: AbortSignal;
  timeoutMs: number;
  onSpawn?: (command: string, pid: number) => void;
}

/** Input options that pin ffmpeg and ffprobe to the file itself, read by `format`'s demuxer. */
function inputArgs(format: AudioFormat, inputPath: string): string[] {
  return [
    '-protocol_whitelist',
    'file',
    '-f',
    format.demuxer,
    ...(format.inputOptions ?? []),
    '-i',
    inputPath,
  ];
}

/**
 * The length the container declares, in seconds; null when it declares none (streamed FLAC, some
 * MP3s) or ffprobe is not beside ffmpeg. Only a first answer: decoding is capped as well.
 */
export async function probeSeconds(
  ffmpeg: string,
  format: AudioFormat,
  inputPath: string,
  options: ProbeOptions,
): Promise<number | null> {
  const ffprobe = path.join(path.dirname(ffmpeg), 'ffprobe');
  if (!existsSync(ffprobe)) return null;
  const args = ['-v', 'error', ...inputArgs(format, inputPath)];
  args.push('-show_entries', 'format=duration', '-of', 'csv=p=0');
  const result = await runChild(ffprobe, args, {
    signal: options.signal,
    timeoutMs: Math.min(options.timeoutMs, 30_000),
    onSpawn: (pid) => options.onSpawn?.('ffprobe', pid),
  });
  const seconds = Number.parseFloat(result.stdout.trim());
  return result.code === 0 && Number.isFinite(seconds) ? seconds : null;
}

/**
 * ffmpeg writing the upload into `outputPath` (the FIFO the recogniser reads) as raw 16 kHz mono
 * 16-bit PCM, and its progress (bytes written so far) to stdout. `-t` makes it stop by itself a
 * second past the limit, so the reader of its progress sees that the audio is longer.
 */
export function decoderCommand(
  ffmpeg: string,
  format: AudioFormat,
  inputPath: string,
  outputPath: string,
  maxSeconds: number,
): Command {
  const args = [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostats',
    ...inputArgs(format, inputPath),
  ];
  args.push('-vn', '-ac', '1', '-ar', '16000', '-t', String(maxSeconds + 1));
  args.push('-c:a', 'pcm_s16le', '-f', 's16le', '-progress', 'pipe:1', '-y', outputPath);
  return { name: 'ffmpeg', path: ffmpeg, args };
}

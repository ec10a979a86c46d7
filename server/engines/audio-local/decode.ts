/**
 * How ffprobe and ffmpeg are run on an upload. Both read only the private copy of the upload, through
 * the one demuxer its first bytes chose (see audio-format.ts), with no protocol but `file`: nothing
 * the upload names (a playlist entry, a URL, an MP4 data reference) is ever opened.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AudioFormat } from './audio-format';
import { narrowbandFilters } from './narrowband';
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

/** What the container declares; null for what it does not say, or when ffprobe is not beside ffmpeg. */
export interface ProbedAudio {
  /** Seconds; absent from streamed FLAC and some MP3s. Only a first answer: decoding is capped as well. */
  seconds: number | null;
  /** Sample rate of the first audio stream, in Hz. */
  sampleRate: number | null;
}

/** Reads ffprobe's `key=value` lines. */
function probedValue(output: string, key: string): number | null {
  const match = new RegExp(`^${key}=([0-9.]+)\\s*$`, 'm').exec(output);
  const value = match ? Number.parseFloat(match[1] ?? '') : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The length and sample rate the upload's container declares, read by ffprobe in one run. */
export async function probeAudio(
  ffmpeg: string,
  format: AudioFormat,
  inputPath: string,
  options: ProbeOptions,
): Promise<ProbedAudio> {
  const ffprobe = path.join(path.dirname(ffmpeg), 'ffprobe');
  if (!existsSync(ffprobe)) return { seconds: null, sampleRate: null };
  const args = ['-v', 'error', ...inputArgs(format, inputPath)];
  args.push('-select_streams', 'a:0', '-show_entries', 'format=duration:stream=sample_rate');
  args.push('-of', 'default=noprint_wrappers=1');
  const result = await runChild(ffprobe, args, {
    signal: options.signal,
    timeoutMs: Math.min(options.timeoutMs, 30_000),
    onSpawn: (pid) => options.onSpawn?.('ffprobe', pid),
  });
  if (result.code !== 0) return { seconds: null, sampleRate: null };
  return {
    seconds: probedValue(result.stdout, 'duration'),
    sampleRate: probedValue(result.stdout, 'sample_rate'),
  };
}

/**
 * ffmpeg writing the upload into `outputPath` (the FIFO the recogniser reads) as raw 16 kHz mono
 * 16-bit PCM, and its progress (bytes written so far) to stdout. `-t` makes it stop by itself a
 * second past the limit, so the reader of its progress sees that the audio is longer. Audio sampled
 * below 16 kHz (`sampleRate`, when known) is folded first (narrowband.ts).
 */
export function decoderCommand(
  ffmpeg: string,
  format: AudioFormat,
  inputPath: string,
  outputPath: string,
  maxSeconds: number,
  sampleRate: number | null = null,
): Command {
  const args = [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostats',
    ...inputArgs(format, inputPath),
  ];
  const filters = narrowbandFilters(sampleRate);
  if (filters.length > 0) args.push('-af', filters.join(','));
  args.push('-vn', '-ac', '1', '-ar', '16000', '-t', String(maxSeconds + 1));
  args.push('-c:a', 'pcm_s16le', '-f', 's16le', '-progress', 'pipe:1', '-y', outputPath);
  return { name: 'ffmpeg', path: ffmpeg, args };
}

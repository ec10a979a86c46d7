/**
 * One transcription, start to end: the upload goes to a private temporary folder, becomes 16 kHz
 * mono 16-bit WAV (rewritten in process when it already is, converted by ffmpeg otherwise), and
 * pocketsphinx reads it with word timings. The folder is removed whatever happens.
 *
 * ffmpeg reads only an accepted container, through that container's demuxer, with no protocol but
 * `file` (see audio-format.ts); the length is probed before decoding and capped while decoding, and
 * the decoded audio is never read into memory: pocketsphinx streams it from disk.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Transcript } from '../engine';
import { ACCEPTED_AUDIO, detectAudioFormat, type AudioFormat } from './audio-format';
import { runChild } from './run-child';
import { parseSphinxWords, wordsToSegments } from './sphinx-output';
import type { AudioEngineStatus } from './tools';
import { canonicalWav, isSphinxReady, parseWav, sphinxDuration } from './wav-header';

/** The upload could not be decoded as audio; `reason` is for the client. */
export class AudioDecodeError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'AudioDecodeError';
  }
}

/** The audio is longer than the service accepts; `seconds` is its length when known. */
export class AudioTooLongError extends Error {
  constructor(
    readonly seconds: number | null,
    readonly maxSeconds: number,
  ) {
    super(`the audio is longer than ${maxSeconds} s`);
    this.name = 'AudioTooLongError';
  }
}

/** The audio needs converting and ffmpeg is not installed. */
export class ConverterMissingError extends Error {
  constructor() {
    super('ffmpeg is needed to convert this audio');
    this.name = 'ConverterMissingError';
  }
}

export interface TranscribeFileOptions {
  tools: AudioEngineStatus;
  signal: AbortSignal;
  timeoutMs: number;
  /** Longest audio accepted, in seconds. */
  maxSeconds: number;
  onSpawn?: (command: string, pid: number) => void;
}

/** 16 kHz mono 16-bit PCM: bytes per second of decoded audio. */
const BYTES_PER_SECOND = 32_000;

/** The length ffprobe reads from the container, in seconds; null when it cannot tell (or is missing). */
async function probeSeconds(
  ffmpeg: string,
  format: AudioFormat,
  inputPath: string,
  options: TranscribeFileOptions,
): Promise<number | null> {
  const ffprobe = path.join(path.dirname(ffmpeg), 'ffprobe');
  if (!existsSync(ffprobe)) return null;
  const args = ['-v', 'error', '-protocol_whitelist', 'file', '-f', format.demuxer];
  args.push('-show_entries', 'format=duration', '-of', 'csv=p=0', inputPath);
  const result = await runChild(ffprobe, args, {
    signal: options.signal,
    timeoutMs: Math.min(options.timeoutMs, 30_000),
    onSpawn: (pid) => options.onSpawn?.('ffprobe', pid),
  });
  const seconds = Number.parseFloat(result.stdout.trim());
  return result.code === 0 && Number.isFinite(seconds) ? seconds : null;
}

async function toSphinxWav(file: Uint8Array, dir: string, options: TranscribeFileOptions): Promise<string> {
  const wavPath = path.join(dir, 'audio.wav');
  const info = parseWav(file);
  if (isSphinxReady(info)) {
    if (sphinxDuration(info) > options.maxSeconds)
      throw new AudioTooLongError(sphinxDuration(info), options.maxSeconds);
    await writeFile(wavPath, canonicalWav(file, info));
    return wavPath;
  }
  const format = detectAudioFormat(file);
  if (!format) throw new AudioDecodeError(`it is not in an accepted audio format (${ACCEPTED_AUDIO})`);
  const ffmpeg = options.tools.paths.ffmpeg;
  if (!ffmpeg) throw new ConverterMissingError();
  const inputPath = path.join(dir, 'input');
  await writeFile(inputPath, file);
  const declared = await probeSeconds(ffmpeg, format, inputPath, options);
  if (declared !== null && declared > options.maxSeconds)
    throw new AudioTooLongError(declared, options.maxSeconds);
  // One demuxer, no protocol but the file itself: nothing the upload names is ever opened. `-t` caps
  // the decoded length whatever the header said, and -bitexact with -map_metadata -1 keep the header
  // at the plain 44 bytes pocketsphinx expects.
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file'];
  args.push('-f', format.demuxer, '-i', inputPath, '-vn', '-ac', '1', '-ar', '16000');
  args.push('-t', String(options.maxSeconds + 1));
  args.push('-c:a', 'pcm_s16le', '-bitexact', '-map_metadata', '-1', '-f', 'wav', '-y', wavPath);
  const result = await runChild(ffmpeg, args, {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    onSpawn: (pid) => options.onSpawn?.('ffmpeg', pid),
  });
  if (result.code !== 0) {
    const detail = result.stderr.trim().split('\n').pop()?.replaceAll(inputPath, 'the file') ?? '';
    throw new AudioDecodeError(`the ${format.name} file could not be decoded${detail ? ` (${detail})` : ''}`);
  }
  return wavPath;
}

/** The WAV's header and length from its first bytes and its size: the samples stay on disk. */
async function readWavInfo(wavPath: string): Promise<ReturnType<typeof parseWav>> {
  const handle = await open(wavPath, 'r');
  try {
    const head = new Uint8Array(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const info = parseWav(head.subarray(0, bytesRead));
    if (!info) return null;
    const { size } = await stat(wavPath);
    return { ...info, dataLength: Math.max(0, size - info.dataOffset) };
  } finally {
    await handle.close();
  }
}

/** Transcribes one upload; throws AudioDecodeError, ConverterMissingError, a child error or the abort reason. */
export async function transcribeFile(file: Uint8Array, options: TranscribeFileOptions): Promise<Transcript> {
  const { paths } = options.tools;
  if (!paths.pocketsphinx) throw new Error('pocketsphinx is not installed');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'svc-audio-'));
  try {
    const wavPath = await toSphinxWav(file, dir, options);
    const info = await readWavInfo(wavPath);
    if (!info || info.dataLength === 0) throw new AudioDecodeError('the file holds no audio samples');
    // The header may have lied: ffmpeg stopped at maxSeconds + 1, so reaching past the limit means longer.
    if (info.dataLength / BYTES_PER_SECOND > options.maxSeconds)
      throw new AudioTooLongError(null, options.maxSeconds);
    const args = [
      '-infile',
      wavPath,
      '-time',
      'yes',
      '-hmm',
      paths.hmm,
      '-lm',
      paths.lm,
      '-dict',
      paths.dict,
      '-logfn',
      '/dev/null',
    ];
    const result = await runChild(paths.pocketsphinx, args, {
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      onSpawn: (pid) => options.onSpawn?.('pocketsphinx', pid),
    });
    if (result.code !== 0)
      throw new Error(`pocketsphinx exited with code ${result.code}: ${result.stderr.slice(-500)}`);
    const segments = wordsToSegments(parseSphinxWords(result.stdout));
    return { text: segments.map((s) => s.text).join(' '), segments, duration: sphinxDuration(info) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

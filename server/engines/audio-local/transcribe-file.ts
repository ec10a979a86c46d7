/**
 * One transcription, start to end: the upload goes to a private temporary folder, becomes 16 kHz
 * mono 16-bit WAV (rewritten in process when it already is, converted by ffmpeg otherwise), and
 * pocketsphinx reads it with word timings. The folder is removed whatever happens.
 */
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Transcript } from '../engine';
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
  onSpawn?: (command: string, pid: number) => void;
}

async function toSphinxWav(file: Uint8Array, dir: string, options: TranscribeFileOptions): Promise<string> {
  const wavPath = path.join(dir, 'audio.wav');
  const info = parseWav(file);
  if (isSphinxReady(info)) {
    await writeFile(wavPath, canonicalWav(file, info));
    return wavPath;
  }
  const ffmpeg = options.tools.paths.ffmpeg;
  if (!ffmpeg) throw new ConverterMissingError();
  const inputPath = path.join(dir, 'input');
  await writeFile(inputPath, file);
  // -bitexact and -map_metadata -1 keep the header at the plain 44 bytes pocketsphinx expects.
  const args = [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    inputPath,
    '-vn',
    '-ac',
    '1',
    '-ar',
    '16000',
  ];
  args.push('-c:a', 'pcm_s16le', '-bitexact', '-map_metadata', '-1', '-f', 'wav', '-y', wavPath);
  const result = await runChild(ffmpeg, args, {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    onSpawn: (pid) => options.onSpawn?.('ffmpeg', pid),
  });
  if (result.code !== 0) {
    const detail = result.stderr.trim().split('\n').pop()?.replace(inputPath, 'the file') ?? '';
    throw new AudioDecodeError(`the file could not be decoded as audio${detail ? ` (${detail})` : ''}`);
  }
  return wavPath;
}

/** Transcribes one upload; throws AudioDecodeError, ConverterMissingError, a child error or the abort reason. */
export async function transcribeFile(file: Uint8Array, options: TranscribeFileOptions): Promise<Transcript> {
  const { paths } = options.tools;
  if (!paths.pocketsphinx) throw new Error('pocketsphinx is not installed');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'svc-audio-'));
  try {
    const wavPath = await toSphinxWav(file, dir, options);
    const info = parseWav(await readFile(wavPath));
    if (!info || info.dataLength === 0) throw new AudioDecodeError('the file holds no audio samples');
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

/**
 * One transcription, start to end, in a private temporary folder removed whatever happens. Audio
 * that already is 16 kHz mono 16-bit WAV has its samples written there for pocketsphinx (never more
 * than the upload); anything else is copied there and ffmpeg decodes it into a FIFO that pocketsphinx
 * reads as it comes (audio sampled below 16 kHz folded on the way, see narrowband.ts). pocketsphinx
 * gives word timings.
 *
 * ffmpeg reads only an accepted container, through that container's demuxer, with no protocol but
 * `file` (see audio-format.ts and decode.ts); the length is probed before decoding and counted while
 * decoding, and the decoded audio is never held whole, in memory or on disk (see pcm-pipe.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Transcript } from '../engine';
import { ACCEPTED_AUDIO, detectAudioFormat, type AudioFormat } from './audio-format';
import { decoderCommand, probeAudio } from './decode';
import { DecoderExitError, makeFifo, PcmLimitError, pipeDecoderToRecogniser, type Command } from './pcm-pipe';
import { runChild } from './run-child';
import { parseSphinxWords, wordsToSegments } from './sphinx-output';
import type { AudioEngineStatus } from './tools';
import { isSphinxReady, parseWav, sphinxDuration } from './wav-header';

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

/** pocketsphinx reading raw PCM from `pcmPath` (a file or a FIFO) to its end, without seeking. */
function recogniserCommand(tools: AudioEngineStatus, pocketsphinx: string, pcmPath: string): Command {
  const { hmm, lm, dict } = tools.paths;
  const args = ['-infile', pcmPath, '-time', 'yes', '-hmm', hmm, '-lm', lm, '-dict', dict];
  return { name: 'pocketsphinx', path: pocketsphinx, args: [...args, '-logfn', '/dev/null'] };
}

function transcript(output: string, bytes: number): Transcript {
  if (bytes < 2) throw new AudioDecodeError('the file holds no audio samples');
  const segments = wordsToSegments(parseSphinxWords(output));
  return { text: segments.map((s) => s.text).join(' '), segments, duration: bytes / BYTES_PER_SECOND };
}

/** Recognises the samples of an upload that needs no decoding: no more bytes than were uploaded. */
async function recognisePcm(
  pcm: Uint8Array,
  dir: string,
  options: TranscribeFileOptions,
  pocketsphinx: string,
): Promise<Transcript> {
  const pcmPath = path.join(dir, 'pcm');
  await writeFile(pcmPath, pcm, { mode: 0o600 });
  const recogniser = recogniserCommand(options.tools, pocketsphinx, pcmPath);
  const result = await runChild(recogniser.path, recogniser.args, {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    onSpawn: (pid) => options.onSpawn?.('pocketsphinx', pid),
  });
  if (result.code !== 0)
    throw new Error(`pocketsphinx exited with code ${result.code}: ${result.stderr.slice(-500)}`);
  return transcript(result.stdout, pcm.length);
}

/**
 * Decodes the upload at `inputPath` into a FIFO the recogniser reads, counting what passes.
 * `headerRate` is the WAV header's sample rate, for when ffprobe cannot say.
 */
async function decodeAndRecognise(
  inputPath: string,
  format: AudioFormat,
  ffmpeg: string,
  options: TranscribeFileOptions,
  pocketsphinx: string,
  headerRate: number | null,
): Promise<Transcript> {
  const declared = await probeAudio(ffmpeg, format, inputPath, options);
  if (declared.seconds !== null && declared.seconds > options.maxSeconds)
    throw new AudioTooLongError(declared.seconds, options.maxSeconds);
  const fifoPath = path.join(path.dirname(inputPath), 'pcm');
  await makeFifo(fifoPath, options.signal);
  const rate = declared.sampleRate ?? headerRate;
  const decoder = decoderCommand(ffmpeg, format, inputPath, fifoPath, options.maxSeconds, rate);
  const recogniser = recogniserCommand(options.tools, pocketsphinx, fifoPath);
  const { bytes, recogniser: result } = await pipeDecoderToRecogniser(decoder, recogniser, {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxSeconds * BYTES_PER_SECOND,
    ...(options.onSpawn && { onSpawn: options.onSpawn }),
  }).catch((failure: unknown) => {
    // The header may have lied (or said nothing): the count of decoded bytes is what decides.
    if (failure instanceof PcmLimitError) throw new AudioTooLongError(null, options.maxSeconds);
    if (failure instanceof DecoderExitError) {
      const detail = failure.result.stderr.trim().split('\n').pop()?.replaceAll(inputPath, 'the file') ?? '';
      throw new AudioDecodeError(
        `the ${format.name} file could not be decoded${detail ? ` (${detail})` : ''}`,
      );
    }
    throw failure;
  });
  return transcript(result.stdout, bytes);
}

/** Runs `work` in a new private temporary folder (mode 0700), removed whatever happens. */
async function inPrivateDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'svc-audio-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Transcribes one upload; throws AudioDecodeError, AudioTooLongError, ConverterMissingError, a child error or the abort reason. */
export async function transcribeFile(file: Uint8Array, options: TranscribeFileOptions): Promise<Transcript> {
  const pocketsphinx = options.tools.paths.pocketsphinx;
  if (!pocketsphinx) throw new Error('pocketsphinx is not installed');
  const info = parseWav(file);
  const headerRate = info?.sampleRate || null;
  if (isSphinxReady(info)) {
    // parseWav counts only the bytes present, so a header claiming more allocates nothing.
    if (info.dataLength < 2) throw new AudioDecodeError('the file holds no audio samples');
    if (sphinxDuration(info) > options.maxSeconds)
      throw new AudioTooLongError(sphinxDuration(info), options.maxSeconds);
    const pcm = file.subarray(info.dataOffset, info.dataOffset + info.dataLength);
    return inPrivateDir((dir) => recognisePcm(pcm, dir, options, pocketsphinx));
  }
  const format = detectAudioFormat(file);
  if (!format) throw new AudioDecodeError(`it is not in an accepted audio format (${ACCEPTED_AUDIO})`);
  const ffmpeg = options.tools.paths.ffmpeg;
  if (!ffmpeg) throw new ConverterMissingError();
  return inPrivateDir(async (dir) => {
    const inputPath = path.join(dir, 'input');
    await writeFile(inputPath, file, { mode: 0o600 });
    return decodeAndRecognise(inputPath, format, ffmpeg, options, pocketsphinx, headerRate);
  });
}

/**
 * The local engine behind `svc-audio`: CMU PocketSphinx with its US-English model (Debian packages),
 * run as a child process per request, with ffmpeg converting other formats, bounded concurrency and
 * a time limit. Only English can be recognised.
 */
import os from 'node:os';
import {
  EngineError,
  type AudioEngine,
  type AudioInput,
  type GenerateOptions,
  type Transcript,
} from '../engine';
import { JobQueue, QueueFullError } from '../job-queue';
import { ChildMissingError, ChildTimeoutError } from './run-child';
import {
  APT_INSTALL_LINE,
  DEFAULT_TOOL_PATHS,
  detectAudioTools,
  type AudioEngineStatus,
  type AudioToolPaths,
} from './tools';
import {
  AudioDecodeError,
  AudioTooLongError,
  ConverterMissingError,
  transcribeFile,
} from './transcribe-file';

export { APT_INSTALL_LINE, type AudioEngineStatus } from './tools';

/** Values of `language` the English model can serve. */
const ENGLISH = new Set(['', 'auto', 'en', 'en-us', 'english']);

export interface LocalAudioOptions {
  /** Transcriptions running at once (default: half the CPUs, at least 1). */
  maxConcurrent?: number;
  /** Transcriptions waiting for a slot before new ones get 429 (default 8). */
  maxQueued?: number;
  /** Time allowed for one transcription, conversion included, in ms (default 120 000). */
  timeoutMs?: number;
  /** Longest audio accepted, in seconds, probed before decoding (default 7200); longer is a 400 naming `file`. */
  maxSeconds?: number;
  /** Where the tools are; Debian's paths unless set (tests point at missing ones). */
  tools?: Partial<AudioToolPaths>;
  /** Called with each child's pid as it starts (tests check children are killed). */
  onSpawn?: (command: string, pid: number) => void;
}

/** Reports whether local transcription can run here, and which Debian packages are missing. */
export async function detectAudioEngine(tools: Partial<AudioToolPaths> = {}): Promise<AudioEngineStatus> {
  return detectAudioTools({ ...DEFAULT_TOOL_PATHS, ...tools });
}

function error(
  status: number,
  type: string,
  code: string,
  param: string | null,
  message: string,
): EngineError {
  return new EngineError(status, { message, type, param, code });
}

function unavailable(missing: readonly string[], why: string): EngineError {
  return error(
    503,
    'server_error',
    'engine_unavailable',
    null,
    `${why}: the Debian package(s) ${missing.join(', ')} are not installed. Install them with \`${APT_INSTALL_LINE}\` and retry ` +
      '(no restart needed), or set SVC_UPSTREAM_URL to transcribe with an upstream model.',
  );
}

function formatSeconds(seconds: number): string {
  if (seconds < 120) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} min` : `${(seconds / 3600).toFixed(1)} h`;
}

function checkInput(input: AudioInput): void {
  const language = (input.language ?? '').trim().toLowerCase();
  if (!ENGLISH.has(language)) {
    throw error(
      400,
      'invalid_request_error',
      'invalid_request_error',
      'language',
      `The local transcriber knows only English, but language is "${input.language}". Send language "en" (or "auto", ` +
        'or leave it out), or set SVC_UPSTREAM_URL to use an upstream model for other languages.',
    );
  }
  if (input.file.length === 0)
    throw error(400, 'invalid_request_error', 'invalid_request_error', 'file', 'The audio file is empty.');
}

/** Creates the local audio engine; every request checks the tools afresh, so installing them needs no restart. */
export function createLocalAudioEngine(options: LocalAudioOptions = {}): AudioEngine {
  const maxConcurrent = options.maxConcurrent ?? Math.max(1, Math.floor(os.availableParallelism() / 2));
  const maxQueued = options.maxQueued ?? 8;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const maxSeconds = options.maxSeconds ?? 7200;
  const queue = new JobQueue(maxConcurrent, maxQueued);

  async function transcribeNow(input: AudioInput, signal: AbortSignal): Promise<Transcript> {
    const tools = await detectAudioEngine(options.tools);
    if (!tools.available)
      throw unavailable(
        tools.missing.filter((p) => p !== 'ffmpeg'),
        'Local transcription needs CMU PocketSphinx',
      );
    const deadline = AbortSignal.timeout(timeoutMs);
    try {
      return await transcribeFile(input.file, {
        tools,
        signal: AbortSignal.any([signal, deadline]),
        timeoutMs,
        maxSeconds,
        ...(options.onSpawn && { onSpawn: options.onSpawn }),
      });
    } catch (failure) {
      if (failure instanceof ConverterMissingError) {
        throw unavailable(
          ['ffmpeg'],
          'This audio is not 16 kHz mono 16-bit WAV, and converting it needs ffmpeg',
        );
      }
      if (failure instanceof AudioDecodeError) {
        throw error(
          400,
          'invalid_request_error',
          'invalid_request_error',
          'file',
          `The audio was not transcribed: ${failure.reason}.`,
        );
      }
      if (failure instanceof AudioTooLongError) {
        const length =
          failure.seconds === null ? 'longer than that' : `${formatSeconds(failure.seconds)} long`;
        throw error(
          400,
          'invalid_request_error',
          'invalid_request_error',
          'file',
          `The audio is ${length}; this service transcribes at most ${formatSeconds(failure.maxSeconds)} (SVC_AUDIO_MAX_SECONDS). Send a shorter recording, or cut it into parts.`,
        );
      }
      if (failure instanceof ChildMissingError)
        throw unavailable(['pocketsphinx'], 'Local transcription needs CMU PocketSphinx');
      if (failure instanceof ChildTimeoutError || (deadline.aborted && !signal.aborted)) {
        throw error(
          500,
          'server_error',
          'engine_timeout',
          null,
          `Transcription took longer than the limit of ${Math.round(timeoutMs / 1000)} s and was stopped; send shorter audio.`,
        );
      }
      throw failure;
    }
  }

  return {
    describe: () =>
      'Local transcriber: CMU PocketSphinx with its US-English model (Debian packages), English only, with word timings for srt/vtt. ' +
      'It is far less accurate than a neural model; set SVC_UPSTREAM_URL to use one.',
    async transcribe(input: AudioInput, { signal }: GenerateOptions): Promise<Transcript> {
      checkInput(input);
      try {
        return await queue.run(() => transcribeNow(input, signal), signal);
      } catch (failure) {
        if (failure instanceof QueueFullError) {
          throw new EngineError(
            429,
            {
              message: `The local transcriber is busy (${failure.maxConcurrent} running, ${failure.maxQueued} waiting); retry in a few seconds.`,
              type: 'rate_limit_error',
              param: null,
              code: 'rate_limit_exceeded',
            },
            { 'Retry-After': '5' },
          );
        }
        throw failure;
      }
    },
  };
}

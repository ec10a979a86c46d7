/**
 * Runs the decoder and the recogniser together, joined by a named pipe (FIFO) in the private
 * temporary folder: ffmpeg writes raw 16 kHz mono 16-bit PCM into it and pocketsphinx reads it as it
 * comes, so decoded audio is never held whole, in memory or on disk (10 hours of silence once became
 * a 1.13 GB WAV read whole into memory). A FIFO, because Node's own stdio pipes are sockets, which
 * pocketsphinx cannot open as `/dev/stdin`.
 *
 * ffmpeg reports the bytes it has written (`-progress`); past `maxBytes` both children are killed,
 * whatever the container's header said. Whichever child fails first stops the other: each would
 * otherwise wait for the time limit (a recogniser for input, a decoder for a reader).
 */
import { Writable } from 'node:stream';
import { runChild, type ChildResult } from './run-child';

export interface Command {
  /** Name for onSpawn ('ffmpeg', 'pocketsphinx'). */
  name: string;
  path: string;
  args: readonly string[];
}

export interface PcmPipeOptions {
  signal: AbortSignal;
  timeoutMs: number;
  /** Bytes of PCM allowed through; more kills both children with PcmLimitError. */
  maxBytes: number;
  onSpawn?: (command: string, pid: number) => void;
}

export interface PcmPipeResult {
  /** Bytes of PCM the decoder wrote, and the recogniser read. */
  bytes: number;
  recogniser: ChildResult;
}

/** More PCM came than `maxBytes`: the audio is longer than the limit. */
export class PcmLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the decoded audio passed ${maxBytes} bytes`);
    this.name = 'PcmLimitError';
  }
}

/** The decoder exited with an error; `result` holds its stderr tail. */
export class DecoderExitError extends Error {
  constructor(readonly result: ChildResult) {
    super(`the decoder exited with code ${result.code}`);
    this.name = 'DecoderExitError';
  }
}

/** Creates the FIFO at `fifoPath`, readable and writable by this user only. */
export async function makeFifo(fifoPath: string, signal: AbortSignal): Promise<void> {
  const result = await runChild('mkfifo', ['-m', '600', fifoPath], { signal, timeoutMs: 10_000 });
  if (result.code !== 0) throw new Error(`mkfifo failed: ${result.stderr.trim()}`);
}

/** Reads ffmpeg's `-progress` lines and reports each `total_size` (bytes written so far). */
class ProgressReader extends Writable {
  bytes = 0;
  private partial = '';

  constructor(private readonly onBytes: (bytes: number) => void) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    const lines = (this.partial + chunk.toString('latin1')).split('\n');
    // Lines are short key=value pairs; a long one is not progress and is not kept.
    this.partial = (lines.pop() ?? '').slice(-200);
    for (const line of lines) {
      const match = /^total_size=(\d+)\s*$/.exec(line);
      if (!match) continue;
      this.bytes = Number(match[1]);
      this.onBytes(this.bytes);
    }
    done();
  }
}

/**
 * Runs `decoder` (ffmpeg writing PCM into the FIFO, `-progress pipe:1`) and `recogniser` (reading the
 * FIFO) together; resolves once both are done, or rejects with the first failure once both are
 * gone: the abort reason, PcmLimitError, DecoderExitError, or a child's own error.
 */
export async function pipeDecoderToRecogniser(
  decoder: Command,
  recogniser: Command,
  options: PcmPipeOptions,
): Promise<PcmPipeResult> {
  const stop = new AbortController();
  const fail = (reason: unknown) => {
    if (!stop.signal.aborted) stop.abort(reason);
  };
  const signal = AbortSignal.any([options.signal, stop.signal]);
  const childOptions = (name: string) => ({
    signal,
    timeoutMs: options.timeoutMs,
    onSpawn: (pid: number) => options.onSpawn?.(name, pid),
  });
  const overLimit = (bytes: number) => {
    if (bytes > options.maxBytes) fail(new PcmLimitError(options.maxBytes));
  };
  const progress = new ProgressReader(overLimit);

  const decoding = runChild(decoder.path, decoder.args, {
    ...childOptions(decoder.name),
    stdout: progress,
  }).then((result) => {
    if (result.code !== 0) fail(new DecoderExitError(result));
    else overLimit(progress.bytes);
  }, fail);
  const recognising = runChild(recogniser.path, recogniser.args, childOptions(recogniser.name)).then(
    (result) => {
      if (result.code !== 0)
        fail(new Error(`${recogniser.name} exited with code ${result.code}: ${result.stderr.slice(-500)}`));
      return result;
    },
    fail,
  );

  const [, recognised] = await Promise.all([decoding, recognising]);
  if (stop.signal.aborted) throw stop.signal.reason;
  if (!recognised) throw new Error(`${recogniser.name} gave no result`);
  return { bytes: progress.bytes, recogniser: recognised };
}

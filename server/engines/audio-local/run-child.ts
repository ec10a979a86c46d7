/**
 * Runs a tool as a child process with a time limit and an abort signal; either one kills it
 * (SIGKILL: the tools here hold no state worth a graceful stop) and waits until it is gone.
 */
import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';

export interface ChildResult {
  code: number | null;
  stdout: string;
  /** The last few kilobytes of stderr, for error messages. */
  stderr: string;
}

/** The child ran past its time limit and was killed. */
export class ChildTimeoutError extends Error {
  constructor(
    readonly command: string,
    readonly timeoutMs: number,
  ) {
    super(`${command} ran longer than ${timeoutMs} ms and was stopped`);
    this.name = 'ChildTimeoutError';
  }
}

/** The command is not installed (spawn gave ENOENT). */
export class ChildMissingError extends Error {
  constructor(readonly command: string) {
    super(`${command} is not installed`);
    this.name = 'ChildMissingError';
  }
}

export interface RunChildOptions {
  signal: AbortSignal;
  timeoutMs: number;
  /** Called with the child's pid once it runs (tests use it to check the child is gone). */
  onSpawn?: (pid: number) => void;
  /** Takes the child's stdout as it comes (and is ended with it) instead of it being collected. */
  stdout?: Writable;
}

const STDOUT_LIMIT = 8 * 1024 * 1024;
const STDERR_TAIL = 4096;

/** Runs `command args`; resolves with its exit code and output, rejects on abort, time-out or a missing command. */
export function runChild(
  command: string,
  args: readonly string[],
  options: RunChildOptions,
): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) {
      reject(options.signal.reason);
      return;
    }
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let failure: unknown = null;
    const stop = (reason: unknown) => {
      failure ??= reason;
      child.kill('SIGKILL');
    };
    const onAbort = () => stop(options.signal.reason);
    const timer = setTimeout(
      () => stop(new ChildTimeoutError(command, options.timeoutMs)),
      options.timeoutMs,
    );
    options.signal.addEventListener('abort', onAbort, { once: true });
    child.on('spawn', () => {
      if (child.pid !== undefined) options.onSpawn?.(child.pid);
    });
    if (options.stdout) child.stdout.pipe(options.stdout);
    else
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.length > STDOUT_LIMIT)
          stop(new Error(`${command} wrote more than ${STDOUT_LIMIT} bytes of output`));
      });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      failure ??= error.code === 'ENOENT' ? new ChildMissingError(command) : error;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      if (failure !== null) reject(failure);
      else resolve({ code, stdout, stderr });
    });
  });
}

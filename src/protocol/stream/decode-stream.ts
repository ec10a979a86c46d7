import { StreamParser, type StreamMessage } from './stream-parser';
import type { StreamLimits } from './stream-limits';
import { BODY_COMPLETE } from './body-complete';

export { StreamParser, type StreamDone, type StreamEvent, type StreamMessage } from './stream-parser';
export { DEFAULT_STREAM_LIMITS, OversizedEventError, type StreamLimits } from './stream-limits';

export interface DecodeStreamOptions {
  /** Aborting it cancels the body and makes the next read reject with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Bounds on one event (default `DEFAULT_STREAM_LIMITS`); past them the read throws `OversizedEventError`. */
  limits?: StreamLimits | undefined;
  /** Called after each read of the body that brought bytes: the events parsed next came in it. */
  onRead?: (() => void) | undefined;
}

type Result = IteratorResult<StreamMessage, void>;
const DONE: Result = { value: undefined, done: true };

/**
 * The iterator behind `decodeStream`. Hand-written rather than an `async function*` because a
 * generator pays several promise hops per `yield`; here a message already parsed is handed out with
 * one resolved promise, which more than doubles throughput on streams of small events (see the bench).
 */
class DecodeIterator implements AsyncGenerator<StreamMessage, void, undefined> {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly parser: StreamParser;
  private buffer: StreamMessage[] = [];
  private pos = 0;
  private closed = false;
  private released = false;
  private inflight: Promise<Result> | null = null;
  private readonly onAbort = () => this.release(this.signal?.reason);

  constructor(
    body: ReadableStream<Uint8Array>,
    private readonly signal: AbortSignal | undefined,
    limits: StreamLimits | undefined,
    private readonly onRead: (() => void) | undefined,
  ) {
    signal?.throwIfAborted();
    this.parser = new StreamParser(limits);
    this.reader = body.getReader();
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  next(): Promise<Result> {
    if (this.signal?.aborted && !this.closed) {
      this.close();
      return Promise.reject(this.signal.reason);
    }
    if (this.pos < this.buffer.length) {
      return Promise.resolve({ value: this.buffer[this.pos++] as StreamMessage, done: false });
    }
    if (this.closed) return Promise.resolve(DONE);
    // Calls that overlap (not the for-await pattern, but allowed) wait their turn.
    if (this.inflight) return this.inflight.then(() => this.next());
    const filling = this.fill();
    this.inflight = filling;
    const clear = () => {
      this.inflight = null;
    };
    filling.then(clear, clear);
    return filling;
  }

  return(): Promise<Result> {
    this.close();
    return Promise.resolve(DONE);
  }

  throw(error: unknown): Promise<Result> {
    this.close();
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    this.close();
  }

  private async fill(): Promise<Result> {
    try {
      this.buffer = [];
      this.pos = 0;
      while (!this.parser.done && !this.released) {
        const result = await this.reader.read();
        this.signal?.throwIfAborted();
        if (result.done) {
          this.released = true;
          this.parser.end(this.buffer);
        } else {
          this.onRead?.();
          this.parser.push(result.value, this.buffer);
        }
        // After [DONE] nothing more is read: let the connection go now, not when the consumer stops.
        if (this.parser.done) this.release(BODY_COMPLETE);
        if (this.buffer.length > 0) return { value: this.buffer[this.pos++] as StreamMessage, done: false };
      }
      this.close();
      return DONE;
    } catch (error) {
      this.close();
      throw error;
    }
  }

  private release(reason?: unknown): void {
    if (this.released) return;
    this.released = true;
    this.reader.cancel(reason).catch(() => undefined);
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.buffer = [];
    this.signal?.removeEventListener('abort', this.onAbort);
    this.release();
  }
}

/**
 * Reads a response body as a sequence of stream messages (the rules are in `stream-parser.ts`).
 * Ends after a `done` message or at the end of the body. Leaving early (`break`, `return()`, a throw in
 * the consumer) or reading `[DONE]` cancels the body so the connection is released.
 */
export function decodeStream(
  body: ReadableStream<Uint8Array>,
  options: DecodeStreamOptions = {},
): AsyncGenerator<StreamMessage, void, undefined> {
  return new DecodeIterator(body, options.signal, options.limits, options.onRead);
}

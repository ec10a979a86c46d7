/**
 * Writes a sequence of JSON chunks as a streamed response: Server-Sent Events (`data: <json>` lines
 * ending with `data: [DONE]`) or bare JSON lines (`application/x-ndjson`, no [DONE]), the two forms the
 * spec shows. Each chunk is enqueued as soon as it exists, so it is flushed at once.
 */
import type { ErrorBody } from '../../src/protocol/wire';
import type { StreamFormat } from '../config';

export interface StreamOptions {
  format: StreamFormat;
  /** Aborted when the reader cancels (the client went away), so the engine stops. */
  abort: AbortController;
  /** Turns an error thrown after the stream started into the spec's error body for the final event. */
  describeError: (error: unknown) => ErrorBody;
  headers?: Record<string, string>;
}

/**
 * How many chunks are read before the response is committed. The first chat chunk (the role) is made
 * by the service itself; reading one more means an engine that fails before saying anything (an
 * upstream's 401 or 429, say) still gets a proper HTTP status instead of a 200 stream.
 */
const PREFETCH = 2;

/**
 * Reads the first chunks (so early engine errors keep their HTTP status), then answers 200 with a
 * stream of the rest. An error after that ends the stream with one `{ "error": ... }` event and no [DONE].
 */
export async function streamResponse(
  chunks: AsyncIterator<unknown>,
  options: StreamOptions,
): Promise<Response> {
  const encoder = new TextEncoder();
  const frame = (value: unknown): Uint8Array =>
    encoder.encode(
      options.format === 'sse' ? `data: ${JSON.stringify(value)}\n\n` : `${JSON.stringify(value)}\n`,
    );

  const ready: unknown[] = [];
  let ended = false;
  for (let i = 0; i < PREFETCH && !ended; i += 1) {
    const result = await chunks.next();
    if (result.done) ended = true;
    else ready.push(result.value);
  }

  let closed = false;
  let streamController: ReadableStreamDefaultController<Uint8Array> | undefined;
  // A client that goes away (request aborted, or reader cancelled) closes the engine's generator too,
  // even when nobody is pulling, so a paused engine does not linger.
  const shutdown = (): void => {
    if (closed) return;
    closed = true;
    try {
      streamController?.close();
    } catch {
      // already closed or cancelled
    }
    void chunks.return?.(undefined)?.catch(() => undefined);
  };
  if (options.abort.signal.aborted) shutdown();
  else options.abort.signal.addEventListener('abort', shutdown, { once: true });

  const finish = (controller: ReadableStreamDefaultController<Uint8Array>): void => {
    if (options.format === 'sse') controller.enqueue(encoder.encode('data: [DONE]\n\n'));
    controller.close();
    closed = true;
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      streamController = controller;
      if (closed) controller.close(); // the client left while the first chunks were read
    },
    async pull(controller) {
      if (closed) return;
      if (ready.length > 0) {
        controller.enqueue(frame(ready.shift()));
        return;
      }
      if (ended) return finish(controller);
      try {
        const result = await chunks.next();
        if (closed) return;
        if (result.done) finish(controller);
        else controller.enqueue(frame(result.value));
      } catch (error) {
        if (closed) return;
        // After the headers went out the status cannot change: one error event in the spec's shape ends the stream.
        controller.enqueue(frame(options.describeError(error)));
        controller.close();
        closed = true;
      }
    },
    cancel() {
      options.abort.abort(new Error('The client closed the stream.'));
      shutdown();
    },
  });

  return new Response(body, {
    status: 200,
    headers: {
      'content-type':
        options.format === 'sse' ? 'text/event-stream; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      ...options.headers,
    },
  });
}

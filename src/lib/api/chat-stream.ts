import { ApiError, isApiError } from './errors';
import { linkSignals } from './signals';
import type { OpenStream } from './transport';
import type { ChatCompletionChunk } from '../../protocol/wire';

/**
 * A streamed chat reply. The request starts at once, when `streamChat` is called (so `response` and
 * the header time-out run whether or not anyone iterates yet); iterate it once with `for await`.
 * Leaving the loop early (`break`, `return`, a throw) aborts the request; so does `abort()`.
 */
export interface ChatStream extends AsyncIterable<ChatCompletionChunk> {
  /** Resolves with the response once its headers arrive; rejects with the request's ApiError. */
  readonly response: Promise<Response>;
  /** Cancels the request or the running stream; the loop then throws an `aborted` ApiError. */
  abort(): void;
}

/**
 * Starts `open` (the request) with a signal tied to `signal` and to the stream's own `abort()`, and
 * returns the ChatStream reading it.
 */
export function createChatStream(
  open: (signal: AbortSignal) => Promise<OpenStream>,
  signal?: AbortSignal,
  onRead?: () => void,
): ChatStream {
  const controller = new AbortController();
  const link = linkSignals(signal, controller.signal);
  const opened = open(link.signal);
  // The stream reader is not part of any page's first load: it is fetched alongside the request
  // (in parallel with it, so a reply waits for neither).
  const reader = import('./chat-chunks');
  reader.catch(() => undefined);
  const response = opened.then((stream) => stream.response);
  // Nobody may ever await these; the error still reaches whoever iterates or awaits `response`.
  opened.catch(() => undefined);
  response.catch(() => undefined);
  let iterated = false;

  async function* chunks(): AsyncGenerator<ChatCompletionChunk, void, undefined> {
    let finished = false;
    let stream: OpenStream | undefined;
    const partial: ChatCompletionChunk[] = [];
    try {
      stream = await opened;
      const { body, headers } = stream.response;
      if (!body) {
        throw new ApiError({
          kind: 'stream',
          message: 'The server answered without a body to stream.',
          headers,
        });
      }
      // The signal also cancels the body directly: not every fetch (an in-process app, a mock) ends
      // the body of an aborted request.
      const { decodeChatChunks } = await reader.catch((cause: unknown) => {
        throw new ApiError({
          kind: 'stream',
          message: 'The playground could not load the code that reads a streamed reply.',
          hint: 'Reload the page; if the playground was just updated, that is usually all it takes.',
          headers,
          cause,
        });
      });
      yield* decodeChatChunks(body, {
        partial,
        headers,
        // The transport's signal: the caller's abort and the time limit of the whole exchange.
        signal: stream.signal,
        contentType: headers.get('content-type'),
        onRead,
      });
      finished = true;
    } catch (cause) {
      if (stream?.timedOut()) throw ApiError.replyTimeout(stream.limitMs, partial, stream.response.headers);
      if (link.signal.aborted) throw ApiError.aborted(partial);
      if (isApiError(cause)) throw cause;
      throw new ApiError({
        kind: 'stream',
        message: 'The connection broke while the reply was streaming; the text received before it is kept.',
        hint: 'Try again; if it keeps happening, a proxy may be cutting long responses.',
        headers: stream?.response.headers ?? null,
        partial,
        cause,
      });
    } finally {
      if (!finished) controller.abort();
      stream?.dispose();
      link.dispose();
    }
  }

  return {
    response,
    abort: () => controller.abort(),
    [Symbol.asyncIterator]() {
      if (iterated)
        throw new Error('A ChatStream can be read only once; call streamChat again for a new reply.');
      iterated = true;
      return chunks();
    },
  };
}

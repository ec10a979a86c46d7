import { joinURL } from './base-url';
import { ApiError, isApiError, requestIdOf } from './errors';
import { parseRateLimit } from './rate-limit';
import { isRetryableStatus, retryDelay, sleep } from './retry';
import { linkSignals } from './signals';
import { startExchange } from './exchange';
import type { Endpoint, ExchangeEvent, ResponseInfo } from './types';
import { MAX_ERROR_BODY_BYTES, MAX_JSON_BODY_BYTES, readBodyText } from './body-text';
import { formatBytes } from '../format-bytes';

/** The settled configuration every request of one client shares. */
export interface Transport {
  baseURL: string;
  apiKey: string;
  fetch: typeof fetch;
  maxRetries: number;
  timeoutMs: number;
  /** The limit for image analysis and transcription, whose servers may work for minutes. */
  slowTimeoutMs: number;
  onResponse: ((info: ResponseInfo) => void) | undefined;
  onExchange?: ((event: ExchangeEvent) => void) | undefined;
}

export interface RequestSpec {
  endpoint: Endpoint;
  method: 'GET' | 'POST';
  /** Relative to the base URL, already encoded. */
  path: string;
  /** The path is from the server's origin rather than the base URL (the local service's own routes). */
  fromOrigin?: boolean;
  body?: string | FormData;
  /** Set for JSON bodies; left out for FormData so fetch writes the multipart boundary. */
  contentType?: string;
  accept: string;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
}

/**
 * A stream's response, still tied to the caller's signal and to the time limit until `dispose` is
 * called: the limit covers the whole exchange, body included, so a server that drips a token every
 * few seconds cannot hold a reply open for ever.
 */
export interface OpenStream {
  response: Response;
  /** Aborts when the caller aborts or the time limit passes; reading the body listens to it. */
  signal: AbortSignal;
  /** True once the time limit has passed (rather than the caller aborting). */
  timedOut(): boolean;
  /** The time limit of the exchange, ms, for the error's words. */
  limitMs: number;
  dispose(): void;
}

function buildHeaders(t: Transport, spec: RequestSpec): Headers {
  const headers = new Headers({ Accept: spec.accept });
  if (t.apiKey) headers.set('Authorization', `Bearer ${t.apiKey}`);
  if (spec.contentType) headers.set('Content-Type', spec.contentType);
  for (const [name, value] of Object.entries(spec.headers ?? {})) headers.set(name, value);
  return headers;
}

function report(t: Transport, spec: RequestSpec, url: string, response: Response): void {
  if (!t.onResponse) return;
  const info: ResponseInfo = {
    endpoint: spec.endpoint,
    method: spec.method,
    url,
    status: response.status,
    headers: response.headers,
    rateLimit: parseRateLimit(response.headers),
    requestId: requestIdOf(response.headers),
  };
  try {
    t.onResponse(info);
  } catch (error) {
    // A listener's bug must not fail the request; rethrown outside it so it still reaches the console.
    queueMicrotask(() => {
      throw error;
    });
  }
}

async function run<T>(
  t: Transport,
  spec: RequestSpec,
  stream: boolean,
  read: (response: Response) => Promise<T>,
): Promise<T | OpenStream> {
  const url = spec.fromOrigin ? new URL(spec.path, t.baseURL).href : joinURL(t.baseURL, spec.path);
  const headers = buildHeaders(t, spec);
  const user = spec.signal;
  for (let attempt = 0; ; attempt++) {
    if (user?.aborted) throw ApiError.aborted();
    const timeout = new AbortController();
    const link = linkSignals(user, timeout.signal);
    let timedOut = false;
    const limitMs = spec.endpoint === 'audio' || spec.endpoint === 'vision' ? t.slowTimeoutMs : t.timeoutMs;
    const timer = setTimeout(() => {
      timedOut = true;
      timeout.abort(new DOMException('The request timed out.', 'TimeoutError'));
    }, limitMs);
    let handedOver = false;
    const failure = (cause: unknown): ApiError => {
      if (user?.aborted) return ApiError.aborted();
      if (timedOut) return ApiError.timeout(url, limitMs, stream ? 'headers' : 'response');
      return isApiError(cause) ? cause : ApiError.connection(url, cause);
    };
    try {
      let response: Response;
      const exchange = startExchange(
        t,
        spec.endpoint,
        { method: spec.method, url, headers, body: spec.body },
        attempt,
      );
      try {
        response = await t.fetch(url, {
          method: spec.method,
          headers,
          body: spec.body ?? null,
          signal: link.signal,
        });
      } catch (cause) {
        exchange?.failed(cause);
        const error = failure(cause);
        if (error.kind !== 'connection' || attempt >= t.maxRetries) throw error;
        clearTimeout(timer);
        await sleep(retryDelay(attempt, null) ?? 0, user);
        continue;
      }
      if (exchange) response = exchange.response(response);
      report(t, spec, url, response);
      if (!response.ok) {
        const wait =
          attempt < t.maxRetries && isRetryableStatus(response.status)
            ? retryDelay(attempt, response.headers)
            : null;
        if (wait !== null) {
          clearTimeout(timer);
          void response.body?.cancel().catch(() => undefined);
          await sleep(wait, user);
          continue;
        }
        // Only its start is kept (the error keeps 8 KiB of it); the rest of a long one is not read.
        throw ApiError.fromResponse(response, (await readBodyText(response, MAX_ERROR_BODY_BYTES)).text);
      }
      if (stream) {
        // The timer keeps running: it bounds the body too, until the reader disposes of the stream.
        handedOver = true;
        return {
          response,
          signal: link.signal,
          timedOut: () => timedOut,
          limitMs,
          dispose: () => {
            clearTimeout(timer);
            link.dispose();
          },
        };
      }
      return await read(response);
    } catch (cause) {
      throw failure(cause);
    } finally {
      if (!handedOver) {
        clearTimeout(timer);
        link.dispose();
      }
    }
  }
}

/** Sends a request (with retries and the time-out covering the body) and reads the body with `read`. */
export function send<T>(
  t: Transport,
  spec: RequestSpec,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  return run(t, spec, false, read) as Promise<T>;
}

/** Sends a request whose body will be streamed: the time-out runs on while the body is read. */
export function openStream(t: Transport, spec: RequestSpec): Promise<OpenStream> {
  return run(t, spec, true, async () => undefined) as Promise<OpenStream>;
}

/**
 * A successful body's text, or an error saying it was more than the page reads (`maxBytes`; the rest
 * is not read).
 */
export async function readSuccessText(response: Response, maxBytes = MAX_JSON_BODY_BYTES): Promise<string> {
  const { text, cut } = await readBodyText(response, maxBytes);
  if (!cut) return text;
  throw new ApiError({
    kind: 'http',
    status: response.status,
    message: `The server answered ${response.status} with a body of more than ${formatBytes(maxBytes)}, more than this page reads; the rest was not read.`,
    hint: 'Ask for less (a lower max_tokens, fewer logprobs), or turn stream on so the reply is read as it comes.',
    headers: response.headers,
    body: text.slice(0, 4096),
  });
}

/** A successful body's text as JSON, or an error saying plainly that it was not JSON. */
export function parseJsonBody<T>(response: Response, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new ApiError({
      kind: 'http',
      status: response.status,
      message: `The server answered ${response.status} but its body is not valid JSON, so it cannot be read.`,
      hint: 'Check that the base URL points at an API of this format, not at a web page.',
      headers: response.headers,
      body: text,
      cause,
    });
  }
}

/** Reads a successful body as JSON (see `readSuccessText` and `parseJsonBody`). */
export async function readJson<T>(response: Response, maxBytes = MAX_JSON_BODY_BYTES): Promise<T> {
  return parseJsonBody<T>(response, await readSuccessText(response, maxBytes));
}

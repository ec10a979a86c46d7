import type { Endpoint } from '../../protocol/endpoints';
import type { RateLimitState } from './rate-limit';
import type { TranscriptionFormat, TranscriptionJson, VisionResponse } from '../../protocol/wire';

/** The endpoint groups of the spec; also the key of per-endpoint rate limits. */
export type { Endpoint } from '../../protocol/endpoints';

/** What `onResponse` hears about every HTTP response, errors and retried attempts included. */
export interface ResponseInfo {
  endpoint: Endpoint;
  method: string;
  url: string;
  status: number;
  headers: Headers;
  rateLimit: RateLimitState | null;
  requestId: string | null;
}

/** A request body as reported to `onExchange`; the key is redacted wherever it appears. */
export type ExchangeBody =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | {
      kind: 'form';
      fields: { name: string; value?: string; file?: { name: string; type: string; size: number } }[];
    };

/**
 * What `onExchange` hears, in order, for every attempt: the request as sent (key redacted), the
 * response status and headers, each body chunk as it arrives (`at` in epoch ms, sub-ms where
 * available), and the end (with the error that ended it, if any).
 */
export type ExchangeEvent =
  | {
      type: 'request';
      id: number;
      at: number;
      endpoint: Endpoint;
      /** 0 for the first attempt, then 1, 2… for retries. */
      attempt: number;
      method: string;
      url: string;
      headers: Record<string, string>;
      body: ExchangeBody;
    }
  | {
      type: 'response';
      id: number;
      at: number;
      status: number;
      statusText: string;
      headers: Record<string, string>;
    }
  | { type: 'chunk'; id: number; at: number; bytes: number; text: string }
  | { type: 'end'; id: number; at: number; error: string | null };

export interface ClientOptions {
  /** `http(s)://host[:port][/prefix][/v1]`, with or without trailing slashes. */
  baseURL: string;
  /** Sent as `Authorization: Bearer <apiKey>`; the header is left out when empty or missing. */
  apiKey?: string;
  /** Defaults to the global `fetch`; tests and the in-process local service pass their own. */
  fetch?: typeof fetch;
  /** Retries after the first attempt (default 2); see `retry.ts` for what is retried. */
  maxRetries?: number;
  /**
   * Per attempt, default 60 000. It bounds the whole exchange, body included, streams too: a streamed
   * reply still arriving when it passes is stopped with a `timeout` error that keeps what arrived.
   */
  timeoutMs?: number;
  /** Called once for every HTTP response received, before its body is read. */
  onResponse?: (info: ResponseInfo) => void;
  /**
   * Called with every request, response and body chunk exactly as exchanged (the key redacted);
   * for the wire pane. When absent, responses are not wrapped at all.
   */
  onExchange?: (event: ExchangeEvent) => void;
}

export interface RequestOptions {
  /** Aborting it cancels the request, any back-off wait, and a running stream. */
  signal?: AbortSignal;
  /** Extra headers, applied last (they may override the client's). */
  headers?: Record<string, string>;
}

/** Options of a streamed request. */
export interface StreamOptions extends RequestOptions {
  /** Called after each read of the body that brought bytes: the chunks yielded next came in it. */
  onRead?: () => void;
}

/** An image analysis: the body as JSON when it is JSON, and always the raw text. */
export interface VisionResult {
  data: VisionResponse | null;
  raw: string;
  contentType: string;
}

export interface TranscriptionInput<F extends TranscriptionFormat = 'json'> {
  file: Blob;
  /** Defaults to the `File`'s own name, else `audio`. */
  filename?: string;
  model: string;
  language?: string;
  response_format?: F;
  temperature?: number;
}

export interface TranscriptionJsonResult {
  format: 'json';
  data: TranscriptionJson;
  raw: string;
}

export interface TranscriptionTextResult<F extends Exclude<TranscriptionFormat, 'json'>> {
  format: F;
  text: string;
  raw: string;
  contentType: string;
}

/** The result's shape follows `response_format` (`json` when it is not given). */
export type TranscriptionResult<F extends TranscriptionFormat = 'json'> = F extends 'json'
  ? TranscriptionJsonResult
  : F extends Exclude<TranscriptionFormat, 'json'>
    ? TranscriptionTextResult<F>
    : never;

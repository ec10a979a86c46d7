import type { Endpoint, ExchangeBody } from '../api/types';

/** One body chunk as it arrived. */
export interface RecordedChunk {
  /** Epoch ms. */
  at: number;
  bytes: number;
  text: string;
}

/** One request and its response, assembled from `onExchange` events. */
export interface ExchangeRecord {
  id: number;
  endpoint: Endpoint;
  attempt: number;
  startedAt: number;
  request: { method: string; url: string; headers: Record<string, string>; body: ExchangeBody };
  response: {
    at: number;
    status: number;
    statusText: string;
    headers: Record<string, string>;
  } | null;
  chunks: RecordedChunk[];
  /** Null while the body is still arriving. */
  endedAt: number | null;
  /** What ended the exchange early (connection failure, cancel), or null. */
  error: string | null;
}

/** The response body as received so far (all chunks joined). */
export function bodyText(record: ExchangeRecord): string {
  return record.chunks.map((c) => c.text).join('');
}

/** True when the response was an event stream (or newline-delimited JSON). */
export function isStreamed(record: ExchangeRecord): boolean {
  const type = record.response?.headers['content-type'] ?? '';
  return /event-stream|ndjson/.test(type);
}

/** The request body parsed as JSON, or null when it is not JSON. */
export function requestJson(record: Pick<ExchangeRecord, 'request'>): unknown {
  const { body } = record.request;
  if (body.kind !== 'text') return null;
  try {
    return JSON.parse(body.text) as unknown;
  } catch {
    return null;
  }
}

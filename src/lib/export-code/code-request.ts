import type { ExchangeBody } from '../api/types';

/** The name of the environment variable every exported form reads the key from. */
export const API_KEY_ENV = 'SVC_API_KEY';

/** A request to turn into code: what was sent, without the key. */
export interface CodeRequest {
  method: string;
  /** The full URL, e.g. `http://127.0.0.1:8787/v1/chat/completions`. */
  url: string;
  /** The JSON body (parsed), a multipart form, or none. */
  body: ExchangeBody;
}

/** The endpoint a URL addresses and the base URL before it (what SDKs call base_url/baseURL). */
export interface SplitURL {
  baseURL: string;
  kind: 'chat' | 'models' | 'model' | 'code' | 'vision' | 'audio' | 'other';
  /** The path after the base URL, with a leading slash. */
  path: string;
  /** For `GET /models/{id}`. */
  modelId?: string;
}

const ENDPOINTS: { suffix: RegExp; kind: SplitURL['kind'] }[] = [
  { suffix: /\/chat\/completions$/, kind: 'chat' },
  { suffix: /\/code\/completions$/, kind: 'code' },
  { suffix: /\/vision\/analyze$/, kind: 'vision' },
  { suffix: /\/audio\/transcriptions$/, kind: 'audio' },
  { suffix: /\/models\/[^/]+$/, kind: 'model' },
  { suffix: /\/models$/, kind: 'models' },
];

/** Splits a request URL into base URL and endpoint. */
export function splitURL(url: string): SplitURL {
  const parsed = new URL(url);
  const full = `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  for (const { suffix, kind } of ENDPOINTS) {
    const match = suffix.exec(parsed.pathname);
    if (!match) continue;
    const baseURL = full.slice(0, full.length - match[0].length);
    const path = match[0];
    const result: SplitURL = { baseURL, kind, path };
    if (kind === 'model') result.modelId = decodeURIComponent(path.slice('/models/'.length));
    return result;
  }
  return { baseURL: parsed.origin, kind: 'other', path: parsed.pathname };
}

/** The JSON body of a request, or null when it has none or it is not JSON. */
export function jsonBody(request: CodeRequest): Record<string, unknown> | null {
  if (request.body.kind !== 'text') return null;
  try {
    const value: unknown = JSON.parse(request.body.text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

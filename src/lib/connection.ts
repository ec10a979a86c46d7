/**
 * Pure helpers about connections (a base URL plus an API key) that the settings store and the shell
 * share. No React, no storage: the store decides what is kept where.
 */

/** An id for a saved connection; works outside secure contexts, where `crypto.randomUUID` is missing. */
export function newConnectionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A short, non-secret stand-in for an API key (FNV-1a, 32 bits, hex), used in query keys so that a
 * key change refetches without the key itself sitting in the query cache or its devtools. It is not
 * a hash to protect the key with: it only tells two keys apart. The empty key is `'none'`.
 */
export function keyFingerprint(apiKey: string): string {
  if (apiKey === '') return 'none';
  let hash = 0x811c9dc5;
  for (let i = 0; i < apiKey.length; i++) {
    hash ^= apiKey.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Shows a key the way a header or a list may: its last four characters only. */
export function maskKey(apiKey: string): string {
  if (apiKey === '') return 'no key';
  if (apiKey.length <= 8) return '••••';
  return `••••${apiKey.slice(-4)}`;
}

/**
 * The host (and port) of a base URL, for labels; the input itself when it does not parse, so a
 * label never throws.
 */
export function baseURLHost(baseURL: string): string {
  try {
    return new URL(baseURL).host;
  } catch {
    return baseURL;
  }
}

/** Whole seconds from `now` until `resetAt` (epoch ms), never negative. */
export function secondsUntil(resetAt: number, now: number): number {
  return Math.max(0, Math.ceil((resetAt - now) / 1000));
}

/** `75` → `"1m 15s"`, `9` → `"9s"`, `3600` → `"60m 0s"`: a countdown people read at a glance. */
export function formatCountdown(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/** The local service's answer to `GET /__local/bootstrap`, checked. */
export interface LocalBootstrapAnswer {
  baseURL: string;
  apiKey: string;
  upstream: boolean;
}

/**
 * Asks the page's own server whether it is the local service (`GET /__local/bootstrap`), resolving
 * to its base URL (made absolute against `origin`) and key, or null when anything else answers: a
 * static host, a 403/404, a non-JSON page or no answer at all. Never rejects, except on `signal`.
 */
export async function loadLocalBootstrap(
  fetchImpl: typeof fetch,
  origin: string,
  signal?: AbortSignal,
): Promise<LocalBootstrapAnswer | null> {
  let body: unknown;
  try {
    const response = await fetchImpl(new URL('/__local/bootstrap', origin).href, {
      headers: { accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) return null;
    body = await response.json();
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { service, baseURL, apiKey, upstream } = body as Record<string, unknown>;
  if (service !== 'svc-playground-local' || typeof baseURL !== 'string' || typeof apiKey !== 'string')
    return null;
  try {
    return {
      baseURL: new URL(baseURL, origin).href.replace(/\/+$/, ''),
      apiKey,
      upstream: upstream === true,
    };
  } catch {
    return null;
  }
}

/** The function-calling dialects a server may speak (see `protocol/chat/dialects.ts`). */
export type FunctionDialect = 'legacy' | 'tools';

/** What a connection is set to; `auto` decides from what the server is. */
export type FunctionDialectChoice = 'auto' | FunctionDialect;

/**
 * The dialect requests to a connection speak. `auto`: the local service speaks the spec's legacy
 * dialect (it accepts tools too); any other server gets tools, which is what vLLM, llama.cpp, Ollama
 * and OpenAI speak and several of them now require. The spec's own hosted service is legacy: its
 * connection is set to legacy by hand.
 */
export function resolveFunctionDialect(connection: {
  origin: string;
  functionDialect?: FunctionDialectChoice | undefined;
}): FunctionDialect {
  const choice = connection.functionDialect ?? 'auto';
  if (choice !== 'auto') return choice;
  return connection.origin === 'local-service' ? 'legacy' : 'tools';
}

/** Whether chat messages may carry images on a connection; `auto` decides from the model (`chat/images-refusal`). */
export type ChatImagesChoice = 'auto' | 'on' | 'off';

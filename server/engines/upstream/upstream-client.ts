/**
 * Talks to the configured upstream: builds `<url><path>` (the URL is used as configured, minus a
 * trailing slash — it must include `/v1` if the server needs it), adds the Bearer key, maps HTTP and
 * connection failures to EngineErrors, and aborts with the caller's signal.
 */
import type { UpstreamConfig } from '../../config';
import { EngineError } from '../engine';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from '../../../src/protocol/stream/stream-limits';
import { DEFAULT_UPSTREAM_LIMITS, guardedFetch, type UpstreamLimits } from './guarded-fetch';
import { upstreamConnectionError, upstreamHttpError } from './upstream-errors';
import { defaultUpstreamModel, UpstreamModelCatalog } from './upstream-models';
import { isSvcModel } from './svc-model';

export interface UpstreamClient {
  readonly url: string;
  /** How large one event of its streams may be (SVC_UPSTREAM_MAX_EVENT_BYTES). */
  readonly eventLimits: StreamLimits;
  /** The function-calling dialect spoken to the upstream (SVC_UPSTREAM_DIALECT, default `tools`). */
  readonly dialect: 'tools' | 'legacy';
  /** The upstream's model list, fetched when needed and kept briefly. */
  readonly catalog: UpstreamModelCatalog;
  /** Maps an `svc-*` id by SVC_UPSTREAM_MODELS (any other id passes through). */
  model(id: string): string;
  /**
   * The upstream model a request is sent as: SVC_UPSTREAM_MODELS' entry for an `svc-*` id, else one
   * the upstream lists (defaultUpstreamModel); an upstream id as it is.
   */
  resolveModel(id: string): Promise<string>;
  /** Sends a request; resolves to a 2xx response or throws an EngineError (or the abort). */
  request(
    path: string,
    init: {
      method: 'GET' | 'POST';
      body?: BodyInit;
      json?: unknown;
      signal?: AbortSignal | undefined;
      /**
       * The answer comes whole, after the upstream has generated all of it: only the total limit
       * applies, since silence while it works is expected (the idle limit is for streams).
       */
      whole?: boolean;
    },
  ): Promise<Response>;
}

export function createUpstreamClient(
  upstream: UpstreamConfig,
  fetchImpl: typeof fetch = fetch,
  now: () => number = Date.now,
): UpstreamClient {
  const base = upstream.url.replace(/\/+$/, '');
  const limits: UpstreamLimits = {
    idleTimeoutMs: upstream.idleTimeoutMs ?? DEFAULT_UPSTREAM_LIMITS.idleTimeoutMs,
    timeoutMs: upstream.timeoutMs ?? DEFAULT_UPSTREAM_LIMITS.timeoutMs,
    maxEventBytes: upstream.maxEventBytes ?? DEFAULT_UPSTREAM_LIMITS.maxEventBytes,
  };
  const client: UpstreamClient = {
    url: base,
    eventLimits: { ...DEFAULT_STREAM_LIMITS, maxEventBytes: limits.maxEventBytes },
    dialect: upstream.dialect ?? 'tools',
    get catalog() {
      return catalog;
    },
    model: (id) => upstream.models[id] ?? id,
    async resolveModel(id) {
      const mapped = upstream.models[id];
      if (mapped !== undefined) return mapped;
      if (!isSvcModel(id)) return id;
      const listed = await catalog.ids();
      return (listed && defaultUpstreamModel(id, listed)) ?? id;
    },
    async request(path, { method, body, json, signal, whole = false }) {
      const headers: Record<string, string> = { accept: 'application/json, text/event-stream' };
      if (upstream.apiKey) headers.authorization = `Bearer ${upstream.apiKey}`;
      if (json !== undefined) headers['content-type'] = 'application/json';
      const target = `${base}${path}`;
      let response: Response;
      try {
        response = await guardedFetch(
          fetchImpl,
          target,
          { method, headers, body: json !== undefined ? JSON.stringify(json) : (body ?? null) },
          whole ? { ...limits, idleTimeoutMs: limits.timeoutMs } : limits,
          signal,
        );
      } catch (error) {
        if (signal?.aborted || error instanceof EngineError) throw error;
        throw upstreamConnectionError(target, error);
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        throw upstreamHttpError(response.status, response.statusText, text, target, response.headers);
      }
      return response;
    },
  };
  const catalog = new UpstreamModelCatalog(client, now);
  return client;
}

/** True when `error` is the consequence of the caller's abort, which ends a generator quietly. */
export function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && error.name === 'AbortError');
}

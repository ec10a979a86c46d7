/**
 * The local service's `GET /__local/health`, read at the edge: whether it can answer now, and in
 * upstream mode whether the server it forwards to was reached, how fast, and otherwise why not.
 * Anything that is not that report (another server's page, a field of the wrong type) reads as null
 * or as the field left out; the header then falls back to what the model list says.
 */

export interface UpstreamHealthReport {
  /** The upstream's URL as the service shows it (no credentials). */
  url: string;
  ok: boolean;
  /** Whether anything answered at all (a refused key is reachable; a refused connection is not). */
  reachable: boolean;
  latencyMs: number | null;
  models: number | null;
  /** What a request would get instead of an answer, when not ok. */
  error: { code: string | null; message: string } | null;
}

export interface LocalHealth {
  mode: 'local' | 'upstream';
  /** Null in local mode: the service is its own engine. */
  upstream: UpstreamHealthReport | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** Text shown in the header's title: bounded, as a hostile server could send a megabyte of it. */
const shortText = (value: unknown, max = 500): string | null =>
  typeof value === 'string' && value !== '' ? value.slice(0, max) : null;

/** The report, or null when the body is not one (then the page knows nothing more than before). */
export function readLocalHealth(body: unknown): LocalHealth | null {
  if (!isRecord(body)) return null;
  if (body.mode === 'local') return { mode: 'local', upstream: null };
  if (body.mode !== 'upstream' || !isRecord(body.upstream)) return null;
  const up = body.upstream;
  const error = isRecord(up.error)
    ? {
        code: shortText(up.error.code, 64),
        message: shortText(up.error.message) ?? 'The upstream could not be asked for its models.',
      }
    : null;
  const ok = up.ok === true;
  return {
    mode: 'upstream',
    upstream: {
      url: shortText(up.url, 300) ?? 'the upstream server',
      ok,
      // Reachable unless it says it was not: a missing field must not turn a working upstream red.
      reachable: up.reachable !== false || ok,
      latencyMs: count(up.latency_ms),
      models: count(up.models),
      error: ok ? null : error,
    },
  };
}

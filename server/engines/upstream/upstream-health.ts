/**
 * Whether the upstream answers, and how fast: one `GET <url>/models` under a short time limit, timed
 * from the request to its whole body. A 401/403 means reachable but refusing the service's key.
 */
import { EngineError } from '../engine';
import type { UpstreamClient } from './upstream-client';
import { displayUrl } from './upstream-errors';
import { fetchUpstreamModels } from './upstream-models';

/** The longest a health check waits for the upstream. */
export const HEALTH_TIMEOUT_MS = 5000;

export interface UpstreamHealth {
  /** The upstream's URL as configured (no credentials, query or fragment). */
  url: string;
  /** True when the upstream answered GET /models with a model list. */
  ok: boolean;
  /** True when it answered at all (an HTTP status, even an error). */
  reachable: boolean;
  /** Milliseconds from sending the request to reading the whole answer; null when none came. */
  latency_ms: number | null;
  /** How many models it lists; null when the list could not be read. */
  models: number | null;
  /** Why not ok: the error code and message the service would answer a request with. */
  error: { code: string | null; message: string; status: number } | null;
}

export async function checkUpstreamHealth(
  client: Pick<UpstreamClient, 'request' | 'url' | 'eventLimits'>,
  clock: () => number = () => performance.now(),
): Promise<UpstreamHealth> {
  const url = displayUrl(client.url);
  const started = clock();
  try {
    const models = await fetchUpstreamModels(client, AbortSignal.timeout(HEALTH_TIMEOUT_MS));
    return {
      url,
      ok: true,
      reachable: true,
      latency_ms: Math.round(clock() - started),
      models: models.length,
      error: null,
    };
  } catch (error) {
    const latency = Math.round(clock() - started);
    if (error instanceof EngineError) {
      // Unreachable and timed out are the only failures in which nothing answered.
      const answered = !['upstream_unreachable', 'upstream_timeout'].includes(error.body.code ?? '');
      return {
        url,
        ok: false,
        reachable: answered,
        latency_ms: answered ? latency : null,
        models: null,
        error: { code: error.body.code, message: error.body.message, status: error.status },
      };
    }
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      url,
      ok: false,
      reachable: false,
      latency_ms: null,
      models: null,
      error: {
        code: timedOut ? 'upstream_timeout' : 'upstream_unreachable',
        message: timedOut
          ? `The upstream server at ${url} did not answer GET /models within ${HEALTH_TIMEOUT_MS / 1000} s.`
          : `Could not reach the upstream server at ${url}: ${error instanceof Error ? error.message : String(error)}`,
        status: timedOut ? 504 : 502,
      },
    };
  }
}

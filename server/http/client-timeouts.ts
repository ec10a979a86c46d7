/**
 * How long a client may take to send its request. Node's defaults hold a slow request's socket for
 * 300 s (and check only every 30 s), so a handful of clients trickling bytes could hold the service's
 * connections for minutes; these come from SVC_HEADERS_TIMEOUT_MS and SVC_REQUEST_TIMEOUT_MS. The
 * response is not limited: a stream may run as long as its reply does.
 */
import type { Server, ServerOptions } from 'node:http';

export interface ClientTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

/** Options for `http.createServer`: the time-outs, and a check interval short enough to apply them. */
export function clientTimeoutOptions(timeouts: ClientTimeouts): ServerOptions {
  return {
    headersTimeout: timeouts.headersTimeoutMs,
    // Node requires requestTimeout ≥ headersTimeout (0 would mean none).
    requestTimeout: Math.max(timeouts.requestTimeoutMs, timeouts.headersTimeoutMs),
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(timeouts.headersTimeoutMs / 4))),
  };
}

/** The same limits on a server made elsewhere (Vite's dev server); its check interval stays Node's. */
export function applyClientTimeouts(server: Server, timeouts: ClientTimeouts): void {
  const options = clientTimeoutOptions(timeouts);
  server.headersTimeout = options.headersTimeout ?? server.headersTimeout;
  server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
}

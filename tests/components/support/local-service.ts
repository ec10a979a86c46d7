/**
 * The real local service, in process: no socket, the client's fetch calls `app.fetch`. Every
 * request it receives is recorded so tests can assert on URL and headers.
 */
import { createApp } from '../../../server/app';
import { resolveConfig } from '../../../server/config';

export const TEST_KEY = 'test-key';
export const TEST_BASE_URL = 'http://svc.test/v1';

export interface ReceivedRequest {
  method: string;
  url: string;
  authorization: string | null;
}

export interface InProcessService {
  fetch: typeof fetch;
  received: ReceivedRequest[];
  /** Every response, in request order; await them to know the app has had its answers. */
  responses: Promise<Response>[];
}

/**
 * @param env extra environment for `resolveConfig` (the key is always `test-key`).
 * @param peer the remote address the app believes the request came from (the bootstrap route
 *   answers only loopback peers); undefined, as for any in-process call, by default.
 */
export function inProcessService(env: Record<string, string> = {}, peer?: string): InProcessService {
  const app = createApp(resolveConfig({ SVC_API_KEYS: TEST_KEY, ...env }), { log: () => {} });
  const received: ReceivedRequest[] = [];
  const responses: Promise<Response>[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    // Over a socket every request names its host; an in-process Request does not unless told.
    if (!request.headers.has('host')) request.headers.set('host', new URL(request.url).host);
    received.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.get('authorization'),
    });
    const environment = peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined;
    const response = Promise.resolve(app.fetch(request, environment));
    responses.push(response);
    return response;
  }) as typeof fetch;
  return { fetch: fetchImpl, received, responses };
}

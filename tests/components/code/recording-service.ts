/**
 * The in-process local service, with every JSON request body recorded too, so a test can check
 * exactly which fields the page sent.
 */
import { inProcessService, type InProcessService } from '../support/local-service';

export interface RecordingService extends InProcessService {
  /** Parsed JSON bodies of the requests to `path`, in order. */
  bodiesTo: (path: string) => Record<string, unknown>[];
}

export function recordingService(): RecordingService {
  const service = inProcessService();
  const bodies: { url: string; body: Record<string, unknown> }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.method === 'POST') {
      const text = await request.clone().text();
      bodies.push({ url: request.url, body: JSON.parse(text) as Record<string, unknown> });
    }
    return service.fetch(request);
  }) as typeof fetch;
  return {
    ...service,
    fetch: fetchImpl,
    bodiesTo: (path) => bodies.filter((b) => new URL(b.url).pathname.endsWith(path)).map((b) => b.body),
  };
}

/**
 * Test harness for ChatSession: the real local service in process (no socket), a client pointed at
 * it, and a record of every request (its JSON body and its abort signal). `slow` paces the response
 * body so a test can act while a reply is still streaming.
 */
import { createApp } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import { createClient, type ApiClient } from '../../../src/lib/api';
import { ChatSession, type ChatSessionOptions } from '../../../src/features/chat/session';

export interface RecordedRequest {
  body: Record<string, unknown>;
  signal: AbortSignal;
}

export interface Harness {
  client: ApiClient;
  requests: RecordedRequest[];
}

/** Re-emits a body one small piece at a time with a pause between pieces. */
function paced(body: ReadableStream<Uint8Array>, pieceBytes = 512, pauseMs = 1): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let pending: Uint8Array | null = null;
  return new ReadableStream({
    async pull(controller) {
      if (!pending || pending.length === 0) {
        const next = await reader.read();
        if (next.done) return controller.close();
        pending = next.value;
      }
      await new Promise((r) => setTimeout(r, pauseMs));
      controller.enqueue(pending.slice(0, pieceBytes));
      pending = pending.slice(pieceBytes);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

export function localService(
  options: { slow?: boolean; apiKey?: string; env?: Record<string, string> } = {},
): Harness {
  const app = createApp(resolveConfig({ SVC_API_KEYS: 'test-key', ...options.env }), { log: () => {} });
  const requests: RecordedRequest[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.clone().text();
    requests.push({
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      signal: request.signal,
    });
    const response = await app.fetch(request);
    if (!options.slow || !response.body) return response;
    return new Response(paced(response.body), { status: response.status, headers: response.headers });
  }) as typeof fetch;
  const client = createClient({
    baseURL: 'http://svc.test/v1',
    apiKey: options.apiKey ?? 'test-key',
    fetch: fetchImpl,
    maxRetries: 0,
  });
  return { client, requests };
}

/** A client whose every request is answered by `respond` (for servers that misbehave). */
export function craftedService(respond: (request: Request) => Response | Promise<Response>): Harness {
  const requests: RecordedRequest[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({
      body: JSON.parse(await request.clone().text()) as Record<string, unknown>,
      signal: request.signal,
    });
    return respond(request);
  }) as typeof fetch;
  return {
    client: createClient({ baseURL: 'http://svc.test/v1', apiKey: 'k', fetch: fetchImpl, maxRetries: 0 }),
    requests,
  };
}

/** Frames run on a zero-delay timer, so tests do not depend on jsdom's animation frames. */
export const timerFrame = (run: () => void) => {
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
};

export function session(harness: Harness, options: Partial<ChatSessionOptions> = {}): ChatSession {
  return new ChatSession({ client: harness.client, model: 'svc-chat', requestFrame: timerFrame, ...options });
}

/** An SSE body from chunk payloads (objects are JSON-encoded), as a crafted server would send it. */
export function sse(events: (object | string)[]): string {
  return events.map((e) => `data: ${typeof e === 'string' ? e : JSON.stringify(e)}\n\n`).join('');
}

export function contentChunk(content: string, finish: string | null = null) {
  return {
    id: 'chatcmpl-x',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'svc-chat',
    choices: [{ index: 0, delta: { content }, finish_reason: finish }],
  };
}

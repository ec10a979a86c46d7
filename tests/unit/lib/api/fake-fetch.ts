/** One request a fake fetch received. */
export interface FetchCall {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
  signal: AbortSignal;
}

export type FetchHandler = (call: FetchCall, index: number) => Response | Promise<Response>;

/** A fetch that records every call and answers with `handler`; it rejects like fetch when aborted. */
export function fakeFetch(handler: FetchHandler) {
  const calls: FetchCall[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const signal = init.signal ?? new AbortController().signal;
    const call: FetchCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      signal,
    };
    calls.push(call);
    signal.throwIfAborted();
    const answer = Promise.resolve(handler(call, calls.length - 1));
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      answer.then(resolve, reject);
    });
  }) as typeof globalThis.fetch;
  return { fetch: fetchFn, calls };
}

/** A fetch answer that never comes (until the request is aborted). */
export const never = () => new Promise<Response>(() => undefined);

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function errorBody(status: number, code: string, headers: Record<string, string> = {}): Response {
  return json(
    { error: { message: `failed with ${code}`, type: 'invalid_request_error', code } },
    status,
    headers,
  );
}

/** A streamed body fed by the test: push text, then end or fail it. */
export function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
    },
  });
  const encoder = new TextEncoder();
  return {
    body,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: (error: unknown) => controller.error(error),
    get cancelled() {
      return cancelled;
    },
  };
}

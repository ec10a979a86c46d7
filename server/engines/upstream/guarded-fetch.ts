/**
 * One exchange with the upstream under the service's limits: no redirect is followed (a redirect
 * re-POSTed the prompt to another port), silence past the idle limit and length past the total limit
 * end it, and a body that is one JSON document (not a stream) may not exceed the event size. Each
 * ending is an EngineError that says which limit, and which variable raises it.
 */
import { UPSTREAM_ERROR_CODES } from '../../../src/protocol/upstream-errors';
import type { EngineError } from '../engine';
import { displayUrl, upstreamFailure } from './upstream-errors';

export interface UpstreamLimits {
  idleTimeoutMs: number;
  timeoutMs: number;
  maxEventBytes: number;
}

export const DEFAULT_UPSTREAM_LIMITS: UpstreamLimits = {
  idleTimeoutMs: 60_000,
  timeoutMs: 600_000,
  maxEventBytes: 8 * 1024 * 1024,
};

const seconds = (ms: number): string => `${ms / 1000} s`;

function isStream(contentType: string): boolean {
  return /^(text\/event-stream|application\/(x-)?ndjson|application\/jsonl)\b/i.test(contentType);
}

/** Resolves when `signal` aborts, with its reason; never rejects. */
function whenAborted(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(signal.reason);
    else signal.addEventListener('abort', () => resolve(signal.reason), { once: true });
  });
}

/** `fetch` with the limits; the response's body is read through them. */
export async function guardedFetch(
  fetchImpl: typeof fetch,
  target: string,
  init: RequestInit,
  limits: UpstreamLimits,
  callerSignal: AbortSignal | undefined,
): Promise<Response> {
  const where = displayUrl(target);
  const controller = new AbortController();
  const relay = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) relay();
  else callerSignal?.addEventListener('abort', relay, { once: true });
  let failure: EngineError | undefined;
  const fail = (error: EngineError): void => {
    failure ??= error;
    controller.abort(error);
  };
  const total = setTimeout(
    () =>
      fail(
        upstreamFailure(
          504,
          UPSTREAM_ERROR_CODES.timeout,
          `The exchange with the upstream server at ${where} went past ${seconds(limits.timeoutMs)} (SVC_UPSTREAM_TIMEOUT_MS) and was stopped.`,
        ),
      ),
    limits.timeoutMs,
  );
  let idle: ReturnType<typeof setTimeout> | undefined;
  const resetIdle = (): void => {
    clearTimeout(idle);
    idle = setTimeout(
      () =>
        fail(
          upstreamFailure(
            504,
            UPSTREAM_ERROR_CODES.timeout,
            `The upstream server at ${where} sent nothing for ${seconds(limits.idleTimeoutMs)} (SVC_UPSTREAM_IDLE_TIMEOUT_MS); the service stopped waiting.`,
          ),
        ),
      limits.idleTimeoutMs,
    );
  };
  const finish = (): void => {
    clearTimeout(total);
    clearTimeout(idle);
    callerSignal?.removeEventListener('abort', relay);
  };
  const aborted = whenAborted(controller.signal);
  resetIdle();

  let response: Response;
  try {
    const sent = fetchImpl(target, { ...init, redirect: 'manual', signal: controller.signal });
    response = await Promise.race([sent, aborted.then((reason) => Promise.reject(failure ?? reason))]);
  } catch (error) {
    finish();
    throw failure ?? error;
  }
  if ((response.status >= 300 && response.status < 400) || response.type === 'opaqueredirect') {
    finish();
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    throw upstreamFailure(
      502,
      UPSTREAM_ERROR_CODES.redirect,
      `The upstream server at ${where} answered ${response.status} with a redirect${location ? ` to ${location.slice(0, 200)}` : ''}; the service does not follow redirects from its upstream. Set SVC_UPSTREAM_URL to the address that answers.`,
    );
  }
  resetIdle();
  const source = response.body?.getReader();
  if (!source) {
    finish();
    return response;
  }
  const bounded = !isStream(response.headers.get('content-type') ?? '');
  let received = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(out) {
      try {
        const next = await Promise.race([
          source.read(),
          aborted.then((reason) => Promise.reject(failure ?? reason)),
        ]);
        if (next.done) {
          finish();
          out.close();
          return;
        }
        resetIdle();
        received += next.value.byteLength;
        if (bounded && received > limits.maxEventBytes) {
          fail(
            upstreamFailure(
              502,
              UPSTREAM_ERROR_CODES.oversized,
              `The upstream server at ${where} sent a body larger than ${limits.maxEventBytes} bytes (SVC_UPSTREAM_MAX_EVENT_BYTES); it was not read further.`,
            ),
          );
          throw failure;
        }
        out.enqueue(next.value);
      } catch (error) {
        finish();
        await source.cancel().catch(() => undefined);
        out.error(failure ?? error);
      }
    },
    async cancel(reason) {
      finish();
      controller.abort(reason);
      await source.cancel(reason).catch(() => undefined);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

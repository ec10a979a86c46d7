import type { Transport } from './transport';
import type { Endpoint, ExchangeBody, ExchangeEvent } from './types';
import { BODY_COMPLETE } from '../../protocol/stream/body-complete';

/** What stands in for the API key wherever an exchange is reported. */
export const REDACTED = '[REDACTED]';

let nextExchangeId = 1;

/** Milliseconds since the epoch with sub-millisecond precision where the platform has it. */
function clock(): number {
  const perf = globalThis.performance;
  return perf && typeof perf.timeOrigin === 'number' ? perf.timeOrigin + perf.now() : Date.now();
}

/** Replaces every occurrence of the key in `text` (keys shorter than 4 characters are too common to hunt). */
export function redactKey(text: string, apiKey: string): string {
  return apiKey.length >= 4 ? text.split(apiKey).join(REDACTED) : text;
}

function describeBody(body: string | FormData | undefined, apiKey: string): ExchangeBody {
  if (body === undefined) return { kind: 'none' };
  if (typeof body === 'string') return { kind: 'text', text: redactKey(body, apiKey) };
  const fields: Extract<ExchangeBody, { kind: 'form' }>['fields'] = [];
  body.forEach((value, name) => {
    if (typeof value === 'string') fields.push({ name, value: redactKey(value, apiKey) });
    else fields.push({ name, file: { name: value.name, type: value.type, size: value.size } });
  });
  return { kind: 'form', fields };
}

/** One attempt's reporter: `onExchange` events for a request, its response and every body chunk. */
export interface ExchangeReporter {
  response(response: Response): Response;
  failed(error: unknown): void;
}

function safeEmit(listener: (event: ExchangeEvent) => void, event: ExchangeEvent): void {
  try {
    listener(event);
  } catch (error) {
    // A listener's bug must not fail the request; rethrown outside it so it still reaches the console.
    queueMicrotask(() => {
      throw error;
    });
  }
}

/**
 * Reports the request now and returns what reports the rest, or null when nobody listens (then the
 * response is never wrapped, so recording costs nothing when unused).
 */
export function startExchange(
  t: Transport,
  endpoint: Endpoint,
  request: { method: string; url: string; headers: Headers; body: string | FormData | undefined },
  attempt: number,
): ExchangeReporter | null {
  const listener = t.onExchange;
  if (!listener) return null;
  const id = nextExchangeId++;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] =
      name === 'authorization' ? value.replace(/^(\S+\s+).*$/, `$1${REDACTED}`) : redactKey(value, t.apiKey);
  });
  const emit = (event: ExchangeEvent) => safeEmit(listener, event);
  emit({
    type: 'request',
    id,
    at: clock(),
    endpoint,
    attempt,
    method: request.method,
    url: request.url,
    headers,
    body: describeBody(request.body, t.apiKey),
  });
  let ended = false;
  const end = (error: string | null) => {
    if (ended) return;
    ended = true;
    emit({ type: 'end', id, at: clock(), error });
  };
  return {
    failed: (error) => end(error instanceof Error ? error.message : String(error)),
    response(response) {
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => (responseHeaders[name] = redactKey(value, t.apiKey)));
      emit({
        type: 'response',
        id,
        at: clock(),
        status: response.status,
        statusText: response.statusText,
        headers: responseHeaders,
      });
      if (!response.body || response.status < 200 || response.status > 599) {
        end(null);
        return response;
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const { done, value } = await reader.read();
            if (done) {
              end(null);
              controller.close();
              return;
            }
            emit({
              type: 'chunk',
              id,
              at: clock(),
              bytes: value.byteLength,
              text: redactKey(decoder.decode(value, { stream: true }), t.apiKey),
            });
            controller.enqueue(value);
          } catch (error) {
            end(error instanceof Error ? error.message : String(error));
            controller.error(error);
          }
        },
        cancel(reason) {
          end(reason === BODY_COMPLETE ? null : 'The reader cancelled the body (stopped or aborted).');
          return reader.cancel(reason);
        },
      });
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    },
  };
}

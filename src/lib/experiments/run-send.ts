/**
 * One request of a run, cell or judge: it waits its turn at its connection's rate gate, is sent
 * (streamed when the experiment streams, so time to first token is measured), and comes back as a
 * `CellOutcome`. A 429 is never the cell's result: the gate is told to hold every request to that
 * connection until `Retry-After` (or a second when none is given) and the request goes again.
 */
import { isApiError, type ApiClient } from '../api';
import { parseRetryAfter } from '../api/rate-limit';
import { ReplyAccumulator } from '../chat/reply-accumulator';
import { readClock } from '../chat/metrics';
import type { RateGate } from '../compare/rate-gate';
import type { ChatCompletionRequest } from '../../protocol/wire';
import { CELL_REPLY_LIMITS, cellCutError } from './cell-reply-limits';
import type { CellError, CellOutcome, CellReply } from './checks/types';

export interface SendOptions {
  client: ApiClient;
  gate: RateGate;
  body: ChatCompletionRequest;
  stream: boolean;
  signal: AbortSignal;
  now: () => number;
  /** Hears each wait for the rate limit (until when, epoch ms) and its end (null). */
  onWait: (until: number | null) => void;
}

/** The wait when a 429 names none: long enough not to hammer, short enough not to stall a run. */
const DEFAULT_THROTTLE_MS = 1000;

function replyOf(accumulator: ReplyAccumulator): CellReply {
  const fields = accumulator.snapshot();
  return {
    content: fields.content,
    ...(fields.finish_reason !== undefined ? { finish_reason: fields.finish_reason } : {}),
    ...(fields.function_call ? { function_call: fields.function_call } : {}),
    ...(fields.tool_calls ? { tool_calls: fields.tool_calls } : {}),
    ...(fields.usage ? { usage: fields.usage } : {}),
    ...(fields.refusal !== undefined ? { refusal: fields.refusal } : {}),
  };
}

function errorOf(error: unknown): CellError {
  if (isApiError(error)) return { message: error.message, kind: error.kind, status: error.status };
  return {
    message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    kind: 'unexpected',
  };
}

/**
 * Sends `body` and folds the reply. Rejects only when `signal` aborts (a stopped cell has no
 * outcome to keep); every other failure is the outcome's `error`.
 */
export async function sendRequest(options: SendOptions): Promise<CellOutcome> {
  const { client, gate, body, signal, now } = options;
  for (;;) {
    await options.gate.acquire(signal, (ms) => options.onWait(now() + ms));
    options.onWait(null);
    const accumulator = new ReplyAccumulator({ limits: CELL_REPLY_LIMITS });
    const startedAt = now();
    try {
      if (options.stream) {
        const arrival = readClock(now);
        const stream = client.streamChat(body, { signal, onRead: arrival.mark });
        for await (const chunk of stream) {
          accumulator.applyChunk(chunk, arrival());
          // Past the cell's limit the rest is not read: leaving the loop cancels the request.
          if (accumulator.cut) break;
        }
      } else {
        accumulator.applyCompletion(await client.createChat(body, { signal }), now());
      }
      const endedAt = now();
      accumulator.finish(endedAt);
      const reply = replyOf(accumulator);
      const firstTokenAt = accumulator.snapshot().firstTokenAt;
      return {
        reply,
        timings: {
          ttftMs: firstTokenAt === null ? null : firstTokenAt - startedAt,
          totalMs: endedAt - startedAt,
        },
        error: accumulator.cut ? cellCutError(accumulator.cut) : null,
      };
    } catch (error) {
      signal.throwIfAborted();
      // No response at all still ends the gate's wait for the first answer.
      if (!isApiError(error) || error.status === null) gate.observe(null);
      if (isApiError(error) && error.status === 429 && !accumulator.started) {
        const waitMs = (error.headers && parseRetryAfter(error.headers, now())) ?? DEFAULT_THROTTLE_MS;
        gate.block(now() + waitMs);
        continue;
      }
      const elapsed = now() - startedAt;
      return {
        reply: accumulator.started ? replyOf(accumulator) : null,
        timings: { ttftMs: null, totalMs: elapsed },
        error: errorOf(error),
      };
    }
  }
}

import { ApiError, type ChatCompletionRequest } from '../../../lib/api';
import type { MessageError, MessageStatus } from '../../../lib/chat';
import { readClock } from '../../../lib/chat/metrics';
import { toMessageError } from '../../../lib/chat/message-error';
import { cutMessage, ReplyAccumulator, type ReplyFields } from '../../../lib/chat/reply-accumulator';
import { createFrameScheduler } from '../../../lib/frame-scheduler';
import { inSlices } from '../../../lib/task-slices';
import type { ChatChunkStream, ChatTransport } from './session-types';

/** How a reply request ended. */
export interface ReplyOutcome {
  status: MessageStatus;
  error: MessageError | null;
  fields: ReplyFields;
  endedAt: number;
}

export interface ReplyRequestInput {
  transport: ChatTransport;
  body: ChatCompletionRequest;
  stream: boolean;
  /** A leading `<think>…</think>` in the content is reasoning (the connection says its server does that). */
  thinkTags?: boolean;
  now: () => number;
  requestFrame?: ((run: () => void) => () => void) | undefined;
  /** The reply so far, at most once per animation frame while it streams. */
  onProgress: (fields: ReplyFields) => void;
}

/** One request in flight: `stop()` aborts the HTTP request itself; `done` never rejects. */
export interface ReplyRequest {
  done: Promise<ReplyOutcome>;
  stop(): void;
}

/**
 * Sends one chat request and folds its reply. Deltas go into a `ReplyAccumulator` and reach
 * `onProgress` at most once per frame; the final state comes once, in `done`. A stopped or failed
 * request keeps its partial reply (`stopped`, or `error` with the error as data).
 */
export function startReplyRequest(input: ReplyRequestInput): ReplyRequest {
  const { transport, body, now } = input;
  // Each chunk gets the time of the read it came in, as in the wire log: the reply's gaps are the
  // timeline's, even when a backlog is folded over several tasks.
  const arrival = readClock(now);
  const controller = new AbortController();
  let stream: ChatChunkStream | null = null;
  const accumulator = new ReplyAccumulator({ thinkTags: input.thinkTags === true });
  const frames = createFrameScheduler(
    () => {
      // A long reply's copy waits for more frames (see progressDue): the frame still counts.
      if (accumulator.progressDue()) input.onProgress(accumulator.snapshot());
      else frames.schedule();
    },
    input.requestFrame ? { requestFrame: input.requestFrame } : {},
  );
  // A reply past a limit stops there: reading on would only fetch what is dropped.
  const cutError = () => {
    const cut = accumulator.cut;
    return cut === null ? null : toMessageError(new ApiError({ kind: 'stream', message: cutMessage(cut) }));
  };

  const finish = (status: MessageStatus, error: MessageError | null): ReplyOutcome => {
    frames.cancel();
    const endedAt = now();
    accumulator.finish(endedAt);
    return { status, error, fields: accumulator.snapshot(), endedAt };
  };

  const run = async (): Promise<ReplyOutcome> => {
    try {
      if (input.stream) {
        stream = transport.streamChat(body, { signal: controller.signal, onRead: arrival.mark });
        // A backlog (a fast server, a busy page) is folded in slices, never in one long task.
        for await (const chunk of inSlices(stream)) {
          accumulator.applyChunk(chunk, arrival());
          if (accumulator.cut !== null) break;
          frames.schedule();
        }
      } else {
        accumulator.applyCompletion(await transport.createChat(body, { signal: controller.signal }), now());
      }
      const cut = cutError();
      if (cut) return finish('error', cut);
      // A client that ends the stream quietly on abort still yields a stopped reply, not a complete one.
      return finish(controller.signal.aborted ? 'stopped' : 'complete', null);
    } catch (error) {
      return controller.signal.aborted ? finish('stopped', null) : finish('error', toMessageError(error));
    }
  };

  return {
    done: run(),
    stop() {
      controller.abort();
      stream?.abort();
    },
  };
}

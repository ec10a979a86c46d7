import type { ConversationMessage, MessageTimings } from './conversation-types';

/**
 * A cheap token estimate (about four characters per token for English text and code). Exact counts
 * come from the server's `usage`; this is for the thinking pane and for servers that send no usage,
 * and it must stay cheap because it runs on streamed text.
 */
export function estimateTokens(text: string): number {
  if (text === '') return 0;
  return Math.max(1, Math.round(text.length / 4));
}

/** A duration as every figure shows it: milliseconds under a second, seconds above; a dash when unknown. */
export function formatMs(value: number | null): string {
  if (value === null) return '—';
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`;
}

export interface ReplyMetrics {
  /** Time to first token, ms; null when nothing arrived. */
  ttftMs: number | null;
  /** The longest wait between two arrivals of reply text, reasoning or a call, ms; null with fewer than two. */
  largestGapMs: number | null;
  /** Request start to end, ms; null while running. */
  totalMs: number | null;
  /** Completion tokens per second over the generation phase (first token to end); null when unknown. */
  tokensPerSecond: number | null;
}

/**
 * Derives the figures a reply shows. Tokens per second is measured from the first token, not the
 * request start, so queueing and prompt processing (already in TTFT) do not dilute it.
 */
export function replyMetrics(timings: MessageTimings, completionTokens: number | null): ReplyMetrics {
  const ttftMs = timings.firstTokenAt === null ? null : timings.firstTokenAt - timings.requestStartedAt;
  const totalMs = timings.endedAt === null ? null : timings.endedAt - timings.requestStartedAt;
  let tokensPerSecond: number | null = null;
  if (
    completionTokens !== null &&
    completionTokens > 0 &&
    timings.firstTokenAt !== null &&
    timings.endedAt !== null
  ) {
    const generationMs = timings.endedAt - timings.firstTokenAt;
    if (generationMs > 0) tokensPerSecond = (completionTokens * 1000) / generationMs;
  }
  return { ttftMs, totalMs, tokensPerSecond, largestGapMs: timings.largestGapMs ?? null };
}

/**
 * A clock that reads `now` once per task: every chunk parsed from one network read (all handled in
 * the task that read it) gets that read's time, as the wire log records it, so gaps between events
 * of one read are 0 on the reply as on the timeline, not the time it took to parse them.
 */
export function perTaskClock(now: () => number, nextTask = (fn: () => void) => setTimeout(fn, 0)) {
  let cached: number | null = null;
  return (): number => {
    if (cached === null) {
      cached = now();
      nextTask(() => {
        cached = null;
      });
    }
    return cached;
  };
}

/** A clock that gives each chunk the time of the body read it came in (see `readClock`). */
export interface ReadClock {
  (): number;
  /** Notes a read of the body now: the chunks parsed from it get this time. */
  mark(): void;
}

/**
 * The time of the body read each chunk came in: `mark()` at every read (the stream's `onRead`), and
 * every chunk parsed from that read gets its time, as the wire log records it, however long the page
 * then takes to fold them (it folds a backlog in slices). Before any mark (a transport that does not
 * report reads) it is a `perTaskClock`, which gives the same while nothing pauses.
 */
export function readClock(now: () => number): ReadClock {
  let readAt: number | null = null;
  const perTask = perTaskClock(now);
  return Object.assign(() => readAt ?? perTask(), {
    mark: () => {
      readAt = now();
    },
  });
}

/**
 * The longest wait between two arrivals of reply text (or reasoning, or a call fragment): the one
 * count of a stream's gaps, kept by the reply as it streams and by the wire timeline from its record,
 * so both show the same figure for the same stream.
 */
export class GapTracker {
  private last: number | null = null;
  private longest: number | null = null;
  private longestEnd: number | null = null;

  /** Notes an arrival at `at` (ms). */
  add(at: number): void {
    if (this.last !== null) {
      const gap = at - this.last;
      if (this.longest === null || gap > this.longest) {
        this.longest = gap;
        this.longestEnd = at;
      }
    }
    this.last = at;
  }

  /** The longest gap so far, ms; null before the second arrival. */
  get largestMs(): number | null {
    return this.longest;
  }

  /** When the longest gap ended (the arrival after it), in the caller's clock. */
  get largestEndedAt(): number | null {
    return this.longestEnd;
  }
}

/** A plain-words explanation of a finish reason worth explaining, or null. */
export function finishReasonHint(reason: string | null | undefined): string | null {
  switch (reason) {
    case 'length':
      return 'The reply was cut off because it reached max_tokens (or the context limit). Raise max_tokens or continue the conversation.';
    case 'function_call':
      return 'The model asked to call a function instead of answering; send the function result to continue.';
    case 'content_filter':
      return 'The server withheld part of the reply because of a content filter.';
    default:
      return null;
  }
}

/**
 * The figures for one stored reply: the server's `completion_tokens` when it sent usage, else an
 * estimate from the visible text, a refusal and the reasoning (all were generated, so all count).
 */
export function messageMetrics(
  message: ConversationMessage,
): ReplyMetrics & { completionTokens: number | null; estimated: boolean } {
  if (!message.timings)
    return {
      ttftMs: null,
      totalMs: null,
      tokensPerSecond: null,
      largestGapMs: null,
      completionTokens: null,
      estimated: false,
    };
  const reported = message.usage?.completion_tokens;
  const completionTokens =
    typeof reported === 'number'
      ? reported
      : // A continued reply's earlier text came from another request: only what this one wrote counts.
        estimateTokens(message.content.slice(message.continuedFrom ?? 0)) +
        estimateTokens(message.refusal ?? '') +
        (message.reasoning?.tokens ?? 0);
  return {
    ...replyMetrics(message.timings, completionTokens),
    completionTokens,
    estimated: typeof reported !== 'number',
  };
}

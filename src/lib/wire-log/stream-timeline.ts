import { asChunk } from '../../protocol/chat/as-chunk';
import { ChunkFolder } from '../../protocol/chat/chunk-folder';
import { StreamParser, type StreamMessage } from '../../protocol/stream/stream-parser';
import type { ChatCompletionChunk } from '../../protocol/wire';
import { estimateTokens, GapTracker, replyMetrics } from '../chat/metrics';
import type { ExchangeRecord } from './exchange-record';

/** One bar of the chunk-arrival chart: when (ms after the request) and how many bytes. */
export interface ChunkPoint {
  offsetMs: number;
  bytes: number;
}

export interface StreamTimeline {
  /** From sending the request to the response headers. */
  ttfbMs: number | null;
  /** From sending the request to the first chunk carrying reply text, reasoning or a function-call fragment. */
  firstTokenMs: number | null;
  totalMs: number | null;
  totalBytes: number;
  points: ChunkPoint[];
  /**
   * Reply tokens: the server's `usage.completion_tokens` when sent, else estimated from the reply's
   * text and reasoning exactly as the reply footer estimates them (one way to count, shown the same).
   */
  tokens: number;
  tokensCounted: 'usage' | 'estimate';
  /** Tokens per second between the first token and the end, null when it cannot be told. */
  tokensPerSecond: number | null;
  /** True when most bytes arrived at the very end: something between browser and server buffered the stream. */
  buffered: boolean;
  /**
   * The longest wait between two chunks carrying the reply (the reply footer's and compare cells'
   * figure, counted the same way), and where it ended (ms after the request); null with fewer than two.
   */
  largestGap: { ms: number; endedAtMs: number } | null;
  /** Bytes per chunk as read: the middle and the largest; null when nothing arrived. */
  chunkBytes: { median: number; largest: number } | null;
  /** Events carrying the reply, and how many reads brought them. */
  replyEvents: number;
  replyReads: number;
  /**
   * True when the reply came in a few large blocks over a long time (many events per read), not as
   * it was written: a proxy or compression holding the stream and releasing it in blocks.
   */
  bursty: boolean;
}

/** Events per read from which a long stream counts as released in blocks. */
export const BURST_EVENTS_PER_READ = 8;
/** Below these, a stream is too short or too quick to tell blocks from a fast server. */
const BURST_MIN_EVENTS = 20;
const BURST_MIN_SPAN_MS = 500;

/** Share of bytes that, arriving in the last tenth of the time, means the stream was held back. */
export const BUFFERED_BYTE_SHARE = 0.8;

/** Recorded text is already in memory: the timeline reads it whole, however large its events. */
const UNBOUNDED = { maxEventBytes: Number.POSITIVE_INFINITY, maxEventLines: Number.POSITIVE_INFINITY };

/**
 * Which recorded chunks completed an event carrying reply text, reasoning or a call, read with the
 * protocol core's parser and folder (an event split across chunks counts where it completes), and
 * the server's `usage.completion_tokens` if it sent one.
 */
function inspectChunks(texts: readonly string[]): {
  content: boolean[];
  /** Events carrying the reply, per chunk (where each completed). */
  events: number[];
  completionTokens: number | null;
  estimatedTokens: number;
} {
  const parser = new StreamParser(UNBOUNDED);
  const folder = new ChunkFolder();
  const content = texts.map(() => false);
  const events = texts.map(() => 0);
  const read = (messages: StreamMessage[], at: number) => {
    for (const message of messages) {
      if (message.type !== 'event') continue;
      let payload: unknown;
      try {
        payload = JSON.parse(message.data);
      } catch {
        continue; // not JSON: it still counts as bytes
      }
      if (payload === null || typeof payload !== 'object' || !('choices' in payload)) continue;
      const parts = folder.add(asChunk(payload as ChatCompletionChunk));
      if (parts.content || parts.reasoning || parts.refusal || parts.call) {
        content[at] = true;
        events[at] = (events[at] ?? 0) + 1;
      }
    }
  };
  texts.forEach((text, at) => {
    const messages: StreamMessage[] = [];
    parser.pushText(text, messages);
    read(messages, at);
  });
  const last: StreamMessage[] = [];
  parser.end(last);
  read(last, texts.length - 1);
  const tokens = folder.usage?.completion_tokens;
  return {
    content,
    events,
    completionTokens: typeof tokens === 'number' ? tokens : null,
    estimatedTokens:
      estimateTokens(folder.text) +
      estimateTokens(folder.refusal ?? '') +
      estimateTokens(folder.thinking ?? ''),
  };
}

/** Times and sizes of a recorded (streamed) exchange, for the stream timeline. */
export function streamTimeline(record: ExchangeRecord): StreamTimeline {
  const start = record.startedAt;
  const points = record.chunks.map((c) => ({ offsetMs: c.at - start, bytes: c.bytes }));
  const totalBytes = points.reduce((sum, p) => sum + p.bytes, 0);
  const inspected = inspectChunks(record.chunks.map((c) => c.text));
  const usageTokens = inspected.completionTokens;
  const firstTokenAt = record.chunks.find((_, at) => inspected.content[at])?.at ?? null;
  const end = record.endedAt ?? record.chunks.at(-1)?.at ?? null;
  const tokens = usageTokens ?? inspected.estimatedTokens;
  // The reply footer's own formula, on the same kind of count: the two never disagree.
  const { totalMs, tokensPerSecond } = replyMetrics(
    { requestStartedAt: start, firstTokenAt, endedAt: end },
    tokens,
  );

  let buffered = false;
  if (totalMs !== null && totalMs > 0 && points.length >= 2 && totalBytes > 0 && record.response) {
    const sinceHeaders = totalMs - (record.response.at - start);
    const lateFrom = totalMs - Math.max(sinceHeaders, 0) * 0.1;
    const lateBytes = points.filter((p) => p.offsetMs >= lateFrom).reduce((sum, p) => sum + p.bytes, 0);
    buffered = lateBytes / totalBytes >= BUFFERED_BYTE_SHARE && sinceHeaders >= 200;
  }

  const gaps = new GapTracker();
  const replyTimes: number[] = [];
  record.chunks.forEach((chunk, at) => {
    if (!inspected.content[at]) return;
    // Per event, as the reply counts them: events of one read arrived together (a gap of 0).
    for (let n = 0; n < (inspected.events[at] ?? 0); n++) gaps.add(chunk.at);
    replyTimes.push(chunk.at);
  });
  const largest = gaps.largestMs;
  const largestEnd = gaps.largestEndedAt;
  const replyEvents = inspected.events.reduce((sum, n) => sum + n, 0);
  const replyReads = replyTimes.length;
  const replySpan = replyReads > 0 ? replyTimes[replyReads - 1]! - replyTimes[0]! : 0;
  const bursty =
    !buffered &&
    replyEvents >= BURST_MIN_EVENTS &&
    replySpan >= BURST_MIN_SPAN_MS &&
    replyEvents / replyReads >= BURST_EVENTS_PER_READ;
  return {
    ttfbMs: record.response ? record.response.at - start : null,
    firstTokenMs: firstTokenAt === null ? null : firstTokenAt - start,
    totalMs,
    totalBytes,
    points,
    tokens,
    tokensCounted: usageTokens !== null ? 'usage' : 'estimate',
    tokensPerSecond,
    buffered,
    largestGap:
      largest === null || largestEnd === null ? null : { ms: largest, endedAtMs: largestEnd - start },
    chunkBytes: points.length === 0 ? null : middleAndLargest(points.map((p) => p.bytes)),
    replyEvents,
    replyReads,
    bursty,
  };
}

function middleAndLargest(sizes: number[]): { median: number; largest: number } {
  const sorted = [...sizes].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
  return { median, largest: sorted[sorted.length - 1]! };
}

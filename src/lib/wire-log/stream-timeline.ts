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
  /** Reply tokens: the server's `usage.completion_tokens` when sent, else one per content-bearing chunk. */
  tokens: number;
  tokensCounted: 'usage' | 'chunks';
  /** Tokens per second between the first token and the end, null when it cannot be told. */
  tokensPerSecond: number | null;
  /** True when most bytes arrived at the very end: something between browser and server buffered the stream. */
  buffered: boolean;
}

/** Share of bytes that, arriving in the last tenth of the time, means the stream was held back. */
export const BUFFERED_BYTE_SHARE = 0.8;

interface ChunkInfo {
  content: boolean;
  completionTokens: number | null;
}

function inspectChunk(text: string): ChunkInfo {
  let content = false;
  let completionTokens: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.startsWith('data:') ? raw.slice(5).trim() : raw.trim();
    if (!line.startsWith('{')) continue;
    try {
      const chunk = JSON.parse(line) as {
        choices?: { delta?: Record<string, unknown> }[];
        usage?: { completion_tokens?: number } | null;
      };
      const delta = chunk.choices?.[0]?.delta ?? {};
      if (delta.content || delta.reasoning_content || delta.reasoning || delta.function_call) content = true;
      if (typeof chunk.usage?.completion_tokens === 'number')
        completionTokens = chunk.usage.completion_tokens;
    } catch {
      // A line split across chunks is not whole here; its text still counts as bytes.
    }
  }
  return { content, completionTokens };
}

/** Times and sizes of a recorded (streamed) exchange, for the stream timeline. */
export function streamTimeline(record: ExchangeRecord): StreamTimeline {
  const start = record.startedAt;
  const points = record.chunks.map((c) => ({ offsetMs: c.at - start, bytes: c.bytes }));
  const totalBytes = points.reduce((sum, p) => sum + p.bytes, 0);
  let firstTokenAt: number | null = null;
  let contentChunks = 0;
  let usageTokens: number | null = null;
  for (const chunk of record.chunks) {
    const info = inspectChunk(chunk.text);
    if (info.content) {
      contentChunks++;
      firstTokenAt ??= chunk.at;
    }
    if (info.completionTokens !== null) usageTokens = info.completionTokens;
  }
  const end = record.endedAt ?? record.chunks.at(-1)?.at ?? null;
  const totalMs = end === null ? null : end - start;
  const tokens = usageTokens ?? contentChunks;
  const generationMs = firstTokenAt !== null && end !== null ? end - firstTokenAt : null;
  const tokensPerSecond =
    generationMs && generationMs > 0 && tokens > 1 ? (tokens / generationMs) * 1000 : null;

  let buffered = false;
  if (totalMs !== null && totalMs > 0 && points.length >= 2 && totalBytes > 0 && record.response) {
    const sinceHeaders = totalMs - (record.response.at - start);
    const lateFrom = totalMs - Math.max(sinceHeaders, 0) * 0.1;
    const lateBytes = points.filter((p) => p.offsetMs >= lateFrom).reduce((sum, p) => sum + p.bytes, 0);
    buffered = lateBytes / totalBytes >= BUFFERED_BYTE_SHARE && sinceHeaders >= 200;
  }
  return {
    ttfbMs: record.response ? record.response.at - start : null,
    firstTokenMs: firstTokenAt === null ? null : firstTokenAt - start,
    totalMs,
    totalBytes,
    points,
    tokens,
    tokensCounted: usageTokens !== null ? 'usage' : 'chunks',
    tokensPerSecond,
    buffered,
  };
}

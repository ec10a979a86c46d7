/**
 * A compare cell as data: what a run shows and what a saved comparison keeps. The figures are
 * derived from the record (the same way as a chat reply's), never stored, so a loaded cell shows
 * exactly what it showed live.
 */
import { messageMetrics, type ReplyMetrics } from '../chat/metrics';
import type { MessageError, MessageTimings } from '../chat/conversation-types';
import type { ReplyFields } from '../chat/reply-accumulator';

/**
 * `interrupted`: the cell was still waiting or streaming when the page went away (a reload, a crash),
 * so what it holds is a partial reply.
 */
export type CellStatus = 'waiting' | 'streaming' | 'complete' | 'stopped' | 'error' | 'interrupted';

/** What a cell holds, storable as it is. */
export interface CellRecord {
  variantId: string;
  status: CellStatus;
  reply: ReplyFields;
  error: MessageError | null;
  /** Null until something arrived (a cell still queued, or refused, has no figures). */
  timings: MessageTimings | null;
}

export interface CellView extends CellRecord {
  /** While waiting for a rate limit: when the wait ends (epoch ms). */
  waitUntil: number | null;
  metrics: ReplyMetrics & { completionTokens: number | null; estimated: boolean };
}

export function cellView(record: CellRecord, waitUntil: number | null = null): CellView {
  const { reply, timings } = record;
  return {
    ...record,
    waitUntil,
    metrics: messageMetrics({
      id: record.variantId,
      role: 'assistant',
      content: reply.content,
      createdAt: timings?.requestStartedAt ?? 0,
      ...(timings ? { timings } : {}),
      ...(reply.usage ? { usage: reply.usage } : {}),
      ...(reply.reasoning ? { reasoning: reply.reasoning } : {}),
    }),
  };
}

/** True while a cell may still change. */
export const isRunning = (status: CellStatus) => status === 'waiting' || status === 'streaming';

/** A record as it reads after the page went away: what was still running was cut off. */
export function afterReload(record: CellRecord): CellRecord {
  return isRunning(record.status) ? { ...record, status: 'interrupted' } : record;
}

/**
 * The record/replay cache in front of `sendRequest`: keyed by the exact request (its request key) and
 * the repeat, so a recorded run replays the same replies to the same requests, offline, and an
 * edited template or variant (another request) is a miss rather than a stale answer.
 */
import type { CellOutcome } from './checks/types';
import type { CacheMode, ReplyCache } from './run-types';

/** A cell's key in the cache: repeats send the same request and may get different replies. */
export const replayKey = (requestKey: string, repeat: number): string => `${requestKey}#${repeat}`;

/** A judge's key: its request holds the rubric and the reply, so equal keys grade equal replies. */
export const judgeReplayKey = (requestKey: string, repeat: number): string => `judge:${requestKey}#${repeat}`;

/**
 * The outcome for `key`: from the cache in `replay` (a miss is an error naming the mode), sent and
 * recorded in `record` (replies only: an error is worth sending again), sent alone when `off`.
 */
export async function cachedOutcome(
  mode: CacheMode,
  cache: ReplyCache | null,
  key: string,
  send: () => Promise<CellOutcome>,
): Promise<{ outcome: CellOutcome; sent: boolean }> {
  if (mode === 'off' || !cache) {
    if (mode !== 'off') throw new Error(`The cache mode is "${mode}" but no cache was given.`);
    return { outcome: await send(), sent: true };
  }
  if (mode === 'replay') {
    const recorded = await cache.get(key);
    if (recorded) return { outcome: structuredClone(recorded), sent: false };
    return {
      outcome: {
        reply: null,
        timings: { ttftMs: null, totalMs: null },
        error: {
          message:
            'cache mode "replay": this request was never recorded; record a run of it first, or turn the cache off to send it',
          kind: 'replay-miss',
        },
      },
      sent: false,
    };
  }
  const outcome = await send();
  if (outcome.error === null) await cache.put(key, outcome);
  return { outcome, sent: true };
}

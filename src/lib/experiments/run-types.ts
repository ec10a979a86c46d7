/**
 * What the run engine (run.ts) needs from its host and what it tells it. The page backs the stores
 * with IndexedDB and the command line with files; the engine only sees these interfaces, so it runs
 * alike in both.
 */
import type { ApiClient } from '../api';
import type { ResponseInfo } from '../api/types';
import type { CellResult } from './cell-result';
import type { CellOutcome } from './checks/types';
import type { ExperimentConnection } from './experiment';

/** Where results are kept as each cell finishes: what a resumed run reads to skip finished cells. */
export interface ResultStore {
  /** Every result stored for this experiment. */
  all(): Promise<readonly CellResult[]>;
  /** Stores (or replaces) a cell's result; resolves once it is kept. */
  put(result: CellResult): Promise<void>;
}

/**
 * `record` sends every request and keeps each reply under its request's key; `replay` sends nothing
 * and answers from what was recorded (a request not recorded is that cell's error); `off` neither.
 */
export type CacheMode = 'record' | 'replay' | 'off';

export const CACHE_MODES: readonly CacheMode[] = ['record', 'replay', 'off'];

/** Recorded replies by request key (see `replayKey`). Only replies are kept: errors are sent again. */
export interface ReplyCache {
  get(key: string): Promise<CellOutcome | undefined>;
  put(key: string, outcome: CellOutcome): Promise<void>;
}

/**
 * A client for a connection. The engine passes `onResponse` (its rate gate reads every response's
 * `X-RateLimit-*`); the client should be made with `maxRetries: 0`, as the engine waits out 429s
 * itself, through the gate and its clock, rather than behind the client's own back-off.
 */
export type ConnectClient = (
  connection: ExperimentConnection,
  hooks: { onResponse: (info: ResponseInfo) => void },
) => ApiClient;

/** Where a run stands, announced after every finished cell and every wait for a rate limit. */
export interface RunProgress {
  /** Cells with a result, stored before this run included. */
  done: number;
  total: number;
  passed: number;
  failed: number;
  errors: number;
  /** Cells sent (or replayed) by this run so far, judge requests apart. */
  sentThisRun: number;
  elapsedMs: number;
  /** From this run's pace; null until a cell has finished. */
  remainingMs: number | null;
  /** Set while a rate limit holds requests back: when the next may go (epoch ms). */
  waitingUntil: number | null;
}

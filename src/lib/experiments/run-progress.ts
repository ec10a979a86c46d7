/**
 * The counts a run announces, kept as results arrive rather than recounted over every cell, so a
 * 10,000-cell run's progress costs the same per cell at the end as at the start.
 */
import { cellStatus, type CellStatus } from './export-report';
import type { CellResult } from './cell-result';
import type { RunProgress } from './run-types';

export class ProgressTally {
  private readonly counts: Record<CellStatus, number> = {
    passed: 0,
    failed: 0,
    error: 0,
    pending: 0,
    waiting: 0,
  };
  private finishedThisRun = 0;
  private sent = 0;
  waitingUntil: number | null = null;

  constructor(
    private readonly total: number,
    private readonly toRun: number,
    private readonly startedAt: number,
    private readonly now: () => number,
  ) {
    this.counts.waiting = total;
  }

  /** A cell's result replaces `before` (a stored one, or none). */
  record(result: CellResult, before: CellResult | undefined, ranNow: boolean): void {
    this.counts[cellStatus(before)] -= 1;
    this.counts[cellStatus(result)] += 1;
    if (ranNow) this.finishedThisRun += 1;
  }

  /** A request of this run went out (or was replayed). */
  countSent(): void {
    this.sent += 1;
  }

  snapshot(): RunProgress {
    const elapsedMs = this.now() - this.startedAt;
    const left = this.toRun - this.finishedThisRun;
    return {
      done: this.total - this.counts.waiting,
      total: this.total,
      passed: this.counts.passed,
      failed: this.counts.failed,
      errors: this.counts.error,
      sentThisRun: this.sent,
      elapsedMs,
      remainingMs: this.finishedThisRun === 0 ? null : Math.round((elapsedMs / this.finishedThisRun) * left),
      waitingUntil: this.waitingUntil,
    };
  }
}

/**
 * One comparison run: the same conversation sent to every variant at once, each cell streaming on
 * its own (its own stop, its own error), requests kept within each connection's rate limit. Cells are
 * folded by the protocol core (through `ReplyAccumulator`) and announced at most once per frame, so a
 * grid of streams costs one render per frame, not one per chunk; in a background tab, where the
 * browser pauses frames, the frame scheduler's fallback still announces them.
 */
import { isApiError, type ApiClient } from '../api';
import { parseRetryAfter } from '../api/rate-limit';
import type { ChatCompletionRequest } from '../../protocol/wire';
import { readClock } from '../chat/metrics';
import { inSlices } from '../task-slices';
import { toMessageError } from '../chat/message-error';
import { createFrameScheduler, type FrameScheduler } from '../frame-scheduler';
import type { MessageError } from '../chat/conversation-types';
import { ReplyAccumulator } from '../chat/reply-accumulator';
import { cellView, type CellStatus, type CellView } from './cell-view';
import type { RateGate } from './rate-gate';
import type { Variant } from './variants';

export type { CellStatus, CellView } from './cell-view';

export interface CompareRunOptions {
  variants: readonly Variant[];
  /** The request for a variant (its model and parameters on the shared conversation). */
  requestFor: (variant: Variant) => ChatCompletionRequest;
  /** The client of a variant's connection; null when the connection is gone. */
  clientFor: (variant: Variant) => ApiClient | null;
  /** The rate gate of a variant's connection (one per connection, shared by its cells). */
  gateFor: (variant: Variant) => RateGate;
  now?: () => number;
  /** The frame scheduler's `requestFrame` (default: the next animation frame). */
  requestFrame?: (run: () => void) => () => void;
}

interface Cell {
  variant: Variant;
  status: CellStatus;
  waitUntil: number | null;
  accumulator: ReplyAccumulator;
  error: MessageError | null;
  startedAt: number;
  endedAt: number | null;
  controller: AbortController;
  view: CellView | null;
}

export class CompareRun {
  private readonly cells: Cell[];
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly frames: FrameScheduler;
  private views: readonly CellView[] = [];
  readonly done: Promise<void>;

  constructor(private readonly options: CompareRunOptions) {
    this.now = options.now ?? Date.now;
    this.frames = createFrameScheduler(
      () => this.announce(),
      options.requestFrame ? { requestFrame: options.requestFrame } : {},
    );
    const startedAt = this.now();
    this.cells = options.variants.map((variant) => ({
      variant,
      status: 'waiting',
      waitUntil: null,
      accumulator: new ReplyAccumulator(),
      error: null,
      startedAt,
      endedAt: null,
      controller: new AbortController(),
      view: null,
    }));
    this.views = this.cells.map((cell) => this.viewOf(cell));
    this.done = Promise.all(this.cells.map((cell) => this.run(cell))).then(() => {
      this.frames.cancel();
      this.announce();
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The cells as shown; the same array until something changes (for useSyncExternalStore). */
  getViews = (): readonly CellView[] => this.views;

  stop(variantId: string): void {
    this.cells.find((cell) => cell.variant.id === variantId)?.controller.abort();
  }

  stopAll(): void {
    for (const cell of this.cells) cell.controller.abort();
  }

  private async run(cell: Cell): Promise<void> {
    const { signal } = cell.controller;
    const client = this.options.clientFor(cell.variant);
    const gate = this.options.gateFor(cell.variant);
    try {
      if (!client)
        throw new Error('This variant’s connection no longer exists; pick another in its settings.');
      for (;;) {
        await gate.acquire(signal, (ms) => this.update(cell, { waitUntil: this.now() + ms }));
        this.update(cell, { status: 'streaming', waitUntil: null });
        cell.startedAt = this.now();
        try {
          // Each chunk gets the time of the read it came in, as in the wire log: the cells' gaps are
          // the timeline's, even when a backlog is folded over several tasks.
          const arrival = readClock(this.now);
          const stream = client.streamChat(this.options.requestFor(cell.variant), {
            signal,
            onRead: arrival.mark,
          });
          for await (const chunk of inSlices(stream)) {
            cell.accumulator.applyChunk(chunk, arrival());
            this.changed(cell);
          }
          break;
        } catch (error) {
          // No response at all (a connection error) still ends the gate's wait for one.
          if (!isApiError(error) || error.status === null) gate.observe(null);
          // A 429 despite the gate (another tab, another tool): wait as it says, and go again.
          if (!isApiError(error) || error.status !== 429 || cell.accumulator.started) throw error;
          const waitMs = (error.headers && parseRetryAfter(error.headers, this.now())) ?? 1000;
          gate.block(this.now() + waitMs);
          this.update(cell, { status: 'waiting' });
        }
      }
      this.finish(cell, 'complete');
    } catch (error) {
      if (signal.aborted) this.finish(cell, 'stopped');
      else {
        cell.error = toMessageError(error);
        this.finish(cell, 'error');
      }
    }
  }

  private finish(cell: Cell, status: CellStatus): void {
    cell.endedAt = this.now();
    cell.accumulator.finish(cell.endedAt);
    this.update(cell, { status, waitUntil: null });
  }

  private update(cell: Cell, patch: Partial<Pick<Cell, 'status' | 'waitUntil'>>): void {
    Object.assign(cell, patch);
    this.changed(cell);
  }

  private changed(cell: Cell): void {
    cell.view = null;
    this.frames.schedule();
  }

  private announce(): void {
    this.views = this.cells.map((cell) => (cell.view ??= this.viewOf(cell)));
    for (const listener of this.listeners) listener();
  }

  private viewOf(cell: Cell): CellView {
    const reply = cell.accumulator.snapshot();
    return cellView(
      {
        variantId: cell.variant.id,
        status: cell.status,
        reply,
        error: cell.error,
        // A cell that received nothing (waiting, refused) has no figures to show, not zeros.
        timings: cell.accumulator.started
          ? {
              requestStartedAt: cell.startedAt,
              firstTokenAt: reply.firstTokenAt,
              endedAt: cell.endedAt,
              largestGapMs: reply.largestGapMs ?? null,
            }
          : null,
      },
      cell.waitUntil,
    );
  }
}

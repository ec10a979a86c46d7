import type { ExchangeEvent } from '../api/types';
import type { ExchangeRecord, RecordedChunk } from './exchange-record';

/** How often appended stream chunks are announced to readers. */
const FLUSH_MS = 50;

export interface WireLogOptions {
  /** How many exchanges are kept, newest last (default 50). */
  limit?: number;
  /** Per exchange, how many body bytes are kept before chunks are summarised (default 2 MB). */
  maxBodyBytes?: number;
}

/**
 * The exchanges of the playground, recorded from the client's `onExchange` events. Framework-free:
 * React reads it with `useSyncExternalStore(log.subscribe, log.getSnapshot)`.
 */
export class WireLog {
  private records: readonly ExchangeRecord[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly limit: number;
  private readonly maxBodyBytes: number;
  private readonly kept = new Map<number, number>();
  private readonly dirty = new Set<number>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: WireLogOptions = {}) {
    this.limit = options.limit ?? 50;
    this.maxBodyBytes = options.maxBodyBytes ?? 2_000_000;
  }

  /** Pass as `onExchange` to `createClient`. */
  readonly record = (event: ExchangeEvent): void => {
    if (event.type === 'request') {
      const record: ExchangeRecord = {
        id: event.id,
        endpoint: event.endpoint,
        attempt: event.attempt,
        startedAt: event.at,
        request: { method: event.method, url: event.url, headers: event.headers, body: event.body },
        response: null,
        chunks: [],
        endedAt: null,
        error: null,
      };
      const next = [...this.records, record];
      for (const dropped of next.slice(0, Math.max(0, next.length - this.limit)))
        this.kept.delete(dropped.id);
      this.records = next.slice(-this.limit);
      this.notify();
      return;
    }
    if (event.type === 'chunk') {
      // Chunks are appended in place and announced at most every FLUSH_MS: a fast stream sends
      // thousands, and copying the list (and re-rendering the pane) for each would cost more than it shows.
      const record = this.records.find((r) => r.id === event.id);
      if (!record) return;
      const kept = (this.kept.get(record.id) ?? 0) + event.bytes;
      this.kept.set(record.id, kept);
      // Beyond the cap the timing and size are kept, the text is not (a huge body would eat memory).
      const text = kept > this.maxBodyBytes ? '' : event.text;
      (record.chunks as RecordedChunk[]).push({ at: event.at, bytes: event.bytes, text });
      this.dirty.add(record.id);
      this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_MS);
      return;
    }
    this.patch(event.id, (record) => {
      if (event.type === 'response') {
        const { status, statusText, headers, at } = event;
        return { ...record, response: { at, status, statusText, headers } };
      }
      return { ...record, endedAt: event.at, error: event.error };
    });
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Oldest first; a new array whenever anything changes. */
  getSnapshot = (): readonly ExchangeRecord[] => this.records;

  /**
   * Empties the log. Returns the undo: it puts the cleared exchanges back before any that came
   * since (within the limit).
   */
  clear(): () => void {
    this.flush();
    const cleared = this.records;
    const kept = new Map(this.kept);
    this.records = [];
    this.kept.clear();
    this.notify();
    return () => {
      const since = new Set(this.records.map((r) => r.id));
      this.records = [...cleared.filter((r) => !since.has(r.id)), ...this.records].slice(-this.limit);
      for (const record of this.records) {
        const bytes = kept.get(record.id);
        if (bytes !== undefined && !this.kept.has(record.id)) this.kept.set(record.id, bytes);
      }
      this.notify();
    };
  }

  /** Publishes appended chunks: dirty records get a new identity so readers see the change. */
  private flush(): void {
    if (this.flushTimer !== null) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.dirty.size === 0) return;
    this.records = this.records.map((r) => (this.dirty.has(r.id) ? { ...r } : r));
    this.dirty.clear();
    this.notify();
  }

  private patch(id: number, change: (record: ExchangeRecord) => ExchangeRecord): void {
    this.flush();
    const index = this.records.findIndex((r) => r.id === id);
    const current = this.records[index];
    if (!current) return;
    const next = [...this.records];
    next[index] = change(current);
    this.records = next;
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

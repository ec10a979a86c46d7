/**
 * Bounds on one stream event. A server is not trusted to end its events: without a bound, one
 * unterminated event grows in memory until the process dies (a 10 MB event of short lines once held
 * the local service's event loop for 84 s).
 */
export interface StreamLimits {
  /** Largest event (one line, or the data lines of one event), in UTF-16 code units ≈ bytes. */
  maxEventBytes: number;
  /** Most data lines in one event. */
  maxEventLines: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { maxEventBytes: 8 * 1024 * 1024, maxEventLines: 10_000 };

/** A stream event went past a limit; `limit` says which, `max` what it was. */
export class OversizedEventError extends Error {
  constructor(
    readonly limit: 'bytes' | 'lines',
    readonly max: number,
  ) {
    super(
      limit === 'bytes'
        ? `The stream sent an event larger than ${max} bytes.`
        : `The stream sent an event of more than ${max} lines without ending it.`,
    );
    this.name = 'OversizedEventError';
  }
}

/**
 * Turns any error the playground meets into what the shared error panel shows: a title, the
 * server's message, the facts (code, type, status, param, request id) and what to do about it.
 * Pure: no React, no clock (a 429's reset time is returned for the panel to count down to).
 */
import { adviceForStatus, isApiError, type ApiError, type UpstreamFacts } from './api';
import { isUpstreamErrorCode } from '../protocol/upstream-errors';
import { RESET_WITHIN_MS } from './api/rate-limit';
import { timeNear } from './api/safe-time';

export interface ErrorFact {
  label: string;
  value: string;
}

export interface ErrorAdvice {
  /** A few words that name the situation, e.g. "API key rejected". */
  title: string;
  /** What happened, in the server's words when it sent any. */
  message: string;
  /** Code, type, HTTP status, param and request id, in that order, only those known. */
  facts: ErrorFact[];
  /** What to do, most likely fix first. */
  steps: string[];
  /** For a rate limit: when the window resets (epoch ms), if the server said. */
  resetAt: number | null;
  /** Whose wait `resetAt` is, in words to put before its countdown ("in 2s"). */
  resetLabel: string;
  /** What the countdown says once the wait is over. */
  resetDone: string;
  /** The request parameter the server named, so a page can mark its control. */
  param: string | null;
}

/** How to get past CORS; shared by the connection advice and the health indicator. */
export const CORS_ADVICE =
  'If the server is up but does not allow this page (CORS), start the local service with ' +
  'SVC_UPSTREAM_URL=<that server> (and SVC_UPSTREAM_API_KEY=<its key>) npm start, and connect to the ' +
  'local service instead: it forwards requests server-side, where CORS does not apply.';

/**
 * Builds the advice for any thrown value; never throws itself. An ApiError may have been rebuilt from
 * a stored record (any kind, any field types), so everything shown is made text here.
 */
export function adviseError(error: unknown): ErrorAdvice {
  if (!isApiError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      title: 'Unexpected error',
      message: message || 'Something failed without saying what.',
      facts: [],
      steps: ['This is a fault in the playground rather than the server; reload the page and try again.'],
      resetAt: null,
      ...OWN_RESET,
      param: null,
    };
  }
  const { title, steps } = adviceFor(error);
  const upstream = fromUpstream(error);
  const ownHint = text(error.hint);
  const hint = ownHint && !steps.includes(ownHint) ? [ownHint] : [];
  return {
    title,
    message: text(error.message) ?? 'The request failed without saying why.',
    facts: factsOf(error),
    // The client's own hint goes last: ours are specific to the playground, its are generic.
    steps: [...steps, ...hint].filter((step, i, all) => all.indexOf(step) === i),
    resetAt: resetTimeOf(error, upstream),
    ...(upstream ? UPSTREAM_RESET : OWN_RESET),
    param: text(error.param),
  };
}

/** A field as text when it is text (or a number); anything else (an object, an array) is left out. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

const OWN_RESET = { resetLabel: 'Rate limit resets', resetDone: 'now: you can send again' };
const UPSTREAM_RESET = { resetLabel: 'The upstream asked to wait; you can send again', resetDone: 'now' };

/** The upstream's facts as the error holds them (a stored record's may be anything, so read loosely). */
function upstreamOf(error: ApiError): Partial<UpstreamFacts> | null {
  const up: unknown = error.upstream;
  return up !== null && typeof up === 'object' ? (up as Partial<UpstreamFacts>) : null;
}

/**
 * Whether the local service said the failure was its upstream's: by its header, read when the
 * response arrived and kept with the error, or by the code alone (an older stored record).
 */
function fromUpstream(error: ApiError): boolean {
  return isUpstreamErrorCode(error.code) || upstreamOf(error) !== null;
}

function factsOf(error: ApiError): ErrorFact[] {
  const facts: ErrorFact[] = [];
  const add = (label: string, value: unknown) => {
    const shown = text(value);
    if (shown !== null) facts.push({ label, value: shown });
  };
  add('Code', error.code);
  add('Type', error.type);
  add('HTTP status', error.status);
  add('Parameter', error.param);
  add('Request id', error.requestId);
  if (fromUpstream(error)) {
    const up = upstreamOf(error);
    facts.push({
      label: 'From',
      value: `the upstream server${up?.status != null ? ` (it answered HTTP ${text(up.status)})` : ''}, not the local service`,
    });
    add('Upstream request id', up?.requestId);
    if (typeof up?.limit === 'number' && typeof up.remaining === 'number') {
      add('Upstream rate limit', `${up.remaining} of ${up.limit} left`);
    }
  }
  return facts;
}

/**
 * When a rate limit resets, for a 429 only (a 404 sent with the limiter's headers has no wait to
 * show): only a time within a day of now (see `RESET_WITHIN_MS`), whatever was stored. An upstream's
 * 429 is waited out by the upstream's own word (its Retry-After, then its renamed reset header),
 * never by the local limiter's window, which the same response also carries.
 */
function resetTimeOf(error: ApiError, upstream: boolean): number | null {
  if (error.status !== 429) return null;
  const now = Date.now();
  const near = (value: unknown) =>
    typeof value === 'number' ? timeNear(value, now, Infinity, RESET_WITHIN_MS) : null;
  const retryAt = near(error.retryAt);
  if (upstream) return retryAt;
  return near((error.rateLimit as { resetAt?: unknown } | null | undefined)?.resetAt) ?? retryAt;
}

/** Total over any kind: a stored record may carry a kind no version of the playground made. */
function adviceFor(error: ApiError): { title: string; steps: string[] } {
  switch (error.kind as string) {
    case 'aborted':
      return {
        title: 'Request cancelled',
        steps: ['Nothing to fix: anything received before the stop is kept.'],
      };
    case 'timeout':
      return {
        title: 'No answer in time',
        steps: [
          'Try again: the model may be slow or the server busy.',
          'For long replies, turn streaming on so text arrives as it is written.',
        ],
      };
    case 'connection':
      return {
        title: 'Server unreachable',
        steps: [
          'Check the base URL in Settings and that the server is running at that address.',
          CORS_ADVICE,
        ],
      };
    case 'config':
      return { title: 'Connection settings are not valid', steps: ['Fix the base URL in Settings.'] };
    case 'stream':
      return {
        title: 'The reply broke off',
        steps: ['What arrived before the failure is kept; send again to get a whole reply.'],
      };
    case 'http':
      return adviceForStatus(
        typeof error.status === 'number' ? error.status : null,
        text(error.code),
        text(error.param),
      );
    default:
      return {
        title: 'Request failed',
        steps: ['Try again; if it keeps failing, the details above say what the server reported.'],
      };
  }
}

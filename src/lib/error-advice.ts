/**
 * Turns any error the playground meets into what the shared error panel shows: a title, the
 * server's message, the facts (code, type, status, param, request id) and what to do about it.
 * Pure: no React, no clock (a 429's reset time is returned for the panel to count down to).
 */
import { adviceForStatus, isApiError, parseRetryAfter, type ApiError } from './api';
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
      param: null,
    };
  }
  const { title, steps } = adviceFor(error);
  const ownHint = text(error.hint);
  const hint = ownHint && !steps.includes(ownHint) ? [ownHint] : [];
  return {
    title,
    message: text(error.message) ?? 'The request failed without saying why.',
    facts: factsOf(error),
    // The client's own hint goes last: ours are specific to the playground, its are generic.
    steps: [...steps, ...hint].filter((step, i, all) => all.indexOf(step) === i),
    resetAt: resetTimeOf(error),
    param: text(error.param),
  };
}

/** A field as text when it is text (or a number); anything else (an object, an array) is left out. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
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
  return facts;
}

/** When a rate limit resets: only a time within a day of now (see `RESET_WITHIN_MS`), whatever was stored. */
function resetTimeOf(error: ApiError): number | null {
  const now = Date.now();
  const stored: unknown = (error.rateLimit as { resetAt?: unknown } | null | undefined)?.resetAt;
  if (typeof stored === 'number') return timeNear(stored, now, Infinity, RESET_WITHIN_MS);
  const wait = error.headers ? parseRetryAfter(error.headers, now) : null;
  return wait === null ? null : timeNear(now + wait, now, 0, RESET_WITHIN_MS);
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

/**
 * Turns any error the playground meets into what the shared error panel shows: a title, the
 * server's message, the facts (code, type, status, param, request id) and what to do about it.
 * Pure: no React, no clock (a 429's reset time is returned for the panel to count down to).
 */
import { adviceForStatus, isApiError, type ApiError } from './api';

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

/** Builds the advice for any thrown value; never throws itself. */
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
  const hint = error.hint && !steps.includes(error.hint) ? [error.hint] : [];
  return {
    title,
    message: error.message,
    facts: factsOf(error),
    // The client's own hint goes last: ours are specific to the playground, its are generic.
    steps: [...steps, ...hint].filter((step, i, all) => all.indexOf(step) === i),
    resetAt: resetTimeOf(error),
    param: error.param,
  };
}

function factsOf(error: ApiError): ErrorFact[] {
  const facts: ErrorFact[] = [];
  if (error.code) facts.push({ label: 'Code', value: error.code });
  if (error.type) facts.push({ label: 'Type', value: error.type });
  if (error.status !== null) facts.push({ label: 'HTTP status', value: String(error.status) });
  if (error.param) facts.push({ label: 'Parameter', value: error.param });
  if (error.requestId) facts.push({ label: 'Request id', value: error.requestId });
  return facts;
}

function resetTimeOf(error: ApiError): number | null {
  const retryAfter = error.headers?.get('retry-after');
  if (error.rateLimit?.resetAt != null) return error.rateLimit.resetAt;
  if (retryAfter && /^\d+$/.test(retryAfter.trim())) return Date.now() + Number(retryAfter) * 1000;
  return null;
}

function adviceFor(error: ApiError): { title: string; steps: string[] } {
  switch (error.kind) {
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
      return adviceForStatus(error.status, error.code, error.param);
  }
}

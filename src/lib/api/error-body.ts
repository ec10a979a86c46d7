/**
 * Reads whatever a server put in an error response into the spec's error fields, tolerating empty,
 * HTML, truncated and non-spec JSON bodies (JSON through the protocol core's `errorFields`). Pure
 * functions, used by `ApiError.fromResponse`.
 */
import { isUpstreamErrorCode, type UpstreamErrorCode } from '../../protocol/upstream-errors';
import { errorFields } from '../../protocol/error-fields';

/** Reason phrases, because HTTP/2 responses carry no status text. */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "502 Bad Gateway", from the status text or, when the server sent none, the standard phrase. */
export function describeStatus(status: number, statusText: string): string {
  const reason = statusText.trim() || REASONS[status] || '';
  return reason ? `${status} ${reason}` : String(status);
}

export interface ParsedErrorBody {
  message: string | null;
  code: string | null;
  type: string | null;
  param: string | null;
  /** How the body looked: lets the caller word a message when the body said nothing usable. */
  shape: 'empty' | 'html' | 'json' | 'invalid-json' | 'text';
  /** The `<title>` of an HTML page, if any. */
  title: string | null;
}

function fromJson(json: unknown): Omit<ParsedErrorBody, 'shape' | 'title'> {
  const { message, code, type, param } = errorFields(json);
  return { message, code, type, param };
}

function htmlTitle(body: string): string | null {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body);
  const title = match?.[1]?.replace(/\s+/g, ' ').trim();
  return title ? title.slice(0, 200) : null;
}

/** Classifies and reads an error body; never throws. */
export function parseErrorBody(bodyText: string, contentType: string | null): ParsedErrorBody {
  const trimmed = bodyText.trim();
  const none = { message: null, code: null, type: null, param: null, title: null };
  if (trimmed === '') return { ...none, shape: 'empty' };
  const ct = (contentType ?? '').toLowerCase();
  if (ct.includes('html') || /^<(!doctype|html|head|body|\?xml)/i.test(trimmed)) {
    return { ...none, shape: 'html', title: htmlTitle(trimmed) };
  }
  if (trimmed.startsWith('{') || trimmed.startsWith('[') || ct.includes('json')) {
    try {
      return { ...fromJson(JSON.parse(trimmed)), shape: 'json', title: null };
    } catch {
      return { ...none, shape: 'invalid-json' };
    }
  }
  return { ...none, message: trimmed.slice(0, 500), shape: 'text' };
}

/** Cuts a body to a size worth keeping and showing; the marker says how much was dropped. */
export function truncateBody(body: string, max = 8192): string {
  return body.length <= max ? body : `${body.slice(0, max)}… [${body.length - max} more characters]`;
}

/** What a person can do about an error of this status or code (adviceForStatus's first step); null when nothing specific. */
export function hintFor(status: number | null, code: string | null): string | null {
  if (status === null && code === null) return null;
  return adviceForStatus(status, code, null).steps[0] ?? null;
}

/**
 * What a person can do about an HTTP error of this status and code: a title and steps, most likely
 * fix first. The one table of advice: the error panel shows it, and `ApiError.hint` is its first step.
 */
export function adviceForStatus(
  status: number | null,
  code: string | null,
  param: string | null,
): { title: string; steps: string[] } {
  if (isUpstreamErrorCode(code)) return UPSTREAM_ADVICE[code];
  if (status === 401 || code === 'invalid_api_key') {
    return {
      title: 'API key rejected',
      steps: [
        'Check the API key of this connection in Settings: it is sent as "Authorization: Bearer <key>".',
        'For the local service, use the key `npm start` printed (it fills itself in when the page is served by it).',
      ],
    };
  }
  if (status === 429 || code === 'rate_limit_exceeded' || code === 'insufficient_quota') {
    if (code === 'insufficient_quota') {
      return {
        title: 'Quota used up',
        steps: ['The account behind this key has no quota left; check its plan.'],
      };
    }
    return {
      title: 'Rate limit reached',
      steps: [
        'Wait until the reset time shown, then send again.',
        'Limits count per key and per endpoint, so other pages may still work.',
      ],
    };
  }
  if (code === 'model_not_found') {
    return { title: 'Model not found', steps: ['Pick a model this server lists on the Models page.'] };
  }
  if (code === 'context_length_exceeded') {
    return {
      title: 'Conversation too long',
      steps: [
        'Shorten or remove earlier messages, or lower max_tokens, so input plus output fits the context.',
      ],
    };
  }
  if (status === 404) {
    return {
      title: 'Not found',
      steps: [
        'Check the base URL: the server may expect it with or without /v1, or it may not offer this endpoint.',
      ],
    };
  }
  if (status === 400 || status === 422) {
    return {
      title: 'Request refused',
      steps: [
        param
          ? `Change the value of "${param}" and send again.`
          : 'Check the request parameters and send again.',
      ],
    };
  }
  if (status !== null && status >= 500) {
    const gateway = status === 502 || status === 503 || status === 504;
    return {
      title: gateway ? 'Gateway error' : 'Server error',
      steps: [
        'Try again in a moment.',
        gateway
          ? 'A proxy in front of the service could not get an answer from it; check that the service is up.'
          : 'If it keeps happening, the server logs say why (quote the request id).',
      ],
    };
  }
  return { title: `HTTP ${status ?? 'error'}`, steps: [] };
}

/**
 * Failures the local service attributes to the server it forwards to: the advice names that server
 * and the service's settings for it, never this connection's key, which the service accepted.
 */
const UPSTREAM_ADVICE: Record<UpstreamErrorCode, { title: string; steps: string[] }> = {
  upstream_auth_failed: {
    title: "The upstream refused the service's key",
    steps: [
      "Your key for this connection was accepted; the server the local service forwards to refused the service's own key.",
      'Set SVC_UPSTREAM_API_KEY to a key that server accepts where the service runs, and restart the service.',
    ],
  },
  upstream_rate_limited: {
    title: 'The upstream is rate limiting',
    steps: [
      'The server the local service forwards to is limiting requests, not the local service: wait the time it asked for, then send again.',
      "Its limits are its own (its plan or its settings); the local service's limit is shown apart in the header.",
    ],
  },
  upstream_server_error: {
    title: 'The upstream failed',
    steps: [
      'The server the local service forwards to answered with an error of its own: try again in a moment.',
      "If it keeps failing, that server's logs say why (quote the upstream request id when shown).",
    ],
  },
  upstream_unreachable: {
    title: 'Upstream unreachable',
    steps: [
      'The local service is running, but the server it forwards to did not answer: start that server, or check SVC_UPSTREAM_URL where the service runs.',
    ],
  },
  upstream_timeout: {
    title: 'The upstream did not answer in time',
    steps: [
      'The server the local service forwards to is slow or stuck: try again, or raise SVC_UPSTREAM_TIMEOUT_MS where the service runs.',
    ],
  },
  upstream_redirect: {
    title: 'The upstream redirected',
    steps: [
      'The server the local service forwards to answered with a redirect, which the service does not follow: set SVC_UPSTREAM_URL to the address it redirects to.',
    ],
  },
  upstream_oversized: {
    title: 'The upstream sent too much',
    steps: [
      'The server the local service forwards to sent a piece larger than the service reads (SVC_UPSTREAM_MAX_EVENT_BYTES): raise that limit where the service runs, or ask for less.',
    ],
  },
  upstream_no_timings: {
    title: 'The upstream gave no timings',
    steps: [
      'The server the local service forwards to transcribed the audio without timings, so no subtitles can be made: ask for json or text, or send a WAV file (its length gives one cue).',
    ],
  },
  upstream_bad_reply: {
    title: "The upstream's reply could not be read",
    steps: [
      'The server the local service forwards to sent something that is not a reply of this format (or cut it off): try again, and check that SVC_UPSTREAM_URL points at its API (often ending in /v1).',
    ],
  },
};

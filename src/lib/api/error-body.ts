/**
 * Reads whatever a server put in an error response into the spec's error fields, tolerating empty,
 * HTML, truncated and non-spec JSON bodies. Pure functions, used by `ApiError.fromResponse`.
 */

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

function asText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** Finds a human message in a JSON object of any of the shapes servers are seen to send. */
function messageOf(value: unknown): string | null {
  if (typeof value === 'string') return asText(value);
  if (Array.isArray(value)) {
    // FastAPI-style `detail: [{ msg, loc }]`.
    const parts = value.map((item) => messageOf(item)).filter((m): m is string => m !== null);
    return parts.length > 0 ? parts.join('; ') : null;
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return asText(record.message) ?? asText(record.msg) ?? messageOf(record.detail) ?? asText(record.error);
  }
  return null;
}

function fromJson(json: unknown): Omit<ParsedErrorBody, 'shape' | 'title'> {
  const none = { message: null, code: null, type: null, param: null };
  if (!json || typeof json !== 'object') return { ...none, message: asText(json) };
  const record = json as Record<string, unknown>;
  const inner = record.error;
  if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
    const error = inner as Record<string, unknown>;
    return {
      message: messageOf(error),
      code: asText(error.code),
      type: asText(error.type),
      param: asText(error.param),
    };
  }
  return {
    message: messageOf(record),
    code: asText(record.code),
    type: asText(record.type),
    param: asText(record.param),
  };
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

/** What a person can do about an error of this status or code; null when there is nothing specific. */
export function hintFor(status: number | null, code: string | null): string | null {
  if (code === 'invalid_api_key' || status === 401) {
    return 'Check the API key in the connection settings.';
  }
  if (code === 'insufficient_quota') return 'The account has run out of quota; check its plan or billing.';
  if (code === 'model_not_found') return 'Pick a model the server lists on its models page.';
  if (code === 'context_length_exceeded') {
    return 'Shorten the conversation or lower max_tokens so input plus output fits the context.';
  }
  if (status === 429 || code === 'rate_limit_exceeded') {
    return 'Wait until the rate-limit window resets, then try again.';
  }
  if (status === 400 || status === 422 || code === 'invalid_request_error') {
    return 'Correct the parameter the server names (or the request as a whole) and send it again.';
  }
  if (status === 404) return 'Check the base URL (with or without /v1) and the model id.';
  if (status === 403) return 'The key is valid but not allowed to do this; check its permissions.';
  if (status !== null && status >= 500) {
    return 'The server failed; try again shortly, and check its logs if it keeps happening.';
  }
  return null;
}

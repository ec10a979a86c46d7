/**
 * Reads an error a server sent (a response body or a stream event, already parsed) into the spec's
 * error fields, whatever shape the server chose: the spec's `{"error": {message, type, param, code}}`,
 * `{"error": "TypeError", "message": "…"}` (some Node servers), `{"message": …}`, FastAPI's
 * `{"detail": [{msg, loc}]}`, or a bare string. The one reader, for the client and the local service.
 */

export interface ErrorFields {
  message: string | null;
  code: string | null;
  type: string | null;
  param: string | null;
  /** A status the server put in the object itself (some put `status` or `code` as a number). */
  status: number | null;
}

function asText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** Finds a human message in a JSON value of any of the shapes servers are seen to send. */
function messageOf(value: unknown): string | null {
  if (typeof value === 'string') return asText(value);
  if (Array.isArray(value)) {
    // FastAPI-style `detail: [{ msg, loc }]`.
    const parts = value.map((item) => messageOf(item)).filter((m): m is string => m !== null);
    return parts.length > 0 ? parts.join('; ') : null;
  }
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const error = asText(record.error);
    const message = asText(record.message) ?? asText(record.msg) ?? messageOf(record.detail);
    // `{"error": "TypeError", "message": "x is undefined"}`: both halves say something.
    if (error && message) return message.startsWith(error) ? message : `${error}: ${message}`;
    return message ?? error;
  }
  return null;
}

export function errorFields(json: unknown): ErrorFields {
  const none: ErrorFields = { message: null, code: null, type: null, param: null, status: null };
  if (!json || typeof json !== 'object') return { ...none, message: asText(json) };
  const record = json as Record<string, unknown>;
  const inner = record.error;
  const fields =
    inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : null;
  const source = fields ?? record;
  return {
    message: messageOf(source),
    code: asText(source.code),
    type: asText(source.type),
    param: asText(source.param),
    status: typeof source.status === 'number' ? source.status : null,
  };
}

/**
 * Reading request bodies with a size limit, for JSON and for multipart/form-data. Oversized bodies
 * are refused before they are buffered (by Content-Length) or as soon as they cross the limit.
 */
import { ApiError, invalidParam } from './errors';
import { assertJsonDepth } from './json-depth';

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

function tooLarge(limit: number, what: string): ApiError {
  return new ApiError(
    413,
    'invalid_request_error',
    'request_too_large',
    `The request body is larger than the ${formatBytes(limit)} this service accepts for ${what}. Send less, or raise the limit with SVC_BODY_LIMITS.`,
  );
}

/** Reads the whole body, failing with 413 once more than `limit` bytes arrive. */
export async function readBodyBytes(
  request: Request,
  limit: number,
  what: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) throw tooLarge(limit, what);
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit, what);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Parses a JSON object body. Wrong content type, empty body, bad UTF-8, bad JSON and a JSON value that
 * is not an object all answer 400 with a message saying what to fix.
 */
export async function readJsonObject(
  request: Request,
  limit: number,
  what: string,
): Promise<Record<string, unknown>> {
  const type = mediaType(request);
  if (type !== 'application/json') {
    throw invalidParam(
      null,
      `Content-Type must be application/json for ${what}${type ? `, not ${type}` : ' (none was sent)'}.`,
    );
  }
  const bytes = await readBodyBytes(request, limit, what);
  if (bytes.byteLength === 0) throw invalidParam(null, 'The request body is empty: send a JSON object.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidParam(null, 'The request body is not valid UTF-8: send a JSON object encoded as UTF-8.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof SyntaxError ? ` (${error.message})` : '';
    throw invalidParam(
      null,
      `We could not parse the JSON body of your request${detail}. Send a valid JSON object.`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidParam(
      null,
      'The request body must be a JSON object, such as {"model": "svc-chat", "messages": [...]}.',
    );
  }
  assertJsonDepth(value);
  return value as Record<string, unknown>;
}

/** Parses a multipart/form-data body within `limit` bytes. */
export async function readMultipart(request: Request, limit: number, what: string): Promise<FormData> {
  const header = request.headers.get('content-type') ?? '';
  if (mediaType(request) !== 'multipart/form-data' || !/boundary=/i.test(header)) {
    throw invalidParam(
      null,
      `Content-Type must be multipart/form-data (with a boundary) for ${what}${mediaType(request) ? `, not ${mediaType(request)}` : ''}.`,
    );
  }
  const bytes = await readBodyBytes(request, limit, what);
  try {
    return await new Response(bytes, { headers: { 'content-type': header } }).formData();
  } catch {
    throw invalidParam(
      null,
      'The multipart/form-data body could not be parsed: check its boundary and parts.',
    );
  }
}

/**
 * Reading JSON and multipart/form-data request bodies, each malformed one answered with a 400 saying
 * what to fix. The size limit is not here: Hono's bodyLimit runs before the handler
 * (middleware/body-limit.ts). JSON is parsed here rather than with `c.req.json()`, so a syntax error
 * keeps JSON.parse's position and bad UTF-8 is told apart from bad JSON.
 */
import { invalidParam } from './errors';
import { assertJsonDepth } from './json-depth';

function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Parses a JSON object body. Wrong content type, empty body, bad UTF-8, bad JSON and a JSON value that
 * is not an object all answer 400 with a message saying what to fix.
 */
export async function readJsonObject(request: Request, what: string): Promise<Record<string, unknown>> {
  const type = mediaType(request);
  if (type !== 'application/json') {
    throw invalidParam(
      null,
      `Content-Type must be application/json for ${what}${type ? `, not ${type}` : ' (none was sent)'}.`,
    );
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
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

/** Parses a multipart/form-data body. */
export async function readMultipart(request: Request, what: string): Promise<FormData> {
  const header = request.headers.get('content-type') ?? '';
  if (mediaType(request) !== 'multipart/form-data' || !/boundary=/i.test(header)) {
    throw invalidParam(
      null,
      `Content-Type must be multipart/form-data (with a boundary) for ${what}${mediaType(request) ? `, not ${mediaType(request)}` : ''}.`,
    );
  }
  try {
    return await request.formData();
  } catch {
    throw invalidParam(
      null,
      'The multipart/form-data body could not be parsed: check its boundary and parts.',
    );
  }
}

/**
 * Reads an upstream's streamed body as JSON payloads, in either form the spec allows: server-sent
 * events (`data: <json>` lines, multi-line data joined, comments and other fields ignored, ended by
 * `data: [DONE]`) or bare JSON lines. Each payload is yielded as soon as its line is complete.
 */

/** Yields lines of a byte stream, split on \n, \r\n or \r, correct at any chunk boundary. */
export async function* readLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let match: RegExpExecArray | null;
      // A lone \r at the very end may be the first half of \r\n: wait for the next chunk.
      while ((match = /\r\n|\n|\r(?=[^\n])/.exec(buffer)) !== null) {
        yield buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
      }
    }
    buffer += decoder.decode();
    for (const line of buffer.split(/\r\n|\n|\r/)) if (line.length > 0) yield line;
  } finally {
    reader.releaseLock();
  }
}

export type StreamPayload = { kind: 'json'; value: unknown } | { kind: 'done' };

/** The accumulated lines as a payload, if they already form complete JSON (or [DONE]). */
function tryComplete(lines: readonly string[]): StreamPayload | undefined {
  const joined = lines.join('\n').trim();
  if (joined === '[DONE]') return { kind: 'done' };
  if (joined.length === 0) return undefined;
  try {
    return { kind: 'json', value: JSON.parse(joined) };
  } catch {
    return undefined;
  }
}

/**
 * Yields each JSON payload of the stream; stops at `[DONE]`. A payload is yielded as soon as the
 * lines gathered for it parse, so one-line events never wait for their blank line, and a whole
 * pretty-printed completion (a server that ignored `stream`) is read too.
 */
/** Yields each JSON payload; returns true when the stream ended with `[DONE]`, false when the body just ended. */
export async function* readPayloads(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown, boolean> {
  let gathered: string[] = [];
  for await (const line of readLines(body)) {
    let text: string;
    if (line.startsWith('data:')) text = line.slice(line.startsWith('data: ') ? 6 : 5);
    else if (line.trim() === '') {
      if (gathered.length > 0 && gathered.join('').trim() !== '') throw notJson(gathered);
      gathered = [];
      continue;
    } else if (gathered.length === 0 && (line.startsWith(':') || /^(event|id|retry):/.test(line))) continue;
    else text = line;
    gathered.push(text);
    const payload = tryComplete(gathered);
    if (!payload) continue;
    gathered = [];
    if (payload.kind === 'done') return true;
    yield payload.value;
  }
  if (gathered.join('').trim() !== '') throw notJson(gathered);
  return false;
}

function notJson(lines: readonly string[]): SyntaxError {
  return new SyntaxError(`The upstream sent stream data that is not JSON: ${lines.join('\n').slice(0, 120)}`);
}

/**
 * Reads an upstream's streamed body as JSON payloads, in either form the spec allows: server-sent
 * events (`data: <json>` lines, multi-line data joined, comments and other fields ignored, ended by
 * `data: [DONE]`) or bare JSON lines. Each payload is yielded as soon as its line is complete.
 *
 * An upstream is not trusted to be sane: every step is linear in what arrives (no line is scanned or
 * joined twice, a multi-line event is parsed once, when its brackets close), and an event is bounded
 * in bytes and in lines. One unterminated event over 10 MB of lines once made an earlier reader
 * re-join and re-parse everything on every line and held the event loop for 84 s.
 */

export interface EventLimits {
  /** Largest event (a line, or the lines of one multi-line event), in UTF-16 characters ≈ bytes. */
  maxEventBytes: number;
  /** Most lines of one multi-line event. */
  maxEventLines: number;
}

export const DEFAULT_EVENT_LIMITS: EventLimits = { maxEventBytes: 8 * 1024 * 1024, maxEventLines: 10_000 };

/** The upstream sent an event past a limit; the message says which and how to raise it. */
export class OversizedEventError extends Error {
  constructor(what: string) {
    super(what);
    this.name = 'OversizedEventError';
  }
}

function tooLarge(limits: EventLimits): OversizedEventError {
  return new OversizedEventError(
    `the upstream sent an event larger than ${limits.maxEventBytes} bytes (SVC_UPSTREAM_MAX_EVENT_BYTES)`,
  );
}

/**
 * Yields lines of a byte stream, split on \n, \r\n or \r, correct at any chunk boundary. Each
 * character is looked at once; a line longer than the event limit fails instead of growing.
 */
export async function* readLines(
  body: ReadableStream<Uint8Array>,
  limits: EventLimits = DEFAULT_EVENT_LIMITS,
): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let scanned = 0; // characters of `buffer` already known to hold no line end
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let start = 0;
      for (let i = scanned; i < buffer.length; i += 1) {
        const code = buffer.charCodeAt(i);
        if (code !== 10 && code !== 13) continue;
        // A lone \r at the very end may be the first half of \r\n: wait for the next chunk.
        if (code === 13 && i === buffer.length - 1) break;
        yield buffer.slice(start, i);
        if (code === 13 && buffer.charCodeAt(i + 1) === 10) i += 1;
        start = i + 1;
      }
      buffer = buffer.slice(start);
      scanned = buffer.endsWith('\r') ? buffer.length - 1 : buffer.length;
      if (buffer.length > limits.maxEventBytes) throw tooLarge(limits);
    }
    buffer += decoder.decode();
    for (const line of buffer.split(/\r\n|\n|\r/)) if (line.length > 0) yield line;
  } finally {
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

export type StreamPayload = { kind: 'json'; value: unknown } | { kind: 'done' };

/**
 * Tracks whether the text fed so far is one complete JSON value, by its brackets and strings, in
 * one pass over each line: so a multi-line event is parsed once, when it can be whole.
 */
class JsonExtent {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private started = false;

  /** Feeds one line; true when a value that began with a bracket has just closed. */
  feed(line: string): boolean {
    for (let i = 0; i < line.length; i += 1) {
      const c = line.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92) this.escaped = true;
        else if (c === 34) this.inString = false;
      } else if (c === 34) this.inString = true;
      else if (c === 123 || c === 91) {
        this.depth += 1;
        this.started = true;
      } else if (c === 125 || c === 93) this.depth -= 1;
    }
    return this.started && this.depth <= 0 && !this.inString;
  }

  /** True when the first text was no bracket (a bare string, number or [DONE]): parse it as it is. */
  get scalar(): boolean {
    return !this.started;
  }
}

/** Yields each JSON payload; returns true when the stream ended with `[DONE]`, false when the body just ended. */
export async function* readPayloads(
  body: ReadableStream<Uint8Array>,
  limits: EventLimits = DEFAULT_EVENT_LIMITS,
): AsyncGenerator<unknown, boolean> {
  let gathered: string[] = [];
  let size = 0;
  let extent = new JsonExtent();
  const reset = (): void => {
    gathered = [];
    size = 0;
    extent = new JsonExtent();
  };
  for await (const line of readLines(body, limits)) {
    let text: string;
    if (line.startsWith('data:')) text = line.slice(line.startsWith('data: ') ? 6 : 5);
    else if (line.trim() === '') {
      if (size > 0 && gathered.join('').trim() !== '') throw notJson(gathered);
      reset();
      continue;
    } else if (gathered.length === 0 && (line.startsWith(':') || /^(event|id|retry):/.test(line))) continue;
    else text = line;
    if (gathered.length === 0 && text.trim() === '[DONE]') return true;
    gathered.push(text);
    size += text.length + 1;
    if (size > limits.maxEventBytes) throw tooLarge(limits);
    if (gathered.length > limits.maxEventLines) {
      throw new OversizedEventError(
        `the upstream sent an event of more than ${limits.maxEventLines} lines without completing it`,
      );
    }
    const closed = extent.feed(text);
    if (!closed && !(extent.scalar && gathered.length === 1)) continue;
    if (extent.scalar && text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(gathered.length === 1 ? text : gathered.join('\n'));
    } catch {
      // A bracket inside something that is not JSON; it fails at its blank line or the stream's end.
      if (closed) throw notJson(gathered);
      continue;
    }
    reset();
    yield value;
  }
  if (gathered.join('').trim() !== '') throw notJson(gathered);
  return false;
}

function notJson(lines: readonly string[]): SyntaxError {
  return new SyntaxError(`The upstream sent stream data that is not JSON: ${lines.join('\n').slice(0, 120)}`);
}

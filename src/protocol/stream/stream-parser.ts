/**
 * The stream decoder for both forms the spec shows: Server-Sent Events (`data: <json>` lines, events
 * ended by a blank line, the stream by `data: [DONE]`) and bare JSON lines (one `{…}` object per line,
 * no prefix, no `[DONE]`). The form is recognised per line: a line that starts with `{` is a whole bare
 * JSON message (in SSE it would be a field named `{…`, which SSE ignores, so nothing valid is lost).
 *
 * Rules, as the SSE standard has them unless noted:
 * - Lines end at `\r\n`, `\n` or `\r`; a `\r\n` split across chunks counts once.
 * - Bytes are decoded as UTF-8 with a character split across chunks kept whole (`utf8-chunks.ts`, the
 *   same text as `TextDecoder`'s stream mode, faster); a leading BOM is dropped.
 * - `:` lines are comments (keep-alives) and are skipped; `retry:` and unknown fields are ignored.
 * - Several `data:` lines of one event are joined with `\n`; `event:` and `id:` are kept on the event
 *   they appear in (unlike a browser EventSource, `id` does not carry over to later events).
 * - Only data that is exactly `[DONE]` (or a bare line that is exactly `[DONE]`) ends the stream.
 * - End of input (our rule): the stream's end acts as a line end followed by a blank line, so a last
 *   line without a newline, and a last event without its blank line, are still delivered.
 *
 * - Limits (our rule): a line or an event past `StreamLimits` throws `OversizedEventError` as soon as
 *   it is known, never after buffering it whole.
 *
 * This file is the synchronous engine; `decode-stream.ts` reads a response body through it, and the
 * wire timeline feeds it recorded text.
 *
 * Speed: text is scanned with `indexOf`, with the next `\r` and `\n` positions cached so each character
 * is searched once; an unfinished line is kept as a list of pieces and joined once, so a 64 MiB event
 * costs linear time.
 */

import { DEFAULT_STREAM_LIMITS, OversizedEventError, type StreamLimits } from './stream-limits';
import { Utf8ChunkDecoder } from './utf8-chunks';

/** One event: its data (lines joined by `\n`), and its `event:` and `id:` fields if it had them. */
export interface StreamEvent {
  type: 'event';
  data: string;
  event: string | null;
  id: string | null;
}

/** The stream's explicit end (`data: [DONE]`); nothing is read after it. */
export interface StreamDone {
  type: 'done';
}

export type StreamMessage = StreamEvent | StreamDone;

const LF = 10;
const CR = 13;
const COLON = 58;
const SPACE = 32;
const OPEN_BRACE = 123;
const LOWER_D = 100;
const DONE = '[DONE]';

/** The synchronous engine of `decodeStream`: feed bytes, collect messages. */
export class StreamParser {
  /** True once `[DONE]` was seen; further input is ignored. */
  done = false;
  private readonly decoder = new Utf8ChunkDecoder();
  private readonly pending: string[] = [];
  private pendingLength = 0;
  private skipLF = false;
  private data: string[] = [];
  private dataLength = 0;

  constructor(private readonly limits: StreamLimits = DEFAULT_STREAM_LIMITS) {}
  private event: string | null = null;
  private id: string | null = null;

  /** Decodes one chunk of bytes and appends every message it completes to `out`. */
  push(bytes: Uint8Array, out: StreamMessage[]): void {
    if (!this.done) this.pushText(this.decoder.decode(bytes), out);
  }

  /** Ends the input: flushes the decoder, the last line and the last event (see the end rule above). */
  end(out: StreamMessage[]): void {
    if (this.done) return;
    this.pushText(this.decoder.flush(), out);
    if (this.pending.length > 0) {
      const line = this.takePending('');
      this.line(line, 0, line.length, out);
    }
    if (!this.done) this.dispatch(out);
  }

  /** Scans decoded text for line ends; exposed for callers that already hold text. */
  pushText(text: string, out: StreamMessage[]): void {
    const n = text.length;
    if (n === 0) return;
    let pos = 0;
    if (this.skipLF) {
      this.skipLF = false;
      if (text.charCodeAt(0) === LF) pos = 1;
    }
    let lf = text.indexOf('\n', pos);
    let cr = text.indexOf('\r', pos);
    while (pos < n) {
      if (lf !== -1 && lf < pos) lf = text.indexOf('\n', pos);
      if (cr !== -1 && cr < pos) cr = text.indexOf('\r', pos);
      if (lf === -1 && cr === -1) break;
      const end = lf === -1 || (cr !== -1 && cr < lf) ? cr : lf;
      if (this.pending.length > 0) {
        const line = this.takePending(text.slice(pos, end));
        this.line(line, 0, line.length, out);
      } else {
        // Read the line in place: no intermediate string for the common `data: …` line.
        this.line(text, pos, end, out);
      }
      if (this.done) return;
      if (text.charCodeAt(end) === CR) {
        if (end + 1 === n) {
          this.skipLF = true;
          return;
        }
        pos = text.charCodeAt(end + 1) === LF ? end + 2 : end + 1;
      } else {
        pos = end + 1;
      }
    }
    if (pos < n) {
      this.pendingLength += n - pos;
      this.checkSize(this.pendingLength);
      this.pending.push(pos === 0 ? text : text.slice(pos));
    }
  }

  /** The unfinished line plus `last`, as one string; the pieces are let go. */
  private takePending(last: string): string {
    this.checkSize(this.pendingLength + last.length);
    this.pending.push(last);
    const line = this.pending.join('');
    this.pending.length = 0;
    this.pendingLength = 0;
    return line;
  }

  private checkSize(length: number): void {
    if (length > this.limits.maxEventBytes) throw new OversizedEventError('bytes', this.limits.maxEventBytes);
  }

  private addData(value: string): void {
    this.dataLength += value.length + 1;
    this.checkSize(this.dataLength);
    if (this.data.length >= this.limits.maxEventLines)
      throw new OversizedEventError('lines', this.limits.maxEventLines);
    this.data.push(value);
  }

  /** Handles the line `text[start, end)`. */
  private line(text: string, start: number, end: number, out: StreamMessage[]): void {
    if (start === end) {
      this.dispatch(out);
      return;
    }
    this.checkSize(end - start);
    const first = text.charCodeAt(start);
    if (first === COLON) return;
    if (first === OPEN_BRACE) {
      this.dispatch(out);
      out.push({ type: 'event', data: text.slice(start, end), event: null, id: null });
      return;
    }
    if (first === LOWER_D && text.startsWith('data:', start)) {
      const value = text.charCodeAt(start + 5) === SPACE && start + 5 < end ? start + 6 : start + 5;
      this.addData(text.slice(value, end));
      return;
    }
    const line = text.slice(start, end);
    if (line === DONE) {
      this.done = true;
      out.push({ type: 'done' });
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let from = colon === -1 ? line.length : colon + 1;
    if (line.charCodeAt(from) === SPACE) from++;
    switch (field) {
      case 'data':
        this.addData(line.slice(from));
        break;
      case 'event':
        this.event = line.slice(from);
        break;
      case 'id': {
        const id = line.slice(from);
        if (!id.includes('\0')) this.id = id;
        break;
      }
      default:
        break;
    }
  }

  private dispatch(out: StreamMessage[]): void {
    const parts = this.data;
    if (parts.length === 0) {
      this.event = null;
      this.id = null;
      return;
    }
    const data = parts.length === 1 ? (parts[0] as string) : parts.join('\n');
    this.data = [];
    this.dataLength = 0;
    if (data === DONE) {
      this.done = true;
      out.push({ type: 'done' });
      return;
    }
    out.push({ type: 'event', data, event: this.event, id: this.id });
    this.event = null;
    this.id = null;
  }
}

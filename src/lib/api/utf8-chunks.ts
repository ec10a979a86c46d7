/**
 * UTF-8 decoding of a byte stream whose chunks may split a character. It gives the same text as
 * `TextDecoder` in stream mode, but decodes each chunk in one non-streaming call and carries an
 * unfinished character (at most 3 bytes) over by hand: Node's streaming decode is 5–15 times slower
 * than a whole decode (measured in bench/decoder.bench.ts's workload), and it dominated the decoder.
 */

/** Bytes in the sequence a lead byte starts; 1 for bytes that cannot start one (they decode to U+FFFD). */
function sequenceLength(lead: number): number {
  if (lead >= 0xf8) return 1;
  if (lead >= 0xf0) return 4;
  if (lead >= 0xe0) return 3;
  if (lead >= 0xc0) return 2;
  return 1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

export class Utf8ChunkDecoder {
  // ignoreBOM keeps a U+FEFF that happens to start a later chunk; the stream's own BOM is dropped below.
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private tail: Uint8Array | null = null;
  private started = false;

  /** The text of `bytes`, less any unfinished character at the end, which waits for the next chunk. */
  decode(bytes: Uint8Array): string {
    let text = '';
    let start = 0;
    if (this.tail) {
      const tail = this.tail;
      const need = sequenceLength(tail[0] ?? 0) - tail.length;
      let take = 0;
      while (take < need && take < bytes.length && ((bytes[take] ?? 0) & 0xc0) === 0x80) take++;
      if (take < need && take === bytes.length) {
        this.tail = concat(tail, bytes);
        return '';
      }
      text = this.decoder.decode(concat(tail, bytes.subarray(0, take)));
      this.tail = null;
      start = take;
    }
    let end = bytes.length;
    for (let i = end - 1; i >= start && i >= end - 3; i--) {
      const byte = bytes[i] ?? 0;
      if ((byte & 0xc0) === 0x80) continue;
      if (byte >= 0xc0 && end - i < sequenceLength(byte)) {
        this.tail = bytes.slice(i, end);
        end = i;
      }
      break;
    }
    if (end > start) text += this.decoder.decode(bytes.subarray(start, end));
    return this.strip(text);
  }

  /** Ends the stream: an unfinished character becomes U+FFFD, as TextDecoder does. */
  flush(): string {
    const tail = this.tail;
    this.tail = null;
    return tail ? this.strip(this.decoder.decode(tail)) : '';
  }

  private strip(text: string): string {
    if (this.started || text === '') return text;
    this.started = true;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }
}

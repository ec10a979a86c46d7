import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StreamParser, decodeStream, type StreamMessage } from '../../../src/protocol/stream/decode-stream';

export const FIXTURE_DIR = join(import.meta.dirname, '../../fixtures/streams');

/** Every recorded stream, by file name. */
export function loadFixtures(): { name: string; bytes: Uint8Array }[] {
  return readdirSync(FIXTURE_DIR)
    .filter((name) => name.endsWith('.sse') || name.endsWith('.jsonl'))
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(join(FIXTURE_DIR, name))) }));
}

/** A body that delivers exactly these chunks, in order. */
export function bodyOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

/** Cuts bytes at the given offsets (sorted, within bounds). */
export function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let start = 0;
  for (const cut of cuts) {
    parts.push(bytes.subarray(start, cut));
    start = cut;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

/** Decodes through the public async generator. */
export async function decodeAll(chunks: Uint8Array[]): Promise<StreamMessage[]> {
  const out: StreamMessage[] = [];
  for await (const message of decodeStream(bodyOf(chunks))) out.push(message);
  return out;
}

/** Decodes through the synchronous engine behind `decodeStream` (fast enough for every 2-cut). */
export function decodeSync(chunks: Uint8Array[]): StreamMessage[] {
  const parser = new StreamParser();
  const out: StreamMessage[] = [];
  for (const chunk of chunks) parser.push(chunk, out);
  parser.end(out);
  return out;
}

/** A compact, order-preserving fingerprint of messages, cheap to compare a million times. */
export function fingerprint(messages: StreamMessage[]): string {
  return messages
    .map((m) => (m.type === 'done' ? '<done>' : `${m.event ?? ''}\u0001${m.id ?? ''}\u0001${m.data}`))
    .join('\u0000');
}

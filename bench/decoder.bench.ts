/**
 * Stream-decoder throughput: ours against eventsource-parser, on the recorded SSE fixtures repeated to
 * ~32 MB, in the same run. Each candidate turns the same bytes (delivered as a ReadableStream of
 * chunks, as fetch delivers them) into the same events; the figure is the median MB/s of several rounds.
 * eventsource-parser is measured both ways its docs show: `EventSourceParserStream` behind a
 * `TextDecoderStream`, and `createParser` fed by a streaming `TextDecoder` (its faster path). A last
 * `decodeStream` hands out each event through an async iterator (a promise per event); `StreamParser`,
 * its synchronous engine, is also read with the same loop as `createParser`. A last
 * pair compares the parsers alone on already-decoded text, so the share of UTF-8 decoding is visible.
 * The input is measured as recorded and with non-ASCII escaped as `\uXXXX` (what servers that
 * escape their JSON send), because UTF-8 decoding speed differs between the two.
 * Speeds are MB per second of CPU time used by the process (the decode never waits on I/O), which
 * stays meaningful on a shared, busy machine where wall-clock time does not; wall-clock is shown too.
 * Run alone: `npx tsx bench/decoder.bench.ts`.
 */
import { bodyOf } from '../tests/unit/protocol/stream-helpers';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createParser } from 'eventsource-parser';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { decodeStream, StreamParser, type StreamMessage } from '../src/protocol/stream/decode-stream';

const FIXTURES = join(import.meta.dirname, '../tests/fixtures/streams');
const TARGET_BYTES = Number(process.env.BENCH_DECODER_MB ?? 32) * 1e6;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** The SSE fixtures, `[DONE]` removed so the repetition reads as one long stream. */
function buildInput(escapeNonAscii: boolean): { bytes: Uint8Array; files: number } {
  const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.sse'));
  let text = files
    .map((name) => readFileSync(join(FIXTURES, name), 'utf8').replace(/data: \[DONE\](\r\n|\r|\n){2}/g, ''))
    .join('');
  if (escapeNonAscii) {
    text = text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  }
  const unit = new TextEncoder().encode(text);
  const reps = Math.max(1, Math.round(TARGET_BYTES / unit.length));
  const bytes = new Uint8Array(unit.length * reps);
  for (let i = 0; i < reps; i++) bytes.set(unit, i * unit.length);
  return { bytes, files: files.length };
}

function chunked(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
}

type Candidate = (chunks: Uint8Array[], text: string) => Promise<number>;

const candidates: Record<string, Candidate> = {
  'ours: decodeStream': async (chunks) => {
    let events = 0;
    for await (const message of decodeStream(bodyOf(chunks))) if (message.type === 'event') events++;
    return events;
  },
  // The same reading loop as the createParser candidate below, so the two engines compare like for like.
  'ours: StreamParser.push (callback style)': async (chunks) => {
    const parser = new StreamParser();
    const out: StreamMessage[] = [];
    let events = 0;
    const reader = bodyOf(chunks).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      parser.push(r.value, out);
      for (const message of out) if (message.type === 'event') events++;
      out.length = 0;
    }
    parser.end(out);
    return events + out.length;
  },
  'eventsource-parser: createParser + TextDecoder': async (chunks) => {
    let events = 0;
    const parser = createParser({ onEvent: () => void events++ });
    const decoder = new TextDecoder();
    const reader = bodyOf(chunks).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      parser.feed(decoder.decode(r.value, { stream: true }));
    }
    parser.feed(decoder.decode());
    return events;
  },
  'eventsource-parser: EventSourceParserStream': async (chunks) => {
    let events = 0;
    const stream = bodyOf(chunks)
      .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
      .pipeThrough(new EventSourceParserStream());
    const reader = stream.getReader();
    while (!(await reader.read()).done) events++;
    return events;
  },
  'parse only, ours: StreamParser.pushText': async (_chunks, text) => {
    const parser = new StreamParser();
    const out: StreamMessage[] = [];
    let events = 0;
    for (let i = 0; i < text.length; i += 65_536) {
      parser.pushText(text.slice(i, i + 65_536), out);
      events += out.length;
      out.length = 0;
    }
    parser.end(out);
    return events + out.length;
  },
  'parse only, eventsource-parser: feed': async (_chunks, text) => {
    let events = 0;
    const parser = createParser({ onEvent: () => void events++ });
    for (let i = 0; i < text.length; i += 65_536) parser.feed(text.slice(i, i + 65_536));
    parser.reset({ consume: true });
    return events;
  },
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Runs one candidate and returns MB/s of CPU time and of wall-clock time. */
async function measure(run: Candidate, chunks: Uint8Array[], text: string, mb: number) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const events = await run(chunks, text);
  const wall = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  return { events, cpu: mb / ((used.user + used.system) / 1e6), wall: mb / wall };
}

async function runCase(label: string, bytes: Uint8Array, size: number, lines: string[]): Promise<void> {
  const text = new TextDecoder().decode(bytes);
  const mb = bytes.length / 1e6;
  const chunks = chunked(bytes, size);
  const names = Object.keys(candidates);
  const cpu = new Map<string, number[]>();
  const wall = new Map<string, number[]>();
  let expected: number | null = null;
  for (let round = 0; round <= ROUNDS; round++) {
    // Rotating the order keeps one candidate from always running on a cold or a hot heap.
    const order = names.slice(round % names.length).concat(names.slice(0, round % names.length));
    for (const name of order) {
      const result = await measure(candidates[name] as Candidate, chunks, text, mb);
      expected ??= result.events;
      if (result.events !== expected)
        throw new Error(`${name} saw ${result.events} events, expected ${expected}`);
      if (round === 0) continue; // warm-up
      cpu.set(name, [...(cpu.get(name) ?? []), result.cpu]);
      wall.set(name, [...(wall.get(name) ?? []), result.wall]);
    }
  }
  const sizeLabel = size >= 1024 ? `${size / 1024} KiB` : `${size} B`;
  lines.push(
    `${label}, ${mb.toFixed(1)} MB in ${sizeLabel} chunks, ${expected} events (MB/s of CPU time; wall-clock):`,
  );
  const width = Math.max(...names.map((n) => n.length));
  const figure = (name: string) => median(cpu.get(name) ?? []);
  for (const name of names) {
    const vs = (ours: string) => (figure(ours) / figure(name)).toFixed(2);
    const ratio = name.includes('ours')
      ? ''
      : name.startsWith('parse only')
        ? `   ours is ${vs('parse only, ours: StreamParser.pushText')}×`
        : `   decodeStream ${vs('ours: decodeStream')}×, StreamParser ${vs('ours: StreamParser.push (callback style)')}×`;
    const speed = `${figure(name).toFixed(0).padStart(5)} MB/s; ${median(wall.get(name) ?? [])
      .toFixed(0)
      .padStart(4)}`;
    lines.push(`  ${name.padEnd(width)}  ${speed}${ratio}`);
  }
}

/** Lines to print: per input and chunk size, MB/s per candidate and how ours compares. */
export async function runDecoderBench(): Promise<string[]> {
  const recorded = buildInput(false);
  const escaped = buildInput(true);
  const lines = [
    `${recorded.files} recorded SSE streams repeated to ~${TARGET_BYTES / 1e6} MB; median of ${ROUNDS} rounds after a warm-up.`,
    'Goal: ours ≥ 1.2× eventsource-parser end to end (bytes in, events out).',
  ];
  await runCase('as recorded', recorded.bytes, 65_536, lines);
  await runCase('as recorded', recorded.bytes, 1024, lines);
  await runCase('non-ASCII escaped', escaped.bytes, 65_536, lines);
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runDecoderBench()) console.log(line);
}

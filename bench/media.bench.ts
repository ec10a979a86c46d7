/**
 * Local media engines: vision time per image at low and high detail (OCR of a rendered text image),
 * and audio real-time factor (seconds of compute per second of speech), with peak memory of the
 * service process and of the recogniser child.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { createLocalAudioEngine, detectAudioEngine } from '../server/engines/audio-local';
import type { ChatEngine } from '../server/engines/engine';
import { closeOcrWorker, createLocalVisionEngine } from '../server/engines/vision-local';

const RUNS = Number(process.env.BENCH_MEDIA_RUNS ?? 3);
const SENTENCES = [
  'the quick brown fox jumps over the lazy dog',
  'we need three more chairs for the kitchen table',
  'the weather will be sunny and warm tomorrow',
  'turn left at the next traffic light',
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;

async function textImage(width: number, height: number): Promise<string> {
  const rows = [
    'Quarterly report: revenue up 12 percent',
    'Shipping delayed until the third of March',
    'Contact the office for details',
  ]
    .map(
      (line, i) =>
        `<text x="40" y="${110 + i * 110}" font-family="DejaVu Sans, sans-serif" font-size="64">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${rows}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function analyzeOnce(engine: ChatEngine, url: string, detail: 'low' | 'high'): Promise<number> {
  const started = performance.now();
  const request = {
    model: 'svc-vision',
    max_tokens: 2000,
    messages: [
      { role: 'user' as const, content: [{ type: 'image_url' as const, image_url: { url, detail } }] },
    ],
  };
  for await (const _event of engine.generate(request, { signal: new AbortController().signal })) {
    // drain
  }
  return performance.now() - started;
}

async function visionLines(): Promise<string[]> {
  const engine = createLocalVisionEngine();
  const url = await textImage(1600, 420);
  const lines: string[] = [];
  const first = await analyzeOnce(engine, url, 'high');
  lines.push(`vision: first request (starts the shared OCR worker) ${first.toFixed(0)} ms`);
  const times: Record<'low' | 'high', number[]> = { low: [], high: [] };
  for (let i = 0; i < RUNS; i += 1) {
    for (const detail of ['low', 'high'] as const) times[detail].push(await analyzeOnce(engine, url, detail));
  }
  const low = median(times.low);
  const high = median(times.high);
  lines.push(
    `vision: 1600×420 text image, median of ${RUNS}: low detail ${low.toFixed(0)} ms/image, high detail ${high.toFixed(0)} ms/image (high/low ${(high / low).toFixed(2)}×)`,
  );
  await closeOcrWorker();
  return lines;
}

/** Highest resident memory of a child, polled from /proc while it runs (Linux only). */
function watchPeak(pid: number, peaks: number[]): void {
  const read = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kib = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peaks.push(kib);
      setTimeout(read, 20).unref();
    } catch {
      // the child has ended
    }
  };
  read();
}

async function audioLines(): Promise<string[]> {
  const status = await detectAudioEngine();
  if (!status.available || !status.canConvert)
    return [`audio: skipped, missing Debian packages: ${status.missing.join(', ')}`];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-media-bench-'));
  try {
    const clips = SENTENCES.map((sentence, i) => {
      const file = path.join(dir, `s${i}.wav`);
      execFileSync('flite', ['-voice', 'awb', '-t', sentence, '-o', file]);
      return file;
    });
    const joined = path.join(dir, 'speech.wav');
    const flac = path.join(dir, 'speech.flac');
    const inputs = clips.flatMap((file) => ['-i', file]);
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      ...inputs,
      '-filter_complex',
      `concat=n=${clips.length}:v=0:a=1`,
      joined,
    ]);
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', joined, flac]);
    const childPeaks: number[] = [];
    const engine = createLocalAudioEngine({
      maxConcurrent: 1,
      onSpawn: (_command, pid) => watchPeak(pid, childPeaks),
    });
    const lines: string[] = [];
    for (const [label, file] of [
      ['16 kHz WAV', joined],
      ['FLAC via ffmpeg', flac],
    ] as const) {
      const bytes = new Uint8Array(await readFile(file));
      const rtfs: number[] = [];
      let seconds = 0;
      for (let i = 0; i < RUNS; i += 1) {
        const started = performance.now();
        const transcript = await engine.transcribe(
          { file: bytes, filename: path.basename(file), contentType: '', model: 'svc-audio' },
          { signal: new AbortController().signal },
        );
        seconds = transcript.duration ?? NaN;
        rtfs.push((performance.now() - started) / 1000 / seconds);
      }
      lines.push(
        `audio: ${label}, ${seconds.toFixed(1)} s of speech, median of ${RUNS}: real-time factor ${median(rtfs).toFixed(3)} (seconds of compute per second of audio)`,
      );
    }
    lines.push(`audio: recogniser child peak memory ${mib(Math.max(0, ...childPeaks))}`);
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the media benchmark and returns its lines of figures. */
export async function runMediaBench(): Promise<string[]> {
  const lines = [...(await visionLines()), ...(await audioLines())];
  lines.push(
    `peak memory of this process (vision OCR worker included): ${mib(process.resourceUsage().maxRSS)}`,
  );
  return lines;
}

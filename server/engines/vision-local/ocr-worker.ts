/**
 * One tesseract.js worker for the whole process, created on first use and reused: creating one
 * loads the English model (about a second), reading with it is the cheap part. The model comes from
 * the `@tesseract.js-data/eng` package in node_modules; nothing is downloaded at run time.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';

let worker: Promise<Worker> | null = null;
// The worker runs one job at a time; chaining here keeps our own bookkeeping in the same order.
let queue: Promise<unknown> = Promise.resolve();

/** The folder holding `eng.traineddata.gz`, inside the installed data package. */
export function englishDataPath(): string {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(packageJson), '4.0.0_best_int');
}

function sharedWorker(): Promise<Worker> {
  worker ??= createWorker('eng', 1, { langPath: englishDataPath(), gzip: true, cacheMethod: 'none' }).catch(
    (error: unknown) => {
      worker = null;
      throw new Error(
        `The OCR engine could not start (${error instanceof Error ? error.message : String(error)}); ` +
          'run `npm ci` so that tesseract.js and @tesseract.js-data/eng are installed.',
      );
    },
  );
  return worker;
}

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
}

/** Reads the text in a PNG with the shared worker. */
export function recognizeText(png: Buffer): Promise<OcrResult> {
  const job = queue.then(async () => {
    const result = await (await sharedWorker()).recognize(png);
    return { text: result.data.text.trim(), confidence: result.data.confidence };
  });
  queue = job.catch(() => undefined);
  return job;
}

/** Terminates the shared worker (tests and benchmarks call this so the process can exit). */
export async function closeOcrWorker(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await (await current.catch(() => null))?.terminate();
}

/**
 * The local engine behind `svc-vision`: sharp reads each image's facts, tesseract.js (English, from
 * node_modules) reads its text, and the answer is markdown in the chat-completion shape.
 */
import os from 'node:os';
import { countMessageTokensYielding, countTokens, decodeTokens, encodeTokens } from '../../tokens';
// The audio engine's queue serves here too: one bounded-concurrency rule for the heavy local work.
import { JobQueue, QueueFullError } from '../job-queue';
import {
  EngineError,
  type ChatEngine,
  type ChatEngineRequest,
  type EngineEvent,
  type GenerateOptions,
} from '../engine';
import { composeAnswer, type ImageReading } from './answer-markdown';
import { DEFAULT_MAX_PIXELS } from './image-facts';
import type { ImageSourceOptions } from './image-source';
import { readPromptFocus } from './prompt-focus';
import { readImages, type ReadImagesOptions } from './read-images';
import { readVisionWork, type VisionWork } from './vision-request';

export { closeOcrWorker } from './ocr-worker';
export { DEFAULT_MAX_PIXELS } from './image-facts';

/** Default cap on an image's size, fetched or in a data URL: 10 MiB. */
export const DEFAULT_MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Default time allowed to fetch one image, redirects included. */
export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;
/** The spec's default `max_tokens` for image analysis. */
export const DEFAULT_VISION_MAX_TOKENS = 300;

export interface LocalVisionOptions {
  /** Let http(s) image URLs reach loopback and private networks (metadata addresses stay blocked). Off by default. */
  allowPrivateHosts?: boolean;
  /** Time allowed to fetch one image, in ms (default 10 000). */
  fetchTimeoutMs?: number;
  /** Largest image accepted, in bytes (default 10 MiB). */
  maxImageBytes?: number;
  /**
   * Requests whose images are read at once (default: half the CPUs, at least 1); each reads its images
   * one after another, so this is also the OCR jobs at once. More requests wait, `maxQueued` at most
   * (default 8), then get 429 with `Retry-After`.
   */
  maxConcurrent?: number;
  maxQueued?: number;
  /** Total pixels of one request's images (default 50 000 000); more is a 400 naming the image. */
  maxPixels?: number;
  /** Exact private addresses allowed without allowing all (tests use 127.0.0.1). */
  allowedAddresses?: readonly string[];
}

/** Requests waiting for an OCR slot before new ones get 429, unless set. */
export const DEFAULT_MAX_QUEUED = 8;

/**
 * The prompt's first characters are all the engine looks at for its signals (quoted phrases, keywords):
 * a prompt may be megabytes long and still fit the context, and scanning all of it would cost time and
 * memory for nothing a reader would notice.
 */
const PROMPT_CHARS_READ = 8192;

function busy(failure: QueueFullError): EngineError {
  return new EngineError(
    429,
    {
      message: `The local image reader is busy (${failure.maxConcurrent} request(s) being read, ${failure.maxQueued} waiting); retry in a few seconds.`,
      type: 'rate_limit_error',
      param: null,
      code: 'rate_limit_exceeded',
    },
    { 'Retry-After': '5' },
  );
}

/** Cuts `text` to at most `maxTokens` tokens. */
function cutToTokens(text: string, maxTokens: number): { text: string; cut: boolean } {
  const ids = encodeTokens(text);
  if (ids.length <= maxTokens) return { text, cut: false };
  return { text: decodeTokens(ids.slice(0, maxTokens)), cut: true };
}

/** Creates the local vision engine. One OCR worker is shared by every engine in the process. */
export function createLocalVisionEngine(options: LocalVisionOptions = {}): ChatEngine {
  const source: ImageSourceOptions = {
    allowPrivateHosts: options.allowPrivateHosts ?? false,
    ...(options.allowedAddresses && { allowedAddresses: options.allowedAddresses }),
    maxBytes: options.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES,
    timeoutMs: options.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
  };
  const readOptions: ReadImagesOptions = { source, maxPixels: options.maxPixels ?? DEFAULT_MAX_PIXELS };
  // A slot covers a request's whole image work (fetch, decode, OCR), so the images held in memory at
  // once belong to at most `maxConcurrent` requests; waiting requests hold only their JSON body.
  const queue = new JobQueue(
    options.maxConcurrent ?? Math.max(1, Math.floor(os.availableParallelism() / 2)),
    options.maxQueued ?? DEFAULT_MAX_QUEUED,
  );

  async function readQueued(work: VisionWork, signal: AbortSignal): Promise<ImageReading[]> {
    try {
      return await queue.run(() => readImages(work.images, readOptions, signal), signal);
    } catch (failure) {
      if (failure instanceof QueueFullError) throw busy(failure);
      throw failure;
    }
  }

  return {
    describe: () =>
      'Local image reader: sharp reports each image’s format, size, orientation, transparency and dominant colours, and ' +
      'tesseract.js reads its English text. It does not recognise objects or scenes; set SVC_UPSTREAM_URL to use a real vision model.',
    async *generate(request: ChatEngineRequest, { signal }: GenerateOptions): AsyncIterable<EngineEvent> {
      const work = readVisionWork(request.messages);
      let readings: ImageReading[];
      try {
        readings = await readQueued(work, signal);
      } catch (failure) {
        // A client that went away gets nothing more, not an error.
        if (signal.aborted) return;
        throw failure;
      }
      const answer = composeAnswer(readPromptFocus(work.prompt.slice(0, PROMPT_CHARS_READ)), readings);
      const { text, cut } = cutToTokens(answer, request.max_tokens ?? DEFAULT_VISION_MAX_TOKENS);
      // Line by line, so a streaming client sees the answer arrive in readable pieces.
      for (const piece of text.match(/[^\n]*\n|[^\n]+$/g) ?? []) {
        if (signal.aborted) return;
        yield { type: 'text', text: piece };
      }
      // The prompt may be long (the route's context check allows up to the context): count it yielding.
      const prompt_tokens = await countMessageTokensYielding(request.messages);
      const completion_tokens = countTokens(text);
      yield {
        type: 'finish',
        finish_reason: cut ? 'length' : 'stop',
        usage: { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens },
      };
    },
  };
}

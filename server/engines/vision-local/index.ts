/**
 * The local engine behind `svc-vision`: sharp reads each image's facts, tesseract.js (English, from
 * node_modules) reads its text, and the answer is markdown in the chat-completion shape.
 */
import { countMessageTokens, countTokens, decodeTokens, encodeTokens } from '../../tokens';
import {
  EngineError,
  type ChatEngine,
  type ChatEngineRequest,
  type EngineEvent,
  type GenerateOptions,
} from '../engine';
import { composeAnswer, type ImageReading } from './answer-markdown';
import { prepareForOcr, readImageFacts } from './image-facts';
import { ImageSourceError, loadImage, type ImageSourceOptions } from './image-source';
import { recognizeText } from './ocr-worker';
import { readPromptFocus } from './prompt-focus';
import { readVisionWork, type RequestedImage } from './vision-request';

export { closeOcrWorker } from './ocr-worker';

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
  /** OCR jobs at once (default: half the CPUs, at least 1); more requests wait, `maxQueued` at most, then 429. */
  maxConcurrent?: number;
  maxQueued?: number;
  /** Total pixels of one request's images (default 50 000 000); more is a 400 naming the image. */
  maxPixels?: number;
  /** Exact private addresses allowed without allowing all (tests use 127.0.0.1). */
  allowedAddresses?: readonly string[];
}

function refusal(image: RequestedImage, reason: string): EngineError {
  return new EngineError(400, {
    message: `The image at ${image.param} was not used: ${reason}.`,
    type: 'invalid_request_error',
    param: image.param,
    code: 'invalid_request_error',
  });
}

async function readImage(
  image: RequestedImage,
  sourceOptions: ImageSourceOptions,
  signal: AbortSignal,
): Promise<ImageReading> {
  try {
    const loaded = await loadImage(image.url, sourceOptions, signal);
    signal.throwIfAborted();
    const facts = await readImageFacts(loaded.bytes);
    const prepared = await prepareForOcr(loaded.bytes, image.detail);
    signal.throwIfAborted();
    const ocr = await recognizeText(prepared.png);
    const source = loaded.source === 'data URL' ? loaded.source : `\`${loaded.source.replace(/`/g, '%60')}\``;
    return { source, detail: image.detail, facts, ocr, ocrWidth: prepared.width, ocrHeight: prepared.height };
  } catch (error) {
    if (error instanceof ImageSourceError) throw refusal(image, error.reason);
    throw error;
  }
}

/** Cuts `text` to at most `maxTokens` tokens. */
function cutToTokens(text: string, maxTokens: number): { text: string; cut: boolean } {
  const ids = encodeTokens(text);
  if (ids.length <= maxTokens) return { text, cut: false };
  return { text: decodeTokens(ids.slice(0, maxTokens)), cut: true };
}

/** Creates the local vision engine. One OCR worker is shared by every engine in the process. */
export function createLocalVisionEngine(options: LocalVisionOptions = {}): ChatEngine {
  const sourceOptions: ImageSourceOptions = {
    allowPrivateHosts: options.allowPrivateHosts ?? false,
    ...(options.allowedAddresses && { allowedAddresses: options.allowedAddresses }),
    maxBytes: options.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES,
    timeoutMs: options.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
  };
  return {
    describe: () =>
      'Local image reader: sharp reports each image’s format, size, orientation, transparency and dominant colours, and ' +
      'tesseract.js reads its English text. It does not recognise objects or scenes; set SVC_UPSTREAM_URL to use a real vision model.',
    async *generate(request: ChatEngineRequest, { signal }: GenerateOptions): AsyncIterable<EngineEvent> {
      const work = readVisionWork(request.messages);
      const readings: ImageReading[] = [];
      for (const image of work.images) {
        readings.push(await readImage(image, sourceOptions, signal));
        if (signal.aborted) return;
      }
      const answer = composeAnswer(readPromptFocus(work.prompt), readings);
      const { text, cut } = cutToTokens(answer, request.max_tokens ?? DEFAULT_VISION_MAX_TOKENS);
      // Line by line, so a streaming client sees the answer arrive in readable pieces.
      for (const piece of text.match(/[^\n]*\n|[^\n]+$/g) ?? []) {
        if (signal.aborted) return;
        yield { type: 'text', text: piece };
      }
      const prompt_tokens = countMessageTokens(request.messages);
      const completion_tokens = countTokens(text);
      yield {
        type: 'finish',
        finish_reason: cut ? 'length' : 'stop',
        usage: { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens },
      };
    },
  };
}

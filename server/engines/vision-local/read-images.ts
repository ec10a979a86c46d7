/**
 * Reads a request's images in two passes: first every image is loaded and its header read, so the
 * request's total pixels are checked before any decoding; then each is decoded, described and OCR'd
 * in turn. Failures are 400s naming the image's parameter.
 */
import { EngineError } from '../engine';
import type { ImageReading } from './answer-markdown';
import { prepareForOcr, readImageFacts } from './image-facts';
import { ImageSourceError, loadImage, type ImageSourceOptions } from './image-source';
import { recognizeText } from './ocr-worker';
import { overPixelBudget, readImageHeader, type ImageHeader } from './pixel-budget';
import type { RequestedImage } from './vision-request';

export interface ReadImagesOptions {
  source: ImageSourceOptions;
  /** Total pixels of the request's images (SVC_VISION_MAX_PIXELS). */
  maxPixels: number;
}

function refusal(image: RequestedImage, reason: string): EngineError {
  return new EngineError(400, {
    message: `The image at ${image.param} was not used: ${reason}.`,
    type: 'invalid_request_error',
    param: image.param,
    code: 'invalid_request_error',
  });
}

/** Runs `step` for `image`, turning an ImageSourceError into the 400 that names the image. */
async function forImage<T>(image: RequestedImage, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ImageSourceError) throw refusal(image, error.reason);
    throw error;
  }
}

interface LoadedImage {
  image: RequestedImage;
  bytes: Uint8Array;
  source: string;
}

async function decodeAndRead(
  { image, bytes, source }: LoadedImage,
  maxPixels: number,
  signal: AbortSignal,
): Promise<ImageReading> {
  const facts = await readImageFacts(bytes, maxPixels);
  const prepared = await prepareForOcr(bytes, image.detail, maxPixels);
  signal.throwIfAborted();
  const ocr = await recognizeText(prepared.png);
  const shown = source === 'data URL' ? source : `\`${source.replace(/`/g, '%60')}\``;
  return {
    source: shown,
    detail: image.detail,
    facts,
    ocr,
    ocrWidth: prepared.width,
    ocrHeight: prepared.height,
  };
}

/** Reads every image of a request; throws a 400 EngineError naming the image that failed. */
export async function readImages(
  images: readonly RequestedImage[],
  options: ReadImagesOptions,
  signal: AbortSignal,
): Promise<ImageReading[]> {
  const loaded: LoadedImage[] = [];
  const headers: ImageHeader[] = [];
  for (const image of images) {
    const { bytes, source } = await forImage(image, () => loadImage(image.url, options.source, signal));
    signal.throwIfAborted();
    headers.push(await forImage(image, () => readImageHeader(bytes)));
    // Checked as each header arrives, so the images after the one that crosses the limit are not even loaded.
    const over = overPixelBudget(headers, options.maxPixels);
    if (over) throw refusal(image, over.reason);
    loaded.push({ image, bytes, source });
  }
  const readings: ImageReading[] = [];
  for (const item of loaded) {
    readings.push(await forImage(item.image, () => decodeAndRead(item, options.maxPixels, signal)));
    signal.throwIfAborted();
  }
  return readings;
}

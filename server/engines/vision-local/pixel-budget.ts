/**
 * The first look at a request's images: their headers only. A PNG of 7000 × 7000 blank pixels is
 * 160 KB, yet decodes to 147 MB and takes seconds to read; three requests of eight such images once
 * took 47 s and 1.1 GB. So the request's total pixels are added up from the headers, and checked
 * against the limit, before a single pixel is decoded.
 */
import sharp, { type Metadata } from 'sharp';
import { unreadable } from './image-facts';
import { ImageSourceError } from './image-source';

export interface ImageHeader {
  format: string;
  width: number;
  height: number;
}

/** Reads an image's format and size from its header; throws ImageSourceError (SVG is refused here). */
export async function readImageHeader(bytes: Uint8Array): Promise<ImageHeader> {
  let meta: Metadata;
  try {
    // No pixel limit here: metadata() decodes nothing, and the limit is checked on its answer instead.
    meta = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch (error) {
    throw unreadable(error, Number.POSITIVE_INFINITY);
  }
  // An SVG's size is whatever its text says, and rendering it is work of any size: refuse it first.
  if (meta.format === 'svg')
    throw new ImageSourceError('SVG images are not accepted; send PNG, JPEG, GIF, WebP or TIFF');
  return { format: meta.format ?? 'unknown', width: meta.width ?? 0, height: meta.height ?? 0 };
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Finds the first image whose pixels take the request's running total past `maxPixels`, and says
 * why, or returns null when all of them fit.
 */
export function overPixelBudget(
  headers: readonly ImageHeader[],
  maxPixels: number,
): { index: number; reason: string } | null {
  let total = 0;
  for (const [index, header] of headers.entries()) {
    const pixels = header.width * header.height;
    total += pixels;
    if (total <= maxPixels) continue;
    const size = `${count(header.width)} × ${count(header.height)} = ${count(pixels)} pixels`;
    const sum =
      total === pixels
        ? `it has ${size}`
        : `it has ${size}, which brings the request's images to ${count(total)} pixels`;
    return {
      index,
      reason:
        `${sum}, more than the limit of ${count(maxPixels)} pixels per request (SVC_VISION_MAX_PIXELS); ` +
        'send fewer or smaller images',
    };
  }
  return null;
}

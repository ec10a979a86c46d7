/**
 * What sharp can say for certain about an image, and the copy of it that OCR reads.
 */
import sharp, { type Sharp } from 'sharp';
import type { VisionDetail } from '../../../src/protocol/wire';
import { dominantColours, type DominantColour } from './dominant-colours';
import { ImageSourceError } from './image-source';

/**
 * Default total pixels of one request's images (SVC_VISION_MAX_PIXELS), about 7000×7000. The request's
 * total is checked on the headers first (pixel-budget.ts); the same number is also sharp's
 * `limitInputPixels` here, so that no single image can decode past it whatever its header said.
 */
export const DEFAULT_MAX_PIXELS = 50_000_000;

/** Longest side OCR reads for each detail level; `high` reads at full resolution. */
export const OCR_LONG_SIDE: Record<VisionDetail, number | null> = { low: 512, auto: 2048, high: null };

export interface ImageFacts {
  format: string;
  width: number;
  height: number;
  /** EXIF orientation 1–8, when the image carries one. */
  orientation?: number;
  hasAlphaChannel: boolean;
  /** True when some pixel is not fully opaque. */
  hasTransparency: boolean;
  colours: DominantColour[];
  bytes: number;
}

function open(bytes: Uint8Array, maxPixels: number): Sharp {
  return sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' });
}

/** The ImageSourceError for whatever sharp threw while reading `bytes`. */
export function unreadable(error: unknown, maxPixels: number): ImageSourceError {
  const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
  if (/pixel limit/i.test(detail ?? '')) {
    return new ImageSourceError(
      `the image has more than ${maxPixels.toLocaleString('en-US')} pixels (SVC_VISION_MAX_PIXELS); send a smaller one`,
    );
  }
  return new ImageSourceError(`the bytes could not be read as an image (${detail})`);
}

/**
 * Reads format, size, orientation, transparency and dominant colours; throws ImageSourceError. SVG is
 * refused earlier, at its header (pixel-budget.ts); the check here is for callers that come straight here.
 */
export async function readImageFacts(bytes: Uint8Array, maxPixels = DEFAULT_MAX_PIXELS): Promise<ImageFacts> {
  try {
    const image = open(bytes, maxPixels);
    const meta = await image.metadata();
    if (meta.format === 'svg')
      throw new ImageSourceError('SVG images are not accepted; send PNG, JPEG, GIF, WebP or TIFF');
    const stats = await image.stats();
    return {
      format: meta.format ?? 'unknown',
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      ...(meta.orientation !== undefined && { orientation: meta.orientation }),
      hasAlphaChannel: meta.hasAlpha === true,
      hasTransparency: !stats.isOpaque,
      colours: await dominantColours(image),
      bytes: bytes.length,
    };
  } catch (error) {
    throw error instanceof ImageSourceError ? error : unreadable(error, maxPixels);
  }
}

/**
 * The image OCR reads: turned upright, flattened on white (text on transparency reads as black on
 * black otherwise), grey, and shrunk for `low` and `auto` detail.
 */
export async function prepareForOcr(
  bytes: Uint8Array,
  detail: VisionDetail,
  maxPixels = DEFAULT_MAX_PIXELS,
): Promise<{ png: Buffer; width: number; height: number }> {
  try {
    let image = open(bytes, maxPixels).rotate().flatten({ background: '#ffffff' }).greyscale();
    const longSide = OCR_LONG_SIDE[detail];
    if (longSide !== null)
      image = image.resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true });
    const { data, info } = await image.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (error) {
    throw unreadable(error, maxPixels);
  }
}

/**
 * Gets the bytes of an image named by a client: `data:` URLs are decoded in process; `http(s)` URLs
 * go through the SSRF-safe fetcher. Every failure is an ImageSourceError with a reason to show.
 */
import { mediaType, refuseImageContentType } from '../../net/image-content-type';
import { safeFetch, UrlFetchError, type SafeFetchOptions } from '../../net/safe-fetch';

/** Why an image could not be had; `reason` is written for the client. */
export class ImageSourceError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ImageSourceError';
  }
}

export interface LoadedImage {
  bytes: Uint8Array;
  /** Where it came from, for the answer: "data URL" or the fetched URL. */
  source: string;
}

export type ImageSourceOptions = Omit<SafeFetchOptions, 'signal' | 'checkContentType'>;

function decodeDataUrl(url: string, maxBytes: number): Uint8Array {
  const comma = url.indexOf(',');
  if (comma < 0) throw new ImageSourceError('the data URL has no comma before its data');
  const header = url.slice(5, comma);
  const isBase64 = /;base64$/i.test(header);
  const type = mediaType(isBase64 ? header.slice(0, -7) : header);
  const refusal = refuseImageContentType(type);
  if (refusal) throw new ImageSourceError(`the data URL ${refusal.replace(/^the server sent/, 'has')}`);
  const data = url.slice(comma + 1);
  // Base64 grows 4/3; checking before decoding keeps a huge string from being decoded at all.
  if ((isBase64 ? Math.floor((data.length * 3) / 4) : data.length) > maxBytes * 1.01 + 4) {
    throw new ImageSourceError(`the image is larger than the limit of ${maxBytes} bytes`);
  }
  let bytes: Buffer;
  if (isBase64) {
    if (!/^[A-Za-z0-9+/_\-\s]*=*\s*$/.test(data))
      throw new ImageSourceError('the data URL is not valid base64');
    bytes = Buffer.from(data, 'base64');
  } else {
    try {
      bytes = Buffer.from(decodeURIComponent(data), 'latin1');
    } catch {
      throw new ImageSourceError('the data URL has invalid percent-encoding');
    }
  }
  if (bytes.length === 0) throw new ImageSourceError('the data URL holds no bytes');
  if (bytes.length > maxBytes)
    throw new ImageSourceError(`the image is larger than the limit of ${maxBytes} bytes`);
  return new Uint8Array(bytes);
}

/** Loads the image at `url`; throws ImageSourceError for a refusal or failure, or the abort reason. */
export async function loadImage(
  url: string,
  options: ImageSourceOptions,
  signal: AbortSignal,
): Promise<LoadedImage> {
  if (/^data:/i.test(url)) return { bytes: decodeDataUrl(url, options.maxBytes), source: 'data URL' };
  if (!/^https?:/i.test(url)) {
    throw new ImageSourceError(
      'the URL must be an http(s) URL or a data: URL holding a PNG, JPEG, GIF, WebP or TIFF image',
    );
  }
  try {
    const fetched = await safeFetch(url, { ...options, signal, checkContentType: refuseImageContentType });
    return { bytes: fetched.bytes, source: fetched.url };
  } catch (error) {
    if (error instanceof UrlFetchError) throw new ImageSourceError(error.reason);
    throw error;
  }
}

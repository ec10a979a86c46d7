/** One image of the request: a URL typed by the person, or a local file read as a `data:` URL. */
export interface ImageEntry {
  /** Stable key for React and for removing the entry. */
  key: string;
  url: string;
  /** Present when the image came from a local file. */
  file?: { name: string; size: number; type: string };
}

let counter = 0;

/** A new entry with a fresh key. */
export function newImageEntry(url = '', file?: ImageEntry['file']): ImageEntry {
  counter += 1;
  return { key: `image-${counter}`, url, ...(file ? { file } : {}) };
}

/**
 * Above this a file still goes, but with a warning: as base64 it grows by a third, and servers
 * commonly refuse image bodies of around 20 MB (the local service's limit is 25 MiB per request).
 */
export const LARGE_IMAGE_BYTES = 4 * 1024 * 1024;

/** The size a file takes in the request once base64-encoded into a `data:` URL. */
export function dataUrlSize(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

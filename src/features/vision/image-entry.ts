import { formatBytes } from '../../lib/format-bytes';
import { newDraftId } from '../../lib/page-drafts/draft-id';
import { MAX_KEPT_IMAGE_BYTES } from '../../lib/page-drafts/page-draft-types';

/** One image of the request: a URL typed by the person, or a local file read as a `data:` URL. */
export interface ImageEntry {
  /** Stable key for React, for removing the entry, and for its file's data kept across a reload. */
  key: string;
  url: string;
  /** Present when the image came from a local file. */
  file?: { name: string; size: number; type: string };
}

/** A new entry with a fresh key (unique across reloads, so a kept entry never shares one). */
export function newImageEntry(url = '', file?: ImageEntry['file']): ImageEntry {
  return { key: `image-${newDraftId()}`, url, ...(file ? { file } : {}) };
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

/** A local image too big to keep across a reload (it is sent as long as the page stays open). */
export function tooBigToKeep(file: ImageEntry['file']): boolean {
  return file !== undefined && file.size > MAX_KEPT_IMAGE_BYTES;
}

export const NOT_KEPT_NOTE = `Not kept if you reload or leave the page: local files over ${formatBytes(MAX_KEPT_IMAGE_BYTES)} are not stored in this browser.`;

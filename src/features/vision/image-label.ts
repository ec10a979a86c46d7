import { formatBytes } from '../../lib/format-bytes';
import type { ImageEntry } from './image-entry';

const MAX_URL = 60;

/**
 * An image's URL short enough for one line of a message: a file by its name, a `data:` URL by its
 * type and size (its base64 says nothing to a person), a long URL cut in the middle so its host and
 * file name both stay.
 */
export function shortImageName(entry: Pick<ImageEntry, 'url' | 'file'>): string {
  if (entry.file) return entry.file.name;
  const url = entry.url.trim();
  const data = /^data:([^,;]*)[^,]*,/i.exec(url);
  if (data) return `data:${data[1] || 'text/plain'} URL, ${formatBytes(url.length - data[0].length)}`;
  if (url.length <= MAX_URL) return url;
  const tail = 20;
  return `${url.slice(0, MAX_URL - tail - 1)}…${url.slice(-tail)}`;
}

/** The one wording of a problem with an image: "Image 2: https://… — what is wrong and what to do". */
export function imageLine(position: number, entry: Pick<ImageEntry, 'url' | 'file'>, text: string): string {
  return `Image ${position}: ${shortImageName(entry)} — ${text}`;
}

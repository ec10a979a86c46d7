import type { ImageEntry } from './image-entry';
import { blockingProblems, imageProblems, type ImageProblem } from './image-problems';
import { imageRefusal, type ImageRefusal, type SentImage } from './image-refusal';

/** What an entry shows: an `error` marks it invalid, a `warning` only says so. */
export interface RowProblem {
  text: string;
  kind: 'error' | 'warning';
}

export interface ImageCheckInput {
  images: readonly ImageEntry[];
  /** The entries as they were when typing last paused: one typed since is not judged yet. Null judges all. */
  settled: readonly ImageEntry[] | null;
  /** The person says the service fetches private addresses. */
  privateAllowed: boolean;
  /** The last request's error, if it failed, and what it was built from. */
  error: unknown;
  sent: SentRequest | null;
}

/** What a request was built from: enough to tell which image its `messages[0].content[j]` was. */
export interface SentRequest {
  /** For each content part, the index in `images` of the image it carried (contentImages). */
  parts: readonly (number | null)[];
  images: readonly ImageEntry[];
}

function sentImages({ parts, images }: SentRequest): (SentImage | null)[] {
  return parts.map((i) => {
    const entry = i === null ? undefined : images[i];
    return entry ? { key: entry.key, position: i! + 1, entry } : null;
  });
}

export interface ImageCheck {
  /** Every problem found, in page order. */
  shown: ImageProblem[];
  /** Those that keep the request from going. */
  blocking: ImageProblem[];
  /** By entry key: what each entry shows. */
  rows: Map<string, RowProblem>;
  /** The image the last error names, if it names one. */
  refusal: ImageRefusal | null;
}

/** The whole state of the page's images before and after a request, in one pass. */
export function checkImages({ images, settled, privateAllowed, error, sent }: ImageCheckInput): ImageCheck {
  const settledUrls = settled && new Map(settled.map((entry) => [entry.key, entry.url]));
  const shown = imageProblems(images).filter(
    (problem) => !settledUrls || settledUrls.get(problem.key) === problem.entry.url,
  );
  const blocking = blockingProblems(shown, privateAllowed);
  const refusal = error === null || sent === null ? null : imageRefusal(error, sentImages(sent));
  const rows = new Map<string, RowProblem>();
  for (const problem of shown)
    rows.set(problem.key, { text: problem.text, kind: blocking.includes(problem) ? 'error' : 'warning' });
  // The service's word outranks a guess, but only on the image as it was sent: an edit retires it.
  const current = images.find((image) => image.key === refusal?.key);
  if (refusal && current?.url === refusal.entry.url)
    rows.set(refusal.key, { text: refusal.text, kind: 'error' });
  return { shown, blocking, rows, refusal };
}

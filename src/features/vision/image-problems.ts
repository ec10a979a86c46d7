import { describeImageUrlFault, imageUrlFault } from '../../protocol/image-url';
import type { ImageEntry } from './image-entry';
import { refuseImageHost } from './image-host';
import { imageLine } from './image-label';

/** What is wrong with one image before it is sent, and what to do about it. */
export interface ImageProblem {
  key: string;
  /** Its number on the page ("Image 2"), counting every entry. */
  position: number;
  entry: Pick<ImageEntry, 'url' | 'file'>;
  text: string;
  /** "Image 2: https://… — text", for the summary (shorter for a private host: the summary says why once). */
  line: string;
  /** Refused only because the host is loopback or private: a service told to fetch those takes it. */
  private: boolean;
}

const INSTEAD = 'save the image and choose it as a file, or use a public https:// URL';

type Found = Pick<ImageProblem, 'text' | 'private'> & { short?: string };

function problemText(entry: ImageEntry): Found | null {
  const url = entry.url.trim();
  const fault = imageUrlFault(url);
  if (fault && entry.file) {
    const type = entry.file.type || 'unknown';
    return {
      text: `its type is "${type}", not an image: choose a PNG, JPEG, GIF or WebP file.`,
      private: false,
    };
  }
  if (fault)
    return {
      text: `it ${describeImageUrlFault(fault)}: type an https:// URL, or choose a file.`,
      private: false,
    };
  // The service reads pixels only: an SVG is a document that can load more (server/net/image-content-type).
  if (/^data:image\/svg\+xml[;,]/i.test(url))
    return {
      text: 'it is an SVG image, which the service does not read: send a PNG, JPEG, GIF or WebP.',
      private: false,
    };
  if (/^data:/i.test(url)) return null;
  const refusal = refuseImageHost(new URL(url));
  if (!refusal) return null;
  const host = new URL(url).host;
  if (!refusal.private)
    return {
      text: `${host} is ${refusal.reason}; the service never fetches it: ${INSTEAD}.`,
      private: false,
    };
  return {
    text:
      `${host} is ${refusal.reason}. This browser may show it, but the service does not fetch loopback or ` +
      `private addresses (the local service does when started with SVC_VISION_ALLOW_PRIVATE_HOSTS=1): ${INSTEAD}.`,
    short: `${host} is ${refusal.reason}`,
    private: true,
  };
}

/** Every problem of the page's images at once, in page order; blank entries are left out as the request leaves them. */
export function imageProblems(entries: readonly ImageEntry[]): ImageProblem[] {
  return entries.flatMap((entry, i) => {
    if (entry.url.trim() === '') return [];
    const found = problemText(entry);
    if (!found) return [];
    const { short, ...problem } = found;
    return [
      {
        key: entry.key,
        position: i + 1,
        entry,
        line: imageLine(i + 1, entry, short ?? found.text),
        ...problem,
      },
    ];
  });
}

/** The problems that stop the request: all of them, less the private hosts when the person says the service takes them. */
export function blockingProblems(problems: readonly ImageProblem[], privateAllowed: boolean): ImageProblem[] {
  return problems.filter((problem) => !(problem.private && privateAllowed));
}

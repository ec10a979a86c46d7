import { useEffect, useState } from 'react';

export type PreviewStatus = 'empty' | 'invalid' | 'loading' | 'loaded' | 'failed';

/** Whether the text is a URL an image can be fetched from: http(s) or a `data:` URL. */
export function previewableUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'data:';
  } catch {
    return false;
  }
}

/**
 * What the preview status means for the person, or null when there is nothing to say. A URL that is
 * no URL at all is the image checks' to name (image-problems), with what the service accepts.
 */
export function previewMessage(status: PreviewStatus): string | null {
  switch (status) {
    case 'failed':
      return 'The browser could not load this as an image (unreachable, not an image, or blocked by its site). The server fetches it itself, so you can still send it.';
    default:
      return null;
  }
}

export interface ImagePreviewProps {
  url: string;
  label: string;
  /** Called when the browser has loaded (ok) or failed to load (not ok) `url` as an image. */
  onResult: (url: string, ok: boolean) => void;
}

// Typing a URL would start a fetch per keystroke; wait until the typing pauses.
const SETTLE_MS = 300;

/** The status of a row's URL, given the last load result the preview reported. */
export function previewStatus(url: string, last: { url: string; ok: boolean } | null): PreviewStatus {
  const trimmed = url.trim();
  if (trimmed === '') return 'empty';
  if (!previewableUrl(trimmed)) return 'invalid';
  if (last?.url !== trimmed) return 'loading';
  return last.ok ? 'loaded' : 'failed';
}

/** A thumbnail of one image URL, loaded by the browser to flag unreachable or non-image URLs early. */
export function ImagePreview({ url, label, onResult }: ImagePreviewProps) {
  const [settled, setSettled] = useState(url);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(url), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [url]);
  // A data: URL costs no fetch, so it is shown at once.
  const shown = (url.startsWith('data:') ? url : settled).trim();

  return (
    <div className="flex h-20 w-20 shrink-0 items-center justify-center overflow-hidden rounded border border-zinc-300 bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-800">
      {previewableUrl(shown) ? (
        <img
          key={shown}
          src={shown}
          alt={`Preview of ${label}`}
          className="max-h-full max-w-full object-contain"
          onLoad={() => onResult(shown, true)}
          onError={() => onResult(shown, false)}
        />
      ) : (
        <span className="px-1 text-center text-[10px] text-zinc-500 dark:text-zinc-400">no preview</span>
      )}
    </div>
  );
}

import { useCallback, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, INPUT_CLASS } from '../../../components/ui/field';
import { formatBytes } from '../../../lib/format-bytes';
import type { RowProblem } from '../check-images';
import { dataUrlSize, LARGE_IMAGE_BYTES, NOT_KEPT_NOTE, tooBigToKeep, type ImageEntry } from '../image-entry';
import { ImagePreview, previewMessage, previewStatus } from './image-preview';

export interface ImageRowProps {
  entry: ImageEntry;
  position: number;
  /** A problem found before sending, or the service's refusal of this image. */
  problem: RowProblem | null;
  onChange: (url: string) => void;
  onRemove: () => void;
}

/** Warnings about a local file: too large to send well, or to keep. (Not an image is a problem: image-problems.) */
function fileWarnings(file: NonNullable<ImageEntry['file']>): string[] {
  const warnings: string[] = [];
  if (file.size > LARGE_IMAGE_BYTES)
    warnings.push(
      `Large file: ${formatBytes(file.size)} becomes ${formatBytes(dataUrlSize(file.size))} as a data: URL. ` +
        'Servers often refuse request bodies of about 20 MB, and large images are slow; consider resizing it.',
    );
  if (tooBigToKeep(file)) warnings.push(NOT_KEPT_NOTE);
  return warnings;
}

/** One image of the request: its URL (or file facts), a live preview, what is wrong with it, remove. */
export function ImageRow({ entry, position, problem, onChange, onRemove }: ImageRowProps) {
  const fileErrorId = useId();
  const [lastLoad, setLastLoad] = useState<{ url: string; ok: boolean } | null>(null);
  const onResult = useCallback((url: string, ok: boolean) => setLastLoad({ url, ok }), []);
  const status = previewStatus(entry.url, lastLoad);
  const label = `Image ${position}`;
  const warnings = entry.file ? fileWarnings(entry.file) : [];
  const error = problem?.kind === 'error' ? problem.text : null;
  const message =
    status === 'loaded' && error
      ? 'This browser loads it, but the service will refuse it.'
      : previewMessage(status);
  if (problem?.kind === 'warning') warnings.unshift(problem.text);

  return (
    <li
      className={`flex gap-3 rounded border p-2 ${error ? 'border-red-400 dark:border-red-700' : 'border-zinc-200 dark:border-zinc-800'}`}
      aria-label={label}
      aria-describedby={entry.file && error ? fileErrorId : undefined}
    >
      <ImagePreview url={entry.url} label={label} onResult={onResult} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {entry.file ? (
          <div className="text-sm">
            <p className="font-medium">{label}: local file</p>
            <p className="truncate font-mono text-xs text-zinc-600 dark:text-zinc-400">
              {entry.file.name} · {formatBytes(entry.file.size)} · {entry.file.type || 'unknown type'} · sent
              as a data: URL
            </p>
            {error ? (
              <p id={fileErrorId} className="text-xs text-red-700 dark:text-red-400">
                {error}
              </p>
            ) : null}
          </div>
        ) : (
          <Field label={`${label} URL`} error={error}>
            {(control) => (
              <input
                {...control}
                type="url"
                className={`${INPUT_CLASS} font-mono`}
                placeholder="https://example.com/picture.png"
                value={entry.url}
                onChange={(e) => onChange(e.target.value)}
              />
            )}
          </Field>
        )}
        {status === 'loaded' && !error ? (
          <p className="text-xs text-emerald-700 dark:text-emerald-400">Loads as an image.</p>
        ) : null}
        {[message, ...warnings]
          .filter((text): text is string => text !== null)
          .map((text) => (
            <p key={text} className="text-xs text-amber-800 dark:text-amber-300" role="status">
              {text}
            </p>
          ))}
      </div>
      <Button size="sm" variant="ghost" aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
        Remove
      </Button>
    </li>
  );
}

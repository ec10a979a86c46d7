import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { INPUT_CLASS } from '../../../components/ui/field';
import { FilePicker } from '../../../components/ui/file-picker';
import { MAX_MESSAGE_IMAGES, type MessageImage } from '../../../lib/chat';
import { formatBytes } from '../../../lib/format-bytes';
import { readDataUrl } from '../../../lib/read-data-url';
import { describeImageUrlFault, imageUrlFault } from '../../../protocol/image-url';
import { ImageThumbnails } from './image-thumbnails';

/**
 * A file bigger than this is not attached: as base64 it grows by a third, and servers of the format
 * refuse image requests of around 20 MB (OpenAI's limit; the local service takes 25 MiB a request).
 */
export const MAX_CHAT_IMAGE_BYTES = 15 * 1024 * 1024;

/**
 * Reads chosen, dropped or pasted files as images to attach, up to `room` of them; every file left
 * out is named with why, in one sentence each.
 */
export async function imagesFromFiles(
  files: readonly File[],
  room: number,
): Promise<{ images: MessageImage[]; problems: string[] }> {
  const images: MessageImage[] = [];
  const problems: string[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/')) {
      problems.push(
        `"${file.name}" is not an image (${file.type || 'no type'}): choose a PNG, JPEG, GIF or WebP file.`,
      );
    } else if (file.size > MAX_CHAT_IMAGE_BYTES) {
      problems.push(
        `"${file.name}" is ${formatBytes(file.size)}; an image sent in a message can be at most ${formatBytes(MAX_CHAT_IMAGE_BYTES)}. Make it smaller, or give its URL.`,
      );
    } else if (images.length >= room) {
      problems.push(
        `"${file.name}" was not attached: a message carries at most ${MAX_MESSAGE_IMAGES} images.`,
      );
    } else {
      try {
        images.push({ url: await readDataUrl(file), name: file.name });
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
      }
    }
  }
  return { images, problems };
}

export interface ComposerImagesProps {
  images: readonly MessageImage[];
  /** Changes the images from the list as it is when the change lands (a file may take a while to read). */
  onChange: (update: (current: MessageImage[]) => MessageImage[]) => void;
  /** Why images cannot be sent to the conversation's model here, or null when they can. */
  refusal: string | null;
  /** The row to add one is shown. */
  adding: boolean;
  onAddingChange: (adding: boolean) => void;
  /** What the last attempt to attach left out, one sentence a file (from a paste or a drop too). */
  problems: readonly string[];
  onProblems: (problems: string[]) => void;
}

/** The images going with the next message: thumbnails to remove, and a row to add one by URL or file. */
export function ComposerImages({
  images,
  onChange,
  refusal,
  adding,
  onAddingChange,
  problems,
  onProblems,
}: ComposerImagesProps) {
  const [url, setUrl] = useState('');
  const urlId = useId();
  const room = MAX_MESSAGE_IMAGES - images.length;

  const attachUrl = () => {
    const trimmed = url.trim();
    if (trimmed === '') return onProblems(['Type the address of an image first.']);
    const fault = imageUrlFault(trimmed);
    if (fault) return onProblems([`The address ${describeImageUrlFault(fault)}.`]);
    if (room <= 0) return onProblems([`A message carries at most ${MAX_MESSAGE_IMAGES} images.`]);
    onChange((current) => [...current, { url: trimmed }]);
    onProblems([]);
    setUrl('');
  };
  const attachFiles = async (files: File[]) => {
    const read = await imagesFromFiles(files, room);
    if (read.images.length > 0) onChange((current) => [...current, ...read.images]);
    onProblems(read.problems);
  };

  return (
    <div className="flex flex-col gap-1">
      {images.length > 0 ? (
        <ImageThumbnails
          images={images}
          label="Images to send"
          onRemove={(index) => {
            const removed = images[index];
            onChange((current) => current.filter((image) => image !== removed));
          }}
        />
      ) : null}
      {adding ? (
        <div
          role="group"
          aria-label="Attach an image"
          className="flex flex-col gap-1 rounded border border-dashed border-zinc-300 p-2 dark:border-zinc-700"
        >
          {refusal ? (
            <p className="text-xs text-zinc-700 dark:text-zinc-300">{refusal}</p>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor={urlId} className="text-xs font-medium">
                Image URL
              </label>
              <input
                id={urlId}
                className={`${INPUT_CLASS} min-w-48 flex-1`}
                placeholder="https://… or data:image/png;base64,…"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                    e.preventDefault();
                    attachUrl();
                  }
                }}
              />
              <Button size="sm" onClick={attachUrl}>
                Attach URL
              </Button>
              <FilePicker
                accept="image/*"
                multiple
                onFiles={(files) => void attachFiles(files)}
                className="cursor-pointer rounded border border-zinc-300 bg-white px-2 py-0.5 text-xs font-medium focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-sky-600 dark:border-zinc-600 dark:bg-zinc-800 dark:focus-within:outline-sky-400"
              >
                Choose image files…
              </FilePicker>
              <span className="text-xs text-zinc-500 dark:text-zinc-400">
                or paste or drop them on the message
              </span>
            </div>
          )}
          <Button size="sm" variant="ghost" className="self-start" onClick={() => onAddingChange(false)}>
            Close
          </Button>
        </div>
      ) : null}
      {problems.length > 0 ? (
        <ul role="alert" className="text-xs text-red-700 dark:text-red-400">
          {problems.map((problem, i) => (
            <li key={i}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { newImageEntry, type ImageEntry } from './image-entry';
import { readDataUrl } from '../../lib/read-data-url';

/**
 * The request's images: typed URLs and local files read as `data:` URLs, in page order. Each removed
 * image can be put back, newest first, to where it was.
 */
export function useImageList(initial: ImageEntry[]) {
  const [images, setImages] = useState(initial);
  const [readError, setReadError] = useState<unknown>(null);
  // The images removed (a file read from disk, a long URL), newest last: each can be put back.
  const [removed, setRemoved] = useState<{ image: ImageEntry; at: number }[]>([]);

  async function addFiles(files: File[]) {
    setReadError(null);
    try {
      const added = await Promise.all(
        files.map(async (file) =>
          newImageEntry(await readDataUrl(file), { name: file.name, size: file.size, type: file.type }),
        ),
      );
      // A lone empty URL row is a placeholder: a file takes its place.
      setImages((current) => [...current.filter((image) => image.url !== '' || image.file), ...added]);
    } catch (error) {
      setReadError(error);
    }
  }

  /** Puts a file's bytes in place of an entry (a URL the service will not fetch), keeping its place. */
  async function replaceWithFile(key: string, file: File) {
    setReadError(null);
    try {
      const url = await readDataUrl(file);
      const facts = { name: file.name, size: file.size, type: file.type };
      setImages((current) => current.map((image) => (image.key === key ? { key, url, file: facts } : image)));
    } catch (error) {
      setReadError(error);
    }
  }

  const update = (key: string, url: string) =>
    setImages((current) => current.map((image) => (image.key === key ? { ...image, url } : image)));
  const remove = (key: string) => {
    const at = images.findIndex((image) => image.key === key);
    if (at < 0) return;
    setRemoved((list) => [...list, { image: images[at]!, at }]);
    setImages((current) => current.filter((image) => image.key !== key));
  };
  const lastRemoved = removed.at(-1);
  const undoRemove = () => {
    if (!lastRemoved) return;
    const { image, at } = lastRemoved;
    setImages((current) => [...current.slice(0, at), image, ...current.slice(at)]);
    setRemoved((list) => list.slice(0, -1));
  };
  /** Puts another list in place (Clear, and its undo); what was removed before is no longer offered. */
  const replace = (next: ImageEntry[]) => {
    setImages(next);
    setRemoved([]);
    setReadError(null);
  };

  return {
    images,
    addUrl: () => setImages((current) => [...current, newImageEntry()]),
    addFiles,
    replaceWithFile,
    update,
    remove,
    removed,
    lastRemoved,
    undoRemove,
    replace,
    readError,
    dismissReadError: () => setReadError(null),
  };
}

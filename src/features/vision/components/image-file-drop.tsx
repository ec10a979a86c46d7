import { useState, type DragEvent } from 'react';

export interface ImageFileDropProps {
  /** Called with every chosen or dropped file. */
  onFiles: (files: File[]) => void;
}

/** Choose local image files, or drop them here; each becomes one image of the request. */
export function ImageFileDrop({ onFiles }: ImageFileDropProps) {
  const [over, setOver] = useState(false);

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  }

  return (
    <div
      data-testid="image-drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`flex items-center gap-2 rounded border border-dashed p-2 text-sm ${
        over ? 'border-sky-500 bg-sky-50 dark:bg-sky-950/40' : 'border-zinc-300 dark:border-zinc-700'
      }`}
    >
      {/* The input sits inside its label so the label shows the keyboard focus ring. */}
      <label className="cursor-pointer rounded border border-zinc-300 bg-white px-2 py-0.5 text-xs font-medium focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-sky-600 dark:border-zinc-600 dark:bg-zinc-800 dark:focus-within:outline-sky-400">
        <input
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
        Choose image files…
      </label>
      <span className="text-xs text-zinc-600 dark:text-zinc-400">
        or drop them here; each is sent as a data: URL
      </span>
    </div>
  );
}

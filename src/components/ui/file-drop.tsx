import { useState, type DragEvent, type ReactNode } from 'react';
import { FilePicker } from './file-picker';

export interface FileDropProps {
  /** Called with the chosen or dropped files, never with none. */
  onFiles: (files: File[]) => void;
  /** The file input's `accept` list. */
  accept: string;
  /** Lets the picker choose more than one file (a drop may always carry several). */
  multiple?: boolean;
  /** Text of the choose button, e.g. "Choose image files…". */
  chooseLabel: string;
  /** The line after the choose button, e.g. "or drop them here". */
  hint: string;
  /** Names the zone for tests. */
  testId: string;
  /** Extra classes for the zone (padding, wrapping). */
  className?: string;
  /** More controls inside the zone, after the hint. */
  children?: ReactNode;
}

/** A dashed zone to choose local files with a button or drop them in; it lights up while dragged over. */
export function FileDrop({
  onFiles,
  accept,
  multiple = false,
  chooseLabel,
  hint,
  testId,
  className = '',
  children,
}: FileDropProps) {
  const [over, setOver] = useState(false);

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  }

  return (
    <div
      data-testid={testId}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`flex items-center gap-2 rounded border border-dashed text-sm ${className} ${
        over ? 'border-sky-500 bg-sky-50 dark:bg-sky-950/40' : 'border-zinc-300 dark:border-zinc-700'
      }`}
    >
      <FilePicker
        accept={accept}
        multiple={multiple}
        onFiles={onFiles}
        className="cursor-pointer rounded border border-zinc-300 bg-white px-2 py-0.5 text-xs font-medium focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-sky-600 dark:border-zinc-600 dark:bg-zinc-800 dark:focus-within:outline-sky-400"
      >
        {chooseLabel}
      </FilePicker>
      <span className="text-xs text-zinc-600 dark:text-zinc-400">{hint}</span>
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';

export interface FilePickerProps {
  /** Called with the chosen files, never with none. */
  onFiles: (files: File[]) => void;
  /** The file input's `accept` list. */
  accept: string;
  multiple?: boolean;
  /** The label's classes: it is what shows (the input is visually hidden). */
  className: string;
  /** The label's text, e.g. "Import JSON". */
  children: ReactNode;
}

/**
 * A button-like label that opens the file chooser. The input sits inside its label so the label
 * shows the keyboard focus ring; its value is cleared after each choice, so choosing the same file
 * again (once fixed) still reports it.
 */
export function FilePicker({ onFiles, accept, multiple = false, className, children }: FilePickerProps) {
  return (
    <label className={className}>
      <input
        type="file"
        accept={accept}
        multiple={multiple}
        className="sr-only"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      {children}
    </label>
  );
}

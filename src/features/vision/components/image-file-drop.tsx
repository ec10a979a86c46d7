import { FileDrop } from '../../../components/ui/file-drop';

export interface ImageFileDropProps {
  /** Called with every chosen or dropped file. */
  onFiles: (files: File[]) => void;
}

/** Choose local image files, or drop them here; each becomes one image of the request. */
export function ImageFileDrop({ onFiles }: ImageFileDropProps) {
  return (
    <FileDrop
      testId="image-drop-zone"
      accept="image/*"
      multiple
      chooseLabel="Choose image files…"
      hint="or drop them here; each is sent as a data: URL"
      className="p-2"
      onFiles={onFiles}
    />
  );
}

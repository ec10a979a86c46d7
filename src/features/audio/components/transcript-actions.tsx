import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import type { TranscriptionFormat } from '../../../lib/api';
import { transcriptFileName, transcriptMimeType } from '../build-transcription-input';

export interface TranscriptActionsProps {
  format: TranscriptionFormat;
  raw: string;
  audioName: string;
  showRaw: boolean;
  onToggleRaw: () => void;
}

/** Raw-body toggle, download with the format's extension, and copy. */
export function TranscriptActions({ format, raw, audioName, showRaw, onToggleRaw }: TranscriptActionsProps) {
  const fileName = transcriptFileName(audioName, format);

  function download() {
    const url = URL.createObjectURL(new Blob([raw], { type: transcriptMimeType(format) }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    // The click has handed the URL to the download; free it once the browser has taken it.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" aria-pressed={showRaw} onClick={onToggleRaw}>
        Raw body
      </Button>
      <Button size="sm" onClick={download}>
        Download {fileName}
      </Button>
      <CopyButton text={raw} />
    </div>
  );
}

import { useState } from 'react';
import { Button } from '../../../components/ui/button';
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
  const [note, setNote] = useState<string | null>(null);
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

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard in this context');
      await navigator.clipboard.writeText(raw);
      setNote('Copied');
    } catch (error) {
      setNote(
        `Could not copy (${error instanceof Error ? error.message : String(error)}); select the text instead.`,
      );
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" aria-pressed={showRaw} onClick={onToggleRaw}>
        Raw body
      </Button>
      <Button size="sm" onClick={download}>
        Download {fileName}
      </Button>
      <Button size="sm" onClick={() => void copy()}>
        Copy
      </Button>
      {note ? (
        <span role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
          {note}
        </span>
      ) : null}
    </div>
  );
}

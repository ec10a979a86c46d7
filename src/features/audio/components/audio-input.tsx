import { useState, type DragEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useRecorder } from '../use-recorder';

export interface AudioInputProps {
  onFile: (file: File, origin: 'file' | 'recording') => void;
}

/** Where the audio comes from: choose a file, drop one, or record from the microphone. */
export function AudioInput({ onFile }: AudioInputProps) {
  const [over, setOver] = useState(false);
  const recorder = useRecorder((file) => onFile(file, 'recording'));
  const recording = recorder.status === 'recording';

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file, 'file');
  }

  return (
    <div className="flex flex-col gap-2">
      <div
        data-testid="audio-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={`flex flex-wrap items-center gap-2 rounded border border-dashed p-3 text-sm ${
          over ? 'border-sky-500 bg-sky-50 dark:bg-sky-950/40' : 'border-zinc-300 dark:border-zinc-700'
        }`}
      >
        {/* The input sits inside its label so the label shows the keyboard focus ring. */}
        <label className="cursor-pointer rounded border border-zinc-300 bg-white px-2 py-0.5 text-xs font-medium focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-sky-600 dark:border-zinc-600 dark:bg-zinc-800 dark:focus-within:outline-sky-400">
          <input
            type="file"
            accept="audio/*,video/mp4,video/webm,.flac,.m4a,.mp3,.mp4,.mpeg,.mpga,.oga,.ogg,.opus,.wav,.webm"
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onFile(file, 'file');
            }}
          />
          Choose audio file…
        </label>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">or drop one here, or</span>
        <Button
          size="sm"
          variant={recording ? 'danger' : 'secondary'}
          disabled={recorder.status === 'starting'}
          onClick={() => (recording ? recorder.stop() : void recorder.start())}
        >
          {recording
            ? 'Stop recording'
            : recorder.status === 'starting'
              ? 'Asking for the microphone…'
              : 'Record'}
        </Button>
        {recording ? (
          <meter
            aria-label="Microphone level"
            min={0}
            max={1}
            low={0.6}
            high={0.9}
            optimum={0.3}
            value={recorder.level}
            className="h-3 w-40"
          />
        ) : null}
      </div>
      {recorder.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {recorder.error}
        </p>
      ) : null}
    </div>
  );
}

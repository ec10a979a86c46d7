import { Button } from '../../../components/ui/button';
import { FileDrop } from '../../../components/ui/file-drop';
import { useRecorder } from '../use-recorder';

export interface AudioInputProps {
  onFile: (file: File, origin: 'file' | 'recording') => void;
}

/** Where the audio comes from: choose a file, drop one, or record from the microphone. */
export function AudioInput({ onFile }: AudioInputProps) {
  const recorder = useRecorder((file) => onFile(file, 'recording'));
  const recording = recorder.status === 'recording';

  return (
    <div className="flex flex-col gap-2">
      <FileDrop
        testId="audio-drop-zone"
        accept="audio/*,video/mp4,video/webm,.flac,.m4a,.mp3,.mp4,.mpeg,.mpga,.oga,.ogg,.opus,.wav,.webm"
        chooseLabel="Choose audio file…"
        hint="or drop one here, or"
        className="flex-wrap p-3"
        onFiles={(files) => onFile(files[0]!, 'file')}
      >
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
      </FileDrop>
      {recorder.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {recorder.error}
        </p>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { FactList } from '../../../components/ui/fact-list';
import { formatBytes } from '../../../lib/format-bytes';
import { formatDuration, type AudioSource } from '../audio-source';
import { useAudioSrc } from '../use-audio-src';

/** Name, size, type and duration of the chosen audio, with a player to listen before sending. */
export function AudioFileFacts({ source }: { source: AudioSource }) {
  // Keyed on the file so a new one starts with an unknown duration again.
  const [duration, setDuration] = useState<{ file: File; seconds: number } | null>(null);
  const { file } = source;
  const audioRef = useAudioSrc(file);
  const seconds = duration?.file === file ? duration.seconds : null;
  return (
    <section
      aria-label="Chosen audio"
      className="flex flex-col gap-2 rounded border border-zinc-200 p-2 dark:border-zinc-800"
    >
      <FactList
        facts={[
          { label: 'Name', value: file.name },
          { label: 'Size', value: formatBytes(file.size) },
          { label: 'Type', value: file.type || 'not given' },
          { label: 'Duration', value: seconds === null ? 'reading…' : formatDuration(seconds) },
          {
            label: 'Source',
            value: source.origin === 'recording' ? 'microphone recording' : 'file',
            mono: false,
          },
        ]}
      />
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- No captions exist yet: making them is what this page is for. */}
      <audio
        controls
        preload="metadata"
        ref={audioRef}
        aria-label={`Listen to ${file.name}`}
        className="w-full"
        onLoadedMetadata={(e) => setDuration({ file, seconds: e.currentTarget.duration })}
        onError={() => setDuration({ file, seconds: Number.NaN })}
      />
    </section>
  );
}

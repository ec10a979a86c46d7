import { useState } from 'react';
import { formatBytes } from '../../../lib/format-bytes';
import { formatDuration, type AudioSource } from '../audio-source';

/** Name, size, type and duration of the chosen audio, with a player to listen before sending. */
export function AudioFileFacts({ source }: { source: AudioSource }) {
  // Keyed on the URL so a new file starts with an unknown duration again.
  const [duration, setDuration] = useState<{ url: string; seconds: number } | null>(null);
  const seconds = duration?.url === source.url ? duration.seconds : null;
  const { file } = source;
  return (
    <section
      aria-label="Chosen audio"
      className="flex flex-col gap-2 rounded border border-zinc-200 p-2 dark:border-zinc-800"
    >
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-zinc-500">Name</dt>
        <dd className="font-mono break-all">{file.name}</dd>
        <dt className="text-zinc-500">Size</dt>
        <dd className="font-mono">{formatBytes(file.size)}</dd>
        <dt className="text-zinc-500">Type</dt>
        <dd className="font-mono">{file.type || 'not given'}</dd>
        <dt className="text-zinc-500">Duration</dt>
        <dd className="font-mono">{seconds === null ? 'reading…' : formatDuration(seconds)}</dd>
        <dt className="text-zinc-500">Source</dt>
        <dd>{source.origin === 'recording' ? 'microphone recording' : 'file'}</dd>
      </dl>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- No captions exist yet: making them is what this page is for. */}
      <audio
        controls
        preload="metadata"
        src={source.url}
        aria-label={`Listen to ${file.name}`}
        className="w-full"
        onLoadedMetadata={(e) => setDuration({ url: source.url, seconds: e.currentTarget.duration })}
        onError={() => setDuration({ url: source.url, seconds: Number.NaN })}
      />
    </section>
  );
}

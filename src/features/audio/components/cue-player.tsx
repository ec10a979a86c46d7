import { useRef, useState } from 'react';
import { cueAt, formatTimestamp, type Cue } from '../../../lib/subtitles';
import { useAudioSrc } from '../use-audio-src';

export interface CuePlayerProps {
  cues: Cue[];
  /** The audio the transcript was made from; null when it was not kept across a reload. */
  audio: Blob | null;
  audioName: string;
}

/** The cues as a table beside a player: a cue's text seeks there, and the playing cue is highlighted. */
export function CuePlayer({ cues, audio: file, audioName }: CuePlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const audioRef = useAudioSrc(file, audio);
  const [time, setTime] = useState(0);
  const playing = cueAt(cues, time);

  function seek(cue: Cue) {
    if (audio.current) audio.current.currentTime = cue.start;
    setTime(cue.start);
  }

  return (
    <div className="flex flex-col gap-2">
      {file ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- The cue table beside the player is its caption track, readable and clickable.
        <audio
          ref={audioRef}
          controls
          preload="metadata"
          aria-label={`Play ${audioName}`}
          className="w-full"
          onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
          onSeeked={(e) => setTime(e.currentTarget.currentTime)}
        />
      ) : (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {audioName} was not kept across the reload, so it cannot be played here; the cues are.
        </p>
      )}
      {cues.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No cues: the transcript is empty.</p>
      ) : (
        <table className="w-full border-collapse text-sm" aria-label="Cues">
          <thead>
            <tr className="text-left text-xs text-zinc-500">
              <th className="px-2 py-1 font-medium">#</th>
              <th className="px-2 py-1 font-medium">Start</th>
              <th className="px-2 py-1 font-medium">End</th>
              <th className="px-2 py-1 font-medium">Text</th>
            </tr>
          </thead>
          <tbody>
            {cues.map((cue) => {
              const current = cue === playing;
              return (
                <tr
                  key={cue.index}
                  aria-current={current ? 'true' : undefined}
                  className={`border-t border-zinc-200 align-top dark:border-zinc-800 ${
                    current ? 'bg-sky-100 dark:bg-sky-900/50' : ''
                  }`}
                >
                  <td className="px-2 py-1 font-mono text-xs">{cue.id ?? cue.index}</td>
                  <td className="px-2 py-1 font-mono text-xs whitespace-nowrap">
                    {formatTimestamp(cue.start)}
                  </td>
                  <td className="px-2 py-1 font-mono text-xs whitespace-nowrap">
                    {formatTimestamp(cue.end)}
                  </td>
                  <td className="px-2 py-1">
                    <button
                      type="button"
                      className="w-full rounded text-left whitespace-pre-wrap hover:underline focus-visible:outline-2 focus-visible:outline-sky-600"
                      aria-label={`Play from ${formatTimestamp(cue.start)}: ${cue.text}`}
                      onClick={() => seek(cue)}
                    >
                      {cue.text || '(empty cue)'}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

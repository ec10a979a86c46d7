import { useState } from 'react';
import type { TranscriptionFormat, TranscriptionResult } from '../../../lib/api';
import { parseSubtitles } from '../../../lib/subtitles';
import type { AudioSource } from '../audio-source';
import { CuePlayer } from './cue-player';
import { SubtitleProblems } from './subtitle-problems';
import { TranscriptActions } from './transcript-actions';

export interface TranscriptionViewProps {
  result: TranscriptionResult<TranscriptionFormat>;
  /** The audio that was sent, for the player beside subtitle cues. */
  source: AudioSource;
}

function TextBody({ text }: { text: string }) {
  if (text.trim() === '')
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">The transcript is empty (no speech found).</p>
    );
  return <p className="text-sm whitespace-pre-wrap">{text}</p>;
}

function Rendered({ result, source }: TranscriptionViewProps) {
  if (result.format === 'json') {
    const text: unknown = result.data.text;
    if (typeof text === 'string') return <TextBody text={text} />;
    return (
      <p role="alert" className="text-sm">
        The JSON body has no text field; see the raw body.
      </p>
    );
  }
  if (result.format === 'text') return <TextBody text={result.text} />;
  const parsed = parseSubtitles(result.text, result.format);
  return (
    <div className="flex flex-col gap-2">
      {parsed.errors.length > 0 ? (
        <SubtitleProblems
          format={result.format}
          errors={parsed.errors}
          raw={result.raw}
          parsedCues={parsed.cues.length}
        />
      ) : null}
      {parsed.errors.length === 0 || parsed.cues.length > 0 ? (
        <CuePlayer
          cues={parsed.cues}
          audio={source.absent ? null : source.file}
          audioName={source.file.name}
        />
      ) : null}
    </div>
  );
}

/** A transcript shown by its response_format: text, or subtitle cues with a player; raw, download, copy. */
export function TranscriptionView({ result, source }: TranscriptionViewProps) {
  const [showRaw, setShowRaw] = useState(false);
  return (
    <section aria-label="Transcript" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          response_format <span className="font-mono">{result.format}</span> · {source.file.name}
        </p>
        <TranscriptActions
          format={result.format}
          raw={result.raw}
          audioName={source.file.name}
          showRaw={showRaw}
          onToggleRaw={() => setShowRaw(!showRaw)}
        />
      </div>
      {showRaw ? (
        <pre
          aria-label="Raw response body"
          className="overflow-auto rounded border border-zinc-200 p-2 font-mono text-xs whitespace-pre-wrap dark:border-zinc-800"
        >
          {result.raw}
        </pre>
      ) : (
        <Rendered result={result} source={source} />
      )}
    </section>
  );
}

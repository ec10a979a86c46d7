import type { SubtitleError } from '../../../lib/subtitles';

export interface SubtitleProblemsProps {
  format: 'srt' | 'vtt';
  errors: SubtitleError[];
  raw: string;
  /** How many cues did parse (shown in the table below, if any). */
  parsedCues: number;
}

/** A subtitle body that did not parse cleanly: what failed (line and reason) and the raw body, numbered. */
export function SubtitleProblems({ format, errors, raw, parsedCues }: SubtitleProblemsProps) {
  const lines = raw.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const bad = new Set(errors.map((e) => e.line));
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm dark:border-amber-800 dark:bg-amber-950/40"
    >
      <p className="font-medium">
        The {format.toUpperCase()} body did not parse cleanly: {errors.length} problem
        {errors.length === 1 ? '' : 's'}
        {parsedCues > 0
          ? parsedCues === 1
            ? '; the one cue that parsed is listed below'
            : `; the ${parsedCues} cues that parsed are listed below`
          : ''}
        .
      </p>
      <ul className="list-disc pl-5 text-xs">
        {errors.map((error) => (
          <li key={`${error.line}:${error.reason}`}>
            line {error.line}: {error.reason}
          </li>
        ))}
      </ul>
      <pre
        aria-label="Raw subtitle body"
        className="max-h-80 overflow-auto rounded bg-white p-2 font-mono text-xs dark:bg-zinc-900"
      >
        {lines.map((line, i) => (
          <div key={i} className={bad.has(i + 1) ? 'bg-amber-200 dark:bg-amber-900' : ''}>
            <span className="mr-3 inline-block w-8 text-right text-zinc-400 select-none">{i + 1}</span>
            {line}
          </div>
        ))}
      </pre>
    </div>
  );
}

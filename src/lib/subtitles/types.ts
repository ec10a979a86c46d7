/** One timed cue of a subtitle file. Times are seconds from the start of the audio. */
export interface Cue {
  /** 1-based position among the cues that parsed, whatever the file numbered them. */
  index: number;
  /** The file's own identifier: an SRT counter or a WebVTT cue id; null when it had none. */
  id: string | null;
  start: number;
  end: number;
  /** The cue's lines joined with "\n". */
  text: string;
  /** WebVTT cue settings after the end time (e.g. "align:start"), as written; '' when none. */
  settings: string;
}

/** Something that could not be parsed: where (1-based line) and why, in words a person can act on. */
export interface SubtitleError {
  line: number;
  reason: string;
}

/** What a parser returns: every cue it could read and every problem it met; it never throws. */
export interface SubtitleParse {
  cues: Cue[];
  errors: SubtitleError[];
}

/** A run of non-blank lines, with the 1-based number of its first line. */
export interface LineBlock {
  firstLine: number;
  lines: string[];
}

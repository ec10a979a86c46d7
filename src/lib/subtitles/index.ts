/** SubRip and WebVTT parsing: pure, no React; each parser returns `{ cues, errors }` and never throws. */
import { parseSrt } from './parse-srt';
import { parseVtt } from './parse-vtt';
import type { SubtitleParse } from './types';

export { parseSrt } from './parse-srt';
export { parseVtt } from './parse-vtt';
export { formatTimestamp, parseSrtTimestamp, parseVttTimestamp } from './timestamp';
export type { Cue, SubtitleError, SubtitleParse } from './types';

/** Parses a body in the named subtitle format. */
export function parseSubtitles(body: string, format: 'srt' | 'vtt'): SubtitleParse {
  return format === 'srt' ? parseSrt(body) : parseVtt(body);
}

/** The cue playing at `time` seconds (start inclusive, end exclusive), or null. */
export function cueAt<T extends { start: number; end: number }>(cues: readonly T[], time: number): T | null {
  return cues.find((cue) => time >= cue.start && time < cue.end) ?? null;
}

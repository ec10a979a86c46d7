import { splitBlocks } from './blocks';
import { parseSrtTimestamp } from './timestamp';
import { isTimingError, readTimingLine } from './timing-line';
import type { Cue, SubtitleParse } from './types';

const EXPECTED = 'HH:MM:SS,mmm';

/**
 * Parses a SubRip (.srt) body. Each block is an optional numeric counter, a timing line and text
 * lines; a block whose counter is missing is still read (servers and editors drop it). A block
 * that cannot be read is left out and reported with its line number. Empty input is no cues and no
 * errors: a transcript of silence is empty.
 */
export function parseSrt(body: string): SubtitleParse {
  const result: SubtitleParse = { cues: [], errors: [] };
  for (const block of splitBlocks(body)) {
    let at = 0;
    let id: string | null = null;
    const first = block.lines[0]!.trim();
    if (/^\d+$/.test(first)) {
      id = first;
      at = 1;
    } else if (!first.includes('-->')) {
      result.errors.push({
        line: block.firstLine,
        reason: `expected a cue number or a timing line "${EXPECTED} --> ${EXPECTED}", found "${first}"`,
      });
      continue;
    }
    const timingText = block.lines[at];
    const timingLine = block.firstLine + at;
    if (timingText === undefined) {
      // Only a counter line can leave nothing after it: a timing line would have been read as one.
      result.errors.push({
        line: block.firstLine,
        reason: `cue ${id ?? '?'} has no timing line after its number`,
      });
      continue;
    }
    const timing = readTimingLine(timingText, timingLine, parseSrtTimestamp, EXPECTED);
    if (isTimingError(timing)) {
      result.errors.push(timing);
      continue;
    }
    const cue: Cue = {
      index: result.cues.length + 1,
      id,
      start: timing.start,
      end: timing.end,
      text: block.lines.slice(at + 1).join('\n'),
      settings: timing.settings,
    };
    result.cues.push(cue);
  }
  return result;
}

import { splitBlocks } from './blocks';
import { parseVttTimestamp } from './timestamp';
import { isTimingError, readTimingLine } from './timing-line';
import type { SubtitleParse } from './types';

const EXPECTED = '[HH:]MM:SS.mmm';
const HEADER = /^WEBVTT(?:[ \t].*)?$/;
/** Blocks that carry no cue: comments, style sheets and region definitions. */
const NON_CUE = /^(?:NOTE|STYLE|REGION)(?:[ \t].*)?$/;

/**
 * Parses a WebVTT (.vtt) body: the `WEBVTT` header (and its header lines), then cues of an
 * optional identifier, a timing line with optional settings, and text. NOTE, STYLE and REGION
 * blocks are skipped. Problems are reported with line numbers; readable cues are kept.
 */
export function parseVtt(body: string): SubtitleParse {
  const result: SubtitleParse = { cues: [], errors: [] };
  const blocks = splitBlocks(body);
  const header = blocks[0];
  if (!header || !HEADER.test(header.lines[0]!)) {
    const found = header ? `"${header.lines[0]!}"` : 'an empty body';
    result.errors.push({
      line: header?.firstLine ?? 1,
      reason: `a WebVTT file starts with the line "WEBVTT"; found ${found}`,
    });
  }
  // A missing header is reported once; the blocks are still read so the person sees what parses.
  const rest = header && HEADER.test(header.lines[0]!) ? blocks.slice(1) : blocks;
  for (const block of rest) {
    const first = block.lines[0]!;
    if (NON_CUE.test(first)) continue;
    const hasId = !first.includes('-->');
    const at = hasId ? 1 : 0;
    const timingText = block.lines[at];
    const timingLine = block.firstLine + at;
    if (timingText === undefined) {
      result.errors.push({
        line: block.firstLine,
        reason: `"${first}" is not followed by a timing line "${EXPECTED} --> ${EXPECTED}"`,
      });
      continue;
    }
    const timing = readTimingLine(timingText, timingLine, parseVttTimestamp, EXPECTED);
    if (isTimingError(timing)) {
      result.errors.push(timing);
      continue;
    }
    result.cues.push({
      index: result.cues.length + 1,
      id: hasId ? first : null,
      start: timing.start,
      end: timing.end,
      text: block.lines.slice(at + 1).join('\n'),
      settings: timing.settings,
    });
  }
  return result;
}

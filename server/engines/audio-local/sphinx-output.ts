/**
 * Turns `pocketsphinx_continuous -time yes` output into timed segments. The tool prints, per
 * utterance, the hypothesis line and then one `word start end confidence` line per word, framed by
 * `<s>` and `</s>`; times are seconds from the start of the file.
 */
import type { TranscriptSegment } from '../engine';

export interface TimedWord {
  word: string;
  start: number;
  end: number;
}

/** A new segment starts after a pause this long, or when one grows past these sizes. */
const PAUSE_SECONDS = 0.6;
const MAX_WORDS = 14;
const MAX_SECONDS = 7;

const TIMING_LINE = /^(\S+)\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)$/;

/** Fillers and markers that are not words: <s>, </s>, <sil>, [NOISE], ++BREATH++, (NULL). */
function isFiller(token: string): boolean {
  return /^(<.*>|\[.*\]|\+\+.*\+\+|\(NULL\))$/i.test(token);
}

/** Reads the words of every utterance, in order; alternate pronunciations (`the(2)`) become the word. */
export function parseSphinxWords(output: string): TimedWord[][] {
  const utterances: TimedWord[][] = [];
  let current: TimedWord[] | null = null;
  for (const line of output.split('\n')) {
    const match = TIMING_LINE.exec(line.trim());
    if (!match) continue;
    const token = match[1] ?? '';
    if (token === '<s>') {
      current = [];
      utterances.push(current);
      continue;
    }
    if (isFiller(token)) continue;
    if (!current) {
      current = [];
      utterances.push(current);
    }
    current.push({ word: token.replace(/\(\d+\)$/, ''), start: Number(match[2]), end: Number(match[3]) });
  }
  return utterances.filter((words) => words.length > 0);
}

/** Groups words into subtitle-sized segments, never across utterances. */
export function wordsToSegments(utterances: readonly (readonly TimedWord[])[]): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  for (const words of utterances) {
    let group: TimedWord[] = [];
    const flush = () => {
      const first = group[0];
      const last = group[group.length - 1];
      if (first && last)
        segments.push({ start: first.start, end: last.end, text: group.map((w) => w.word).join(' ') });
      group = [];
    };
    for (const word of words) {
      const first = group[0];
      const last = group[group.length - 1];
      if (
        first &&
        last &&
        (word.start - last.end >= PAUSE_SECONDS ||
          group.length >= MAX_WORDS ||
          word.end - first.start > MAX_SECONDS)
      ) {
        flush();
      }
      group.push(word);
    }
    flush();
  }
  return segments;
}

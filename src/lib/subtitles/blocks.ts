import type { LineBlock } from './types';

/**
 * Splits a subtitle body into blocks of non-blank lines. A byte-order mark is dropped and CRLF / CR
 * line ends count as LF, so line numbers match what an editor shows.
 */
export function splitBlocks(body: string): LineBlock[] {
  const lines = body.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const blocks: LineBlock[] = [];
  let current: LineBlock | null = null;
  lines.forEach((line, i) => {
    if (line.trim() === '') {
      current = null;
      return;
    }
    if (current === null) {
      current = { firstLine: i + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(line);
  });
  return blocks;
}

/**
 * How much of a reply the page draws. Laying out text costs time in its length, and a cell may hold a
 * megabyte: the matrix draws a reply's start, the cell's detail a few screens of it, and each says
 * what it left out (the exports carry the whole of what was kept).
 */

/** Characters a matrix cell draws: it shows two lines. */
export const MATRIX_TEXT_CHARS = 300;

/** Characters the selected cell's detail draws. */
export const DETAIL_TEXT_CHARS = 20_000;

/** The first `most` characters of `text`, and how many were left out. */
export function shownText(text: string, most: number): { text: string; hidden: number } {
  if (text.length <= most) return { text, hidden: 0 };
  return { text: text.slice(0, most), hidden: text.length - most };
}

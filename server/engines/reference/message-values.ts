/** Values the argument filler can take from the user's message, each usable once. */

export interface MessageValues {
  text: string;
  numbers: number[];
  quoted: string[];
  places: string[];
  emails: string[];
  urls: string[];
  dates: string[];
}

/** Collects numbers, quoted strings, places ("in Paris"), e-mails, URLs and ISO dates from `text`. */
export function extractValues(text: string): MessageValues {
  const quoted = [...text.matchAll(/"([^"]+)"|“([^”]+)”|'([^']{2,})'/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );
  const withoutQuoted = text.replace(/"[^"]*"|“[^”]*”|'[^']{2,}'/g, ' ');
  const urls = [...withoutQuoted.matchAll(/\bhttps?:\/\/[^\s"'<>]+/g)].map((m) => m[0]);
  const emails = [...withoutQuoted.matchAll(/\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g)].map((m) => m[0]);
  const dates = [...withoutQuoted.matchAll(/\b\d{4}-\d{2}-\d{2}\b/g)].map((m) => m[0]);
  const plain = withoutQuoted
    .replace(/\bhttps?:\/\/[^\s"'<>]+/g, ' ')
    .replace(/\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g, ' ')
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' ');
  const numbers = [...plain.matchAll(/(?<![\w.])-?\d+(?:\.\d+)?(?![\w.]*[A-Za-z])/g)].map((m) =>
    Number(m[0]),
  );
  const places = [
    ...withoutQuoted.matchAll(
      /\b(?:in|at|to|from|near|for)\s+((?:[A-Z][\p{L}'-]*)(?:[\s,]+(?:[A-Z][\p{L}'-]*))*)/gu,
    ),
  ].map((m) => (m[1] ?? '').replace(/[\s,]+$/, ''));
  return { text, numbers, quoted, places, emails, urls, dates };
}

/**
 * Splits markdown into top-level blocks so that a streaming reply re-parses only its growing tail.
 *
 * The invariant: parsing each block alone (with the document's link definitions prepended, see
 * `splitMarkdown`) gives the same nodes as parsing the whole text. The splitter therefore cuts only at
 * a blank line followed by a line that starts a new block at column 0 and cannot continue the block
 * before it. When in doubt it does NOT cut: a coarser block is always correct, only slower.
 * Things that span blank lines and are kept whole: fenced code (an unclosed fence runs to the end and
 * is the tail), HTML blocks that end at a closing tag or marker (`<pre>`, `<script>`, `<!--`, …), list
 * items continued by indented lines, and loose lists (items separated by blank lines).
 */

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const LIST_MARKER = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
const DEFINITION = /^ {0,3}\[(?!\^)(?:[^\]\\]|\\.)+\]:[ \t]*\S/;
const FOOTNOTE_DEFINITION = /^ {0,3}\[\^[^\]]+\]:/;
const HTML_BLOCKS: [RegExp, RegExp][] = [
  [/^ {0,3}<(script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];

const isBlank = (line: string) => /^[ \t]*$/.test(line);

/** A link reference definition (`[label]: url "title"`), which may be used from any block. */
export interface LinkDefinition {
  /** The label normalised as CommonMark matches it: case-folded, inner whitespace collapsed. */
  label: string;
  /** The definition's line, to prepend to a block that uses it. */
  source: string;
}

export interface SplitMarkdown {
  /** Top-level blocks in order; concatenated with blank lines they render as the whole text. */
  blocks: string[];
  /** Link reference definitions found anywhere, first one per label (CommonMark: the first wins). */
  definitions: LinkDefinition[];
}

/** Normalises a label or text the way reference matching does (case-folded, whitespace collapsed). */
export function normaliseLabel(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The source to parse for one block: the definitions its references use, then the block. Only the
 * used ones, so a block's source (and its memoised render) changes only when its own links do.
 */
export function blockSource(block: string, definitions: readonly LinkDefinition[]): string {
  if (definitions.length === 0 || !block.includes(']')) return block;
  const text = normaliseLabel(block);
  const used = definitions.filter((d) => text.includes(`[${d.label}]`));
  return used.length === 0 ? block : `${used.map((d) => d.source).join('\n')}\n\n${block}`;
}

interface Split extends SplitMarkdown {
  text: string;
  /** Offset in `text` where the last block starts: text before it never changes how it splits. */
  lastStart: number;
}

/** Recent results, newest last: a streamed reply is split again from its last block, not from the start. */
const recent: Split[] = [];
const RECENT_LIMIT = 8;

/**
 * Splits `text` into blocks (see the module comment for the rules). When `text` extends a recently
 * split text, only the part from that text's last block on is scanned again: every earlier block
 * ended at a cut that later text cannot undo, so the result equals a full split.
 */
export function splitMarkdown(text: string): SplitMarkdown {
  const base = recent.findLast((r) => text.startsWith(r.text) && r.blocks.length > 1);
  let result: Split;
  if (base) {
    const tail = splitFrom(text.slice(base.lastStart));
    const labels = new Set(base.definitions.map((d) => d.label));
    result = {
      text,
      blocks: [...base.blocks.slice(0, -1), ...tail.blocks],
      definitions: [...base.definitions, ...tail.definitions.filter((d) => !labels.has(d.label))],
      lastStart: base.lastStart + tail.lastStart,
    };
    // A footnote in the new text makes the whole text one block again.
    if (tail.footnotes) result = { ...splitFrom(text), text };
  } else {
    result = { ...splitFrom(text), text };
  }
  recent.push(result);
  if (recent.length > RECENT_LIMIT) recent.shift();
  return { blocks: result.blocks, definitions: result.definitions };
}

/** Forgets recent results, so the next split starts from scratch (tests compare the two paths). */
export function resetSplitCache(): void {
  recent.length = 0;
}

function splitFrom(text: string): SplitMarkdown & { lastStart: number; footnotes: boolean } {
  // Lines alternate with their separators, so each line's offset is known.
  const parts = text.split(/(\r\n|\r|\n)/);
  const lines = parts.filter((_, i) => i % 2 === 0);
  // Footnotes render a section at the end of the document that numbers every reference: they
  // cannot be parsed per block, so such a text stays one block.
  if (lines.some((l) => FOOTNOTE_DEFINITION.test(l))) {
    return { blocks: text === '' ? [] : [text], definitions: [], lastStart: 0, footnotes: true };
  }

  const blocks: string[] = [];
  const definitions: LinkDefinition[] = [];
  const labels = new Set<string>();
  let current: string[] = [];
  let blanks: string[] = [];
  let hasList = false;
  let fence: { char: string; length: number } | null = null;
  let htmlEnd: RegExp | null = null;
  let previousWasDefinition = false;
  let offset = 0;
  let currentStart = 0;
  let lastStart = 0;

  const flush = () => {
    if (current.length > 0) {
      blocks.push(current.join('\n'));
      lastStart = currentStart;
    }
    current = [];
    hasList = false;
  };

  for (let index = 0; index < parts.length; index += 2) {
    const line = parts[index] ?? '';
    const lineStart = offset;
    offset += line.length + (parts[index + 1]?.length ?? 0);
    if (fence) {
      current.push(...blanks, line);
      blanks = [];
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (close?.[1] && close[1][0] === fence.char && close[1].length >= fence.length) fence = null;
      continue;
    }
    if (htmlEnd) {
      current.push(...blanks, line);
      blanks = [];
      if (htmlEnd.test(line)) htmlEnd = null;
      continue;
    }
    if (isBlank(line)) {
      blanks.push(line);
      continue;
    }
    const canStartDefinition: boolean = blanks.length > 0 || current.length === 0 || previousWasDefinition;
    if (blanks.length > 0 && current.length > 0) {
      const continues = /^[ \t]/.test(line) || (hasList && LIST_MARKER.test(line));
      if (continues) current.push(...blanks);
      else flush();
    }
    blanks = [];
    if (current.length === 0) currentStart = lineStart;
    previousWasDefinition = canStartDefinition && DEFINITION.test(line);
    const label = previousWasDefinition ? /\[((?:[^\]\\]|\\.)+)\]:/.exec(line)?.[1] : undefined;
    if (label !== undefined && !labels.has(normaliseLabel(label))) {
      labels.add(normaliseLabel(label));
      definitions.push({ label: normaliseLabel(label), source: line.trim() });
    }
    current.push(line);
    if (LIST_MARKER.test(line)) hasList = true;
    const open = FENCE_OPEN.exec(line);
    if (open?.[1] && !(open[1][0] === '`' && (open[2] ?? '').includes('`'))) {
      fence = { char: open[1][0] ?? '`', length: open[1].length };
      continue;
    }
    for (const [start, end] of HTML_BLOCKS) {
      if (start.test(line)) {
        // The end marker may sit on the opening line itself, after the opening tag.
        if (!end.test(line.replace(start, ''))) htmlEnd = end;
        break;
      }
    }
  }
  flush();
  return { blocks, definitions, lastStart, footnotes: false };
}

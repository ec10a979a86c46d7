/**
 * Splits markdown into top-level blocks so that a streaming reply re-parses only its growing tail.
 *
 * The invariant: parsing each block alone (with the document's link definitions prepended, see
 * `blockSources`) gives the same nodes as parsing the whole text. The splitter therefore cuts only at
 * a blank line followed by a line that starts a new block at column 0 and cannot continue the block
 * before it. When in doubt it does NOT cut: a coarser block is always correct, only slower.
 * Things that span blank lines and are kept whole: fenced code (an unclosed fence runs to the end and
 * is the tail), HTML blocks that end at a closing tag or marker (`<pre>`, `<script>`, `<!--`, …), list
 * items continued by indented lines, and loose lists (items separated by blank lines).
 *
 * Its work is linear in the text, whatever the text: one pass, blocks taken as slices (no line
 * arrays), and a block past MAX_BLOCK_CHARS is cut at line ends into pieces shown as plain text, so a
 * never-closed fence of megabytes is neither parsed at once nor scanned again from its start on each
 * streamed chunk (a later split resumes from the last piece, with the state the scan had there).
 */
import { MAX_BLOCK_CHARS } from './limits';

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const LIST_MARKER = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
const DEFINITION = /^ {0,3}\[(?!\^)(?:[^\]\\]|\\.)+\]:[ \t]*\S/;
const DEFINITION_LABEL = /\[((?:[^\]\\]|\\.)+)\]:/;
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
  /**
   * Per block: true for a piece of a block larger than MAX_BLOCK_CHARS, shown as plain text (never
   * parsed). Ordinary replies have none.
   */
  plain: boolean[];
  /** Link reference definitions found anywhere, first one per label (CommonMark: the first wins). */
  definitions: LinkDefinition[];
}

/** Normalises a label or text the way reference matching does (case-folded, whitespace collapsed). */
export function normaliseLabel(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** What the scan knows at a line start; enough to resume there as if it had scanned from the start. */
interface ScanState {
  /** A block is open: the next non-blank line may continue it. */
  open: boolean;
  fence: { char: string; length: number } | null;
  htmlEnd: RegExp | null;
  hasList: boolean;
  previousWasDefinition: boolean;
  /** The open block has passed MAX_BLOCK_CHARS: the rest of it comes in plain pieces. */
  oversize: boolean;
}

const FRESH: ScanState = {
  open: false,
  fence: null,
  htmlEnd: null,
  hasList: false,
  previousWasDefinition: false,
  oversize: false,
};

interface Scan extends SplitMarkdown {
  /** Offset where the last block (or piece) starts: text before it never changes how it splits. */
  lastStart: number;
  /** The scan's state at `lastStart`. */
  lastState: ScanState;
  /** How many of `blocks` end before `lastStart` (the rest are scanned again with the new text). */
  blocksBefore: number;
  /** How many of `definitions` were found before `lastStart` (those found after may still change). */
  definitionsBefore: number;
  footnotes: boolean;
}

interface Split extends Scan {
  text: string;
}

/** Recent results, newest last: a streamed reply is split again from its last block, not from the start. */
const recent: Split[] = [];
/** Characters the scan has read since the start (tests hold the splitter's work to this). */
export const splitWork = { scanned: 0 };
const RECENT_LIMIT = 8;

/**
 * Splits `text` into blocks (see the module comment for the rules). When `text` extends a recently
 * split text, only the part from that text's last block on is scanned again: every earlier block
 * ended at a cut that later text cannot undo, so the result equals a full split.
 */
export function splitMarkdown(text: string): SplitMarkdown {
  const base = recent.findLast((r) => !r.footnotes && r.lastStart > 0 && text.startsWith(r.text));
  let result: Split;
  if (base) {
    const tail = scan(text, base.lastStart, base.lastState);
    if (tail.footnotes) {
      // A footnote in the new text makes the whole text one block again.
      result = { ...scan(text, 0, FRESH), text };
    } else {
      // Definitions found from the last block on are taken from the new scan: a line still growing
      // may have changed one (its title, its address).
      const kept = base.definitions.slice(0, base.definitionsBefore);
      const labels = new Set(kept.map((d) => d.label));
      const isNew = (d: LinkDefinition) => !labels.has(d.label);
      result = {
        ...tail,
        text,
        blocks: [...base.blocks.slice(0, base.blocksBefore), ...tail.blocks],
        plain: [...base.plain.slice(0, base.blocksBefore), ...tail.plain],
        definitions: [...kept, ...tail.definitions.filter(isNew)],
        blocksBefore: base.blocksBefore + tail.blocksBefore,
        definitionsBefore:
          kept.length + tail.definitions.slice(0, tail.definitionsBefore).filter(isNew).length,
      };
    }
  } else {
    result = { ...scan(text, 0, FRESH), text };
  }
  recent.push(result);
  if (recent.length > RECENT_LIMIT) recent.shift();
  return { blocks: result.blocks, plain: result.plain, definitions: result.definitions };
}

/** Forgets recent results, so the next split starts from scratch (tests compare the two paths). */
export function resetSplitCache(): void {
  recent.length = 0;
}

const LINE_BREAK = /\r\n|\r|\n/g;

/** Scans `text` from `from` (a line start where the scan's state was `state`). */
function scan(text: string, from: number, state: ScanState): Scan {
  const blocks: string[] = [];
  const plain: boolean[] = [];
  const definitions: LinkDefinition[] = [];
  const labels = new Set<string>();
  let { open, fence, htmlEnd, hasList, previousWasDefinition, oversize } = state;
  // The piece being built: from `pieceStart` to the end of its last non-blank line.
  let pieceStart = from;
  let pieceEnd = open ? from : -1;
  let blanks = false;
  let lastStart = from;
  let lastState = state;
  let blocksBefore = 0;
  let definitionsBefore = 0;
  let footnotes = false;

  const startPiece = (at: number) => {
    pieceStart = at;
    lastStart = at;
    lastState = { open, fence, htmlEnd, hasList, previousWasDefinition, oversize };
    blocksBefore = blocks.length;
    definitionsBefore = definitions.length;
  };
  const emit = () => {
    if (pieceEnd > pieceStart) {
      blocks.push(text.slice(pieceStart, pieceEnd));
      plain.push(oversize);
    }
  };
  const flush = () => {
    emit();
    open = false;
    hasList = false;
    oversize = false;
    pieceEnd = -1;
  };

  LINE_BREAK.lastIndex = from;
  let lineStart = from;
  while (lineStart <= text.length) {
    const found = LINE_BREAK.exec(text);
    const lineEnd = found ? found.index : text.length;
    const next = found ? LINE_BREAK.lastIndex : text.length + 1;
    const line = text.slice(lineStart, lineEnd);
    splitWork.scanned += next - lineStart;
    if (FOOTNOTE_DEFINITION.test(line)) footnotes = true;
    if (fence) {
      pieceEnd = lineEnd;
      const close = FENCE_CLOSE.exec(line);
      if (close?.[1] && close[1][0] === fence.char && close[1].length >= fence.length) fence = null;
    } else if (htmlEnd) {
      pieceEnd = lineEnd;
      if (htmlEnd.test(line)) htmlEnd = null;
    } else if (isBlank(line)) {
      blanks = open;
    } else {
      const canStartDefinition = blanks || !open || previousWasDefinition;
      if (blanks && open) {
        const continues = /^[ \t]/.test(line) || (hasList && LIST_MARKER.test(line));
        if (!continues) flush();
      }
      blanks = false;
      if (!open) {
        startPiece(lineStart);
        open = true;
      }
      previousWasDefinition = canStartDefinition && DEFINITION.test(line);
      const label = previousWasDefinition ? DEFINITION_LABEL.exec(line)?.[1] : undefined;
      if (label !== undefined) {
        const normalised = normaliseLabel(label);
        if (!labels.has(normalised)) {
          labels.add(normalised);
          definitions.push({ label: normalised, source: line.trim() });
        }
      }
      pieceEnd = lineEnd;
      if (LIST_MARKER.test(line)) hasList = true;
      const opened = FENCE_OPEN.exec(line);
      if (opened?.[1] && !(opened[1][0] === '`' && (opened[2] ?? '').includes('`'))) {
        fence = { char: opened[1][0] ?? '`', length: opened[1].length };
      } else {
        for (const [start, end] of HTML_BLOCKS) {
          if (start.test(line)) {
            // The end marker may sit on the opening line itself, after the opening tag.
            if (!end.test(line.replace(start, ''))) htmlEnd = end;
            break;
          }
        }
      }
    }
    // A block past the limit is cut after a complete line (one a later chunk cannot change).
    if (open && found && pieceEnd - pieceStart > MAX_BLOCK_CHARS) {
      oversize = true;
      emit();
      startPiece(next);
      pieceEnd = -1;
    }
    lineStart = next;
  }
  flush();
  if (footnotes) {
    return {
      ...wholeText(text),
      lastStart: 0,
      lastState: FRESH,
      blocksBefore: 0,
      definitionsBefore: 0,
      footnotes,
    };
  }
  return { blocks, plain, definitions, lastStart, lastState, blocksBefore, definitionsBefore, footnotes };
}

/**
 * Footnotes render a section at the end of the document that numbers every reference: they cannot
 * be parsed per block, so such a text stays one block (in plain pieces past the size limit).
 */
function wholeText(text: string): SplitMarkdown {
  if (text === '') return { blocks: [], plain: [], definitions: [] };
  if (text.length <= MAX_BLOCK_CHARS) return { blocks: [text], plain: [false], definitions: [] };
  const blocks: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + MAX_BLOCK_CHARS, text.length);
    // At a line end when there is one in the piece; a single longer line is cut where it must be.
    const lineEnd = end < text.length ? text.lastIndexOf('\n', end) : -1;
    if (lineEnd > start) end = lineEnd + 1;
    blocks.push(text.slice(start, end));
    start = end;
  }
  return { blocks, plain: blocks.map(() => true), definitions: [] };
}

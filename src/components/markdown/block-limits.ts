import {
  MAX_BLOCK_CHARS,
  MAX_BRACKET_DEPTH,
  MAX_BRACKETS,
  MAX_CONTAINER_DEPTH,
  MAX_EMPHASIS_DEPTH,
  MAX_EMPHASIS_DELIMITERS,
} from './limits';

/** What one pass over a block found (see limits.ts), for the verdict and for tests. */
export interface BlockMeasure {
  /** Characters read: each once (the pass is linear by construction; tests hold it to that). */
  scanned: number;
  bracketDepth: number;
  brackets: number;
  containerDepth: number;
  emphasisDepth: number;
  emphasisDelimiters: number;
}

const SPACE = /[ \t]/;
const WHITESPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/**
 * Measures a block in one pass. It errs on the side of counting: text the parser would not read as
 * markdown (code spans, escaped-looking runs) is counted all the same. The one thing skipped is the
 * body of a fenced code block (parsed as code, never as inline markdown), and only of a fence before
 * any line that opened a quote or list or could have started raw HTML: past such a line a fence
 * line may belong to the container or the HTML, ending where the container does, so what looks like
 * a fence body may be markdown after all, and is counted.
 */
export function measureBlock(block: string): BlockMeasure {
  const m: BlockMeasure = {
    scanned: 0,
    bracketDepth: 0,
    brackets: 0,
    containerDepth: 0,
    emphasisDepth: 0,
    emphasisDelimiters: 0,
  };
  let brackets = 0;
  let emphasis = 0;
  let fence: string | null = null;
  let fencesTrusted = true;
  let lineStart = 0;
  while (lineStart <= block.length) {
    let lineEnd = block.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = block.length;
    const line = block.slice(lineStart, lineEnd);
    m.scanned += line.length + 1;
    lineStart = lineEnd + 1;
    if (fence !== null) {
      const close = FENCE_CLOSE.exec(line);
      if (close?.[1] && close[1][0] === fence[0] && close[1].length >= fence.length) fence = null;
      continue;
    }
    if (/^ {0,3}</.test(line)) fencesTrusted = false;
    const opened = fencesTrusted ? FENCE_OPEN.exec(line) : null;
    if (opened?.[1] && !(opened[1][0] === '`' && (opened[2] ?? '').includes('`'))) {
      fence = opened[1];
      continue;
    }
    // Containers: `>` and list markers before the text, each indentation step counting as a level.
    let at = 0;
    let depth = 0;
    let indent = 0;
    for (;;) {
      while (at < line.length && SPACE.test(line[at]!)) {
        indent += line[at] === '\t' ? 4 : 1;
        at++;
      }
      const marker = /^(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/.exec(line.slice(at, at + 11))?.[0];
      if (!marker) break;
      depth += 1 + Math.floor(indent / 2);
      indent = 0;
      at += marker.length;
    }
    m.containerDepth = Math.max(m.containerDepth, depth);
    if (depth > 0) fencesTrusted = false;
    // Emphasis cannot span paragraphs or list items.
    if (depth > 0 || at === line.length) emphasis = 0;
    scanInline(line, at);
  }
  return m;

  function scanInline(line: string, from: number) {
    for (let i = from; i < line.length; i++) {
      const char = line[i]!;
      if (char === '\\') {
        i++;
      } else if (char === '[') {
        m.brackets++;
        m.bracketDepth = Math.max(m.bracketDepth, ++brackets);
      } else if (char === ']') {
        m.brackets++;
        brackets = Math.max(0, brackets - 1);
      } else if (char === '*' || char === '_' || char === '~') {
        let end = i + 1;
        while (end < line.length && line[end] === char) end++;
        const before = i > 0 ? line[i - 1]! : ' ';
        const after = end < line.length ? line[end]! : ' ';
        const run = end - i;
        i = end - 1;
        const beforeSpace = WHITESPACE.test(before);
        const afterSpace = WHITESPACE.test(after);
        const beforePunct = PUNCTUATION.test(before);
        const afterPunct = PUNCTUATION.test(after);
        // Flanking as CommonMark defines it. A run inside a word (2*3*4) may pair with its neighbour
        // but opens nothing deep; an `_` there (snake_case) pairs with nothing, so is not counted.
        const left = !afterSpace && (!afterPunct || beforeSpace || beforePunct);
        const right = !beforeSpace && (!beforePunct || afterSpace || afterPunct);
        const inWord = left && right && !beforePunct && !afterPunct;
        if (inWord && char === '_') continue;
        m.emphasisDelimiters += run;
        if (inWord) continue;
        if (left) m.emphasisDepth = Math.max(m.emphasisDepth, ++emphasis);
        else if (right) emphasis = Math.max(0, emphasis - 1);
      }
    }
  }
}

/** Why a block is shown as plain text instead of parsed, or null when it is parsed. */
export function plainTextReason(block: string): string | null {
  if (block.length > MAX_BLOCK_CHARS) return `larger than ${MAX_BLOCK_CHARS / 1024} KB`;
  const m = measureBlock(block);
  if (m.bracketDepth > MAX_BRACKET_DEPTH) return `brackets nested more than ${MAX_BRACKET_DEPTH} levels deep`;
  if (m.containerDepth > MAX_CONTAINER_DEPTH) {
    return `quotes and lists nested more than ${MAX_CONTAINER_DEPTH} levels deep`;
  }
  if (m.emphasisDepth > MAX_EMPHASIS_DEPTH)
    return `emphasis nested more than ${MAX_EMPHASIS_DEPTH} levels deep`;
  if (m.brackets > MAX_BRACKETS)
    return `more than ${MAX_BRACKETS.toLocaleString('en')} brackets in one block`;
  if (m.emphasisDelimiters > MAX_EMPHASIS_DELIMITERS) {
    return `more than ${MAX_EMPHASIS_DELIMITERS.toLocaleString('en')} emphasis marks in one block`;
  }
  return null;
}

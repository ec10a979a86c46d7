import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { measureBlock, plainTextReason } from '../../../src/components/markdown/block-limits';
import { groupBlocks } from '../../../src/components/markdown/group-blocks';
import { blockSources } from '../../../src/components/markdown/block-sources';
import { MAX_BLOCK_CHARS, MAX_SHARED_DEFINITIONS } from '../../../src/components/markdown/limits';
import { parseMarkdown } from '../../../src/components/markdown/parse-markdown';
import { resetSplitCache, splitMarkdown } from '../../../src/components/markdown/split-blocks';
import { manyDefinitions, nestedLink, ordinaryOfSize, PAST_THE_LIMITS } from './hostile-markdown';
import { ORDINARY_REPLY } from './ordinary-reply';

// What every block of a reply is rendered as (plain pieces are never parsed), as HTML.
function renderReply(text: string): string {
  resetSplitCache();
  const { blocks, definitions, plain } = splitMarkdown(text);
  return blockSources(blocks, definitions, plain)
    .map((source) => renderToStaticMarkup(createElement(Fragment, null, parseMarkdown(source))))
    .join('\n');
}

describe('an ordinary reply', () => {
  it('renders exactly as it did before the limits (HTML recorded from the earlier renderer)', () => {
    const expected = readFileSync(join(import.meta.dirname, 'ordinary-reply.expected.txt'), 'utf8');
    expect(`${renderReply(ORDINARY_REPLY)}\n`).toBe(expected);
  });

  it('comes nowhere near a limit, in any block', () => {
    const { blocks, plain } = splitMarkdown(ordinaryOfSize(200_000));
    expect(plain.every((p) => !p)).toBe(true);
    for (const block of blocks) expect(plainTextReason(block)).toBeNull();
  });
});

describe('the pre-scan of a block', () => {
  it.each(Object.entries(PAST_THE_LIMITS))('shows %s as plain text', (_name, text) => {
    expect(plainTextReason(text)).not.toBeNull();
  });

  it('reads each character once', () => {
    for (const text of [...Object.values(PAST_THE_LIMITS), ORDINARY_REPLY, 'x\n'.repeat(10_000)]) {
      expect(measureBlock(text).scanned).toBe(text.length + 1);
    }
  });

  it('says how deep the nested link goes, and keeps its words', () => {
    expect(plainTextReason(nestedLink())).toBe('brackets nested more than 32 levels deep');
    const html = renderToStaticMarkup(createElement(Fragment, null, parseMarkdown(nestedLink())));
    expect(html).toContain('Shown as plain text: brackets nested more than 32 levels deep.');
    expect(html).toContain('(https://e.example/nested)');
  });

  it('skips a fence body, but not one that may be HTML or inside a list', () => {
    const stars = '*a '.repeat(40);
    expect(plainTextReason(`\`\`\`\n${stars}\n\`\`\``)).toBeNull();
    // The list ends at the unindented line, and the fence with it: the stars are markdown again.
    expect(plainTextReason(`- a\n  \`\`\`\n${stars}`)).not.toBeNull();
    expect(plainTextReason(`<div>\n\`\`\`\n\n${stars}`)).not.toBeNull();
    // An indented fence closes the one at column 0 as the parser does.
    expect(plainTextReason(`\`\`\`\nx\n   \`\`\`\n${stars}`)).not.toBeNull();
  });
});

describe('link definitions handed to blocks', () => {
  it('are each block’s own references only, and linear in the reply over all blocks', () => {
    const text = manyDefinitions(40_000);
    const { blocks, definitions, plain } = splitMarkdown(text);
    expect(definitions).toHaveLength(40_000);
    const sources = blockSources(blocks, definitions, plain);
    let handedOut = 0;
    for (const [i, source] of sources.entries()) {
      const prepended = source.length - blocks[i]!.length;
      if (prepended > 0) handedOut += source.slice(0, prepended).split('\n').filter(Boolean).length;
    }
    // Each block ("[lN]: …" or "see [lN]") references one label: one definition each, for the
    // labels among the first MAX_SHARED_DEFINITIONS (the rest stay within their own block).
    expect(handedOut).toBe(2 * MAX_SHARED_DEFINITIONS);
    const total = sources.reduce((sum, s) => sum + s.length, 0);
    expect(total).toBeLessThan(3 * text.length);
  });

  it('stay within the allowance when one long definition is referenced by every block', () => {
    const text = `[a]: https://e.example/${'x'.repeat(50_000)}\n\n${'[a]\n\n'.repeat(20_000)}`;
    const { blocks, definitions, plain } = splitMarkdown(text);
    const total = blockSources(blocks, definitions, plain).reduce((sum, s) => sum + s.length, 0);
    expect(total).toBeLessThanOrEqual(3 * text.length + 64 * 1024);
  });
});

describe('the splitter on hostile text', () => {
  it('cuts a block past the size limit into plain pieces that keep every character', () => {
    const text = `intro\n\n\`\`\`\n${'code line\n'.repeat(30_000)}`;
    resetSplitCache();
    const { blocks, plain } = splitMarkdown(text);
    expect(blocks[0]).toBe('intro');
    expect(plain[0]).toBe(false);
    expect(plain.slice(1).every(Boolean)).toBe(true);
    for (const piece of blocks)
      expect(piece.length).toBeLessThanOrEqual(MAX_BLOCK_CHARS + 'code line'.length);
    expect(blocks.slice(1).join('\n')).toBe(text.slice('intro\n\n'.length));
  });

  it('survives half a million blank lines inside a list item', () => {
    const { blocks } = splitMarkdown(`- a${'\n'.repeat(500_000)}  b`);
    expect(blocks.join('').replace(/\s/g, '')).toBe('-ab');
  });

  it('reads a never-closed fence streamed in chunks once per chunk at most the last piece', async () => {
    const { splitWork } = await import('../../../src/components/markdown/split-blocks');
    const text = `\`\`\`\n${'code line\n'.repeat(100_000)}`;
    const chunk = 4_000;
    resetSplitCache();
    const before = splitWork.scanned;
    let updates = 0;
    for (let end = chunk; end < text.length + chunk; end += chunk, updates++)
      splitMarkdown(text.slice(0, end));
    // Each update reads the last piece (at most the limit and a chunk) again, never the whole text.
    expect(splitWork.scanned - before).toBeLessThanOrEqual(updates * (MAX_BLOCK_CHARS + 2 * chunk));
    const incremental = splitMarkdown(text);
    resetSplitCache();
    expect(incremental).toEqual(splitMarkdown(text));
  });
});

describe('the splitter resumed on a growing text', () => {
  it('gives the same blocks, pieces and definitions at every length as splitting from scratch', () => {
    const fence = `\`\`\`\n${'code [x] line\n'.repeat(6_000)}\`\`\``;
    const text = `${ORDINARY_REPLY}\n\n${fence}\n\nAfter [guide].\n\n[x]: https://x.example "a title"\n\n${fence}\n\nEnd.`;
    const lengths = Array.from({ length: 160 }, (_, i) => Math.round(((i + 1) * text.length) / 160));
    const fromScratch = lengths.map((end) => {
      resetSplitCache();
      return splitMarkdown(text.slice(0, end));
    });
    resetSplitCache();
    expect(lengths.map((end) => splitMarkdown(text.slice(0, end)))).toEqual(fromScratch);
    expect(fromScratch.at(-1)!.plain.filter(Boolean).length).toBeGreaterThan(2);
  });

  it('takes a definition still growing on the last line from the new text', () => {
    resetSplitCache();
    splitMarkdown('a\n\n[d]: https://e.example/pa');
    expect(splitMarkdown('a\n\n[d]: https://e.example/path').definitions).toEqual([
      { label: 'd', source: '[d]: https://e.example/path' },
    ]);
  });
});

describe('a reply of a hundred thousand tiny blocks', () => {
  it('is drawn as a few thousand runs, keeping every block, its first thousand alone', () => {
    const { blocks, plain } = splitMarkdown('a\n\n'.repeat(100_000));
    expect(blocks).toHaveLength(100_000);
    const grouped = groupBlocks(blocks, plain);
    expect(grouped.blocks.length).toBeLessThanOrEqual(1_000 + 100_000 / 50);
    expect(grouped.blocks.slice(0, 1_000)).toEqual(blocks.slice(0, 1_000));
    expect(grouped.blocks.join('\n\n')).toBe(blocks.join('\n\n'));
  });

  it('leaves an ordinary reply’s blocks as they are', () => {
    const { blocks, plain } = splitMarkdown(ordinaryOfSize(100_000));
    expect(groupBlocks(blocks, plain).blocks).toBe(blocks);
  });
});

import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { blockSource } from '../../../src/components/markdown/block-sources';
import { resetSplitCache, splitMarkdown } from '../../../src/components/markdown/split-blocks';
import { MARKDOWN_SAMPLES } from './markdown-samples';

// The parser react-markdown runs (remark-parse + remark-gfm), used here as the reference.
const parser = unified().use(remarkParse).use(remarkGfm);
const topLevelTypes = (text: string) =>
  (parser.runSync(parser.parse(text)) as unknown as { children: { type: string }[] }).children
    .map((n) => n.type)
    .filter((t) => t !== 'definition');

describe('splitMarkdown', () => {
  it.each(Object.entries(MARKDOWN_SAMPLES))('groups %s exactly as a full parse does', (_name, text) => {
    const { blocks, definitions } = splitMarkdown(text);
    expect(blocks.flatMap((b) => topLevelTypes(blockSource(b, definitions)))).toEqual(topLevelTypes(text));
  });

  it('cuts at blank lines between paragraphs, headings, tables and code', () => {
    const text = '# Title\n\nA paragraph\nwith two lines.\n\n| a |\n|---|\n| 1 |\n\n```js\nx\n```';
    expect(splitMarkdown(text).blocks).toEqual([
      '# Title',
      'A paragraph\nwith two lines.',
      '| a |\n|---|\n| 1 |',
      '```js\nx\n```',
    ]);
  });

  it('keeps blank lines inside a fence and makes an unclosed fence the tail', () => {
    expect(splitMarkdown('intro\n\n```\na\n\n\nb').blocks).toEqual(['intro', '```\na\n\n\nb']);
    expect(splitMarkdown('````\n```\n\nstill code\n````\n\nafter').blocks).toEqual([
      '````\n```\n\nstill code\n````',
      'after',
    ]);
    expect(splitMarkdown('~~~\n```\n\nx\n~~~\n\ny').blocks).toHaveLength(2);
  });

  it('keeps a loose list and indented continuations in one block', () => {
    expect(splitMarkdown('- a\n\n- b\n\n  more b\n\nafter').blocks).toEqual([
      '- a\n\n- b\n\n  more b',
      'after',
    ]);
    expect(splitMarkdown('1. one\n\n2. two').blocks).toEqual(['1. one\n\n2. two']);
  });

  it('keeps HTML blocks that span blank lines whole', () => {
    expect(splitMarkdown('<pre>\n\nx\n</pre>\n\nafter').blocks).toEqual(['<pre>\n\nx\n</pre>', 'after']);
    expect(splitMarkdown('<!-- a\n\nb -->\n\nc').blocks).toEqual(['<!-- a\n\nb -->', 'c']);
  });

  it('collects link definitions, the first per label, so references in other blocks resolve', () => {
    const { definitions } = splitMarkdown(
      'See [docs][d].\n\n[d]: https://docs.example\n[Big  Label]: https://e.example "E"\n\n[D]: https://later.example',
    );
    expect(definitions).toEqual([
      { label: 'd', source: '[d]: https://docs.example' },
      { label: 'big label', source: '[Big  Label]: https://e.example "E"' },
    ]);
  });

  it('prepends to a block only the definitions it uses', () => {
    const { definitions } = splitMarkdown('[a]: https://a.example\n[b]: https://b.example');
    expect(blockSource('uses [A] only', definitions)).toBe('[a]: https://a.example\n\nuses [A] only');
    expect(blockSource('[x][b] and [a][]', definitions)).toBe(
      '[a]: https://a.example\n[b]: https://b.example\n\n[x][b] and [a][]',
    );
    expect(blockSource('no links here', definitions)).toBe('no links here');
  });

  it('keeps a text with footnotes in one block', () => {
    expect(splitMarkdown('a[^1]\n\nb\n\n[^1]: note').blocks).toHaveLength(1);
  });

  it('gives no blocks for empty text and handles CRLF', () => {
    expect(splitMarkdown('').blocks).toEqual([]);
    expect(splitMarkdown('a\r\n\r\nb').blocks).toEqual(['a', 'b']);
  });
});

describe('splitMarkdown on a growing text', () => {
  it('gives the same result at every length as splitting from scratch', () => {
    const samples = Object.values(MARKDOWN_SAMPLES);
    const text = `${samples.join('\r\n\r\n')}\n\n${samples.join('\n\n')}\n\nEnd[^1]\n\n[^1]: a footnote`;
    const lengths = Array.from({ length: Math.ceil(text.length / 7) + 1 }, (_, i) =>
      Math.min(i * 7, text.length),
    );
    const fromScratch = lengths.map((end) => {
      resetSplitCache();
      return splitMarkdown(text.slice(0, end));
    });
    resetSplitCache();
    const incremental = lengths.map((end) => splitMarkdown(text.slice(0, end)));
    expect(incremental).toEqual(fromScratch);
    expect(incremental.at(-1)!.blocks).toHaveLength(1); // the footnote made it one block again
  });
});

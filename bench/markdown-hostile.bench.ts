/**
 * Hostile replies through the markdown pipeline (issue 26), each next to an ordinary reply of the
 * same size measured in the same run. Two figures per reply, in CPU milliseconds of this process:
 * "split" is what every render of the reply does (splitting it into blocks and giving each block the
 * link definitions it uses); "parse" is parsing and rendering to HTML the blocks the page would parse
 * at once: all of them, or for a reply of thousands of blocks the first PARSED_BLOCKS (the page parses
 * the rest as they come near the screen, a slice per task). Node runs React in development mode
 * here, so the parse figures are higher than in the built page; the ratios are what to read. A
 * block past a limit (src/components/markdown/limits.ts) is counted "plain": shown as its words.
 * Run alone: `npx tsx bench/markdown-hostile.bench.ts`.
 */
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { pathToFileURL } from 'node:url';
import { plainTextReason } from '../src/components/markdown/block-limits';
import { blockSources } from '../src/components/markdown/block-sources';
import { parseMarkdown } from '../src/components/markdown/parse-markdown';
import { resetSplitCache, splitMarkdown } from '../src/components/markdown/split-blocks';
import { manyDefinitions, nestedLink, ordinaryOfSize } from '../tests/unit/markdown/hostile-markdown';

const PARSED_BLOCKS = 200;
const STREAM_CHUNK = 4_000;

const cpuMs = (run: () => void): number => {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

interface Figures {
  split: number;
  parse: number;
  blocks: number;
  plain: number;
}

function measure(text: string): Figures {
  resetSplitCache();
  let sources: string[] = [];
  let plain: boolean[] = [];
  const split = cpuMs(() => {
    const result = splitMarkdown(text);
    sources = blockSources(result.blocks, result.definitions, result.plain);
    plain = result.plain;
  });
  const parse = cpuMs(() => {
    for (const [index, source] of sources.slice(0, PARSED_BLOCKS).entries()) {
      if (!plain[index]) renderToStaticMarkup(createElement(Fragment, null, parseMarkdown(source)));
    }
  });
  const shownPlain = sources.filter((source, index) => plain[index] || plainTextReason(source) !== null);
  return { split, parse, blocks: sources.length, plain: shownPlain.length };
}

/** A stream of `text` in chunks: every chunk splits the text so far again, as each render does. */
function measureStream(text: string): Figures {
  resetSplitCache();
  let last = { blocks: [] as string[], plain: [] as boolean[] };
  const split = cpuMs(() => {
    for (let end = STREAM_CHUNK; end < text.length + STREAM_CHUNK; end += STREAM_CHUNK) {
      const result = splitMarkdown(text.slice(0, end));
      blockSources(result.blocks, result.definitions, result.plain);
      last = result;
    }
  });
  return { split, parse: 0, blocks: last.blocks.length, plain: last.plain.filter(Boolean).length };
}

const ratio = (a: number, b: number) => `${(a / Math.max(b, 0.1)).toFixed(1)}×`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function pair(name: string, hostileText: string, run: (text: string) => Figures, streamed = false): string[] {
  // Warmed once, so neither side pays for the first compilation of the parser's code.
  run(ordinaryOfSize(20_000));
  const ordinary = run(ordinaryOfSize(hostileText.length));
  const hostile = run(hostileText);
  const describe = (f: Figures) =>
    `split ${ms(f.split)}${streamed ? '' : `, parse ${ms(f.parse)}`} (${f.blocks} blocks, ${f.plain} plain)`;
  return [
    `${name} (${(hostileText.length / 1024).toFixed(1)} KB): ${describe(hostile)}`,
    `  ordinary reply of the same size: ${describe(ordinary)}`,
    `  ratio: split ${ratio(hostile.split, ordinary.split)}${streamed ? '' : `, parse ${ratio(hostile.parse, ordinary.parse)}`}`,
  ];
}

export async function runMarkdownHostileBench(): Promise<string[]> {
  const fence = `\`\`\`\n${'a line of code in a fence never closed\n'.repeat(27_000)}`;
  return [
    `(parse: the first ${PARSED_BLOCKS} blocks; CPU time of this process)`,
    ...pair('40,000 link definitions, each used', manyDefinitions(40_000), measure),
    ...pair('the nested link', nestedLink(), measure),
    ...pair(
      `a 1 MB never-closed fence, streamed in ${STREAM_CHUNK / 1000} KB chunks`,
      fence,
      measureStream,
      true,
    ),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await runMarkdownHostileBench()) console.log(line);
}

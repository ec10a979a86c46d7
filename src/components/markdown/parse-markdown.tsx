import type { ReactNode } from 'react';
import renderMarkdown, { type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { plainTextReason } from './block-limits';
import { lazyHighlight } from './lazy-highlight';
import { markdownElements } from './markdown-elements';
import { PlainBlock } from './plain-block';
export { blockSources } from './block-sources';
import { markdownUrlTransform } from './safe-url';

const remarkPlugins: Options['remarkPlugins'] = [remarkGfm];
const rehypePlugins: Options['rehypePlugins'] = [lazyHighlight];

/** The same options object for every block and render, so nothing is rebuilt per frame. */
const MARKDOWN_OPTIONS = {
  remarkPlugins,
  rehypePlugins,
  components: markdownElements,
  urlTransform: markdownUrlTransform,
  skipHtml: false,
} satisfies Omit<Options, 'children'>;

/**
 * One block of markdown as React elements. Raw HTML is never rendered: react-markdown turns it into
 * text because no rehype-raw is configured (keep it so). react-markdown's Markdown is a plain
 * function with no hooks, so calling it here costs its time where it is called (a block's slice).
 * A block past the parser's safe limits (block-limits.ts, measured in one pass first) is shown as
 * plain text with a note instead: parsing it could take seconds, or overflow the stack.
 */
export function parseMarkdown(source: string): ReactNode {
  const reason = plainTextReason(source);
  if (reason !== null) return <PlainBlock text={source} reason={reason} />;
  return renderMarkdown({ ...MARKDOWN_OPTIONS, children: source });
}

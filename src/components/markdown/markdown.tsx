import { memo, useEffect, useMemo, useSyncExternalStore } from 'react';
import ReactMarkdown, { type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import {
  fenceLanguages,
  languageReady,
  lazyHighlight,
  requestLanguages,
  subscribeLanguages,
} from './highlight-languages';
import './markdown.css';
import { markdownElements } from './markdown-elements';
import { markdownUrlTransform } from './safe-url';
import { blockSource, splitMarkdown } from './split-blocks';

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
 * One top-level block. Memoised on its source, so while a reply streams only the block whose text
 * changed (the growing tail) is parsed again. Raw HTML is never rendered: react-markdown turns it
 * into text because no rehype-raw is configured (keep it so).
 */
const MarkdownBlock = memo(function MarkdownBlock({ source }: { source: string }) {
  // A block with fences asks for their grammars and renders again when they are all here; a block
  // without one never re-renders for a grammar.
  const languages = useMemo(() => fenceLanguages(source), [source]);
  const key = languages.join(' ');
  useEffect(() => {
    if (key !== '') requestLanguages(key.split(' '));
  }, [key]);
  useSyncExternalStore(subscribeLanguages, () => languages.every(languageReady));
  return <ReactMarkdown {...MARKDOWN_OPTIONS}>{source}</ReactMarkdown>;
});

export interface MarkdownProps {
  /** The markdown source, e.g. an assistant reply. */
  text: string;
  /** True while the text is still growing; marks the region busy for assistive technology. */
  streaming?: boolean;
  className?: string;
}

/**
 * Renders model output as GitHub-flavoured markdown (tables, task lists, strikethrough) with
 * highlighted fenced code, safely: no raw HTML, only http/https/mailto/relative links (opened in a new
 * tab with noopener noreferrer nofollow), and no remote image loaded without a click.
 */
export function Markdown({ text, streaming = false, className }: MarkdownProps) {
  const { blocks, definitions } = useMemo(() => splitMarkdown(text), [text]);
  return (
    <div className={['md-body', className].filter(Boolean).join(' ')} aria-busy={streaming || undefined}>
      {blocks.map((block, index) => (
        <MarkdownBlock key={index} source={blockSource(block, definitions)} />
      ))}
    </div>
  );
}

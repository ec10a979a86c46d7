import { memo, useEffect, useMemo, useReducer, useState, useSyncExternalStore, type ReactNode } from 'react';
import renderMarkdown, { type Options } from 'react-markdown';
import { mainThreadSlices as parseSlices } from '../../lib/task-slices';
import { useNearViewport } from '../ui/use-near-viewport';
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
 * Parsing is the costly part of a reply (a 20,000-token reply is about half a second of it), and a
 * stream from a fast server brings many blocks per frame. So a block is parsed only when it is near
 * the screen (the reply's last blocks always are: that is where a stream grows), and blocks share one
 * slice of each task: those past it show their text plain (or their previous parse, for a growing
 * tail) until a later task. Far off screen, a block stays plain text, the same words at about the
 * same height, until it is scrolled near.
 */
interface Parsed {
  source: string;
  grammars: boolean;
  element: ReactNode;
}

interface BlockProps {
  source: string;
  /** Parse without waiting to be seen near the screen (the last blocks). */
  eager: boolean;
}

/**
 * One top-level block. Memoised on its source, so while a reply streams only the block whose text
 * changed (the growing tail) is parsed again. Raw HTML is never rendered: react-markdown turns it
 * into text because no rehype-raw is configured (keep it so).
 */
const MarkdownBlock = memo(function MarkdownBlock({ source, eager }: BlockProps) {
  // A block with fences asks for their grammars and renders again when they are all here; a block
  // without one never re-renders for a grammar.
  const languages = useMemo(() => fenceLanguages(source), [source]);
  const key = languages.join(' ');
  useEffect(() => {
    if (key !== '') requestLanguages(key.split(' '));
  }, [key]);
  const grammars = useSyncExternalStore(subscribeLanguages, () => languages.every(languageReady));
  const { ref, near } = useNearViewport<HTMLDivElement>(eager);
  const [, wake] = useReducer((n: number) => n + 1, 0);
  // The last parse, kept across renders (React's "information from previous renders" pattern).
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const waiting = parsed?.source !== source || parsed.grammars !== grammars;
  const turn = waiting && (near || parsed !== null);
  if (turn && parseSlices.begin()) {
    // react-markdown's Markdown is a plain function with no hooks: called here, its cost counts in the slice.
    setParsed({ source, grammars, element: renderMarkdown({ ...MARKDOWN_OPTIONS, children: source }) });
  }
  useEffect(() => (turn ? parseSlices.whenNext(wake) : undefined));
  if (parsed === null) {
    return (
      <div ref={ref} className="whitespace-pre-wrap" data-md-pending="">
        {source}
      </div>
    );
  }
  // A stale parse (the tail before its newest words) is marked too, so "all parsed" can be told: by
  // a hidden marker after it, never a wrapper, which would remount the block (its copy button, focus
  // and selection) each time it waits.
  return (
    <>
      {parsed.element}
      {waiting ? <span hidden data-md-pending="" /> : null}
    </>
  );
});

/** The last blocks, where a stream grows: parsed without waiting for the viewport to report them. */
const EAGER_BLOCKS = 3;

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
        <MarkdownBlock
          key={index}
          source={blockSource(block, definitions)}
          eager={index >= blocks.length - EAGER_BLOCKS}
        />
      ))}
    </div>
  );
}

import { memo, useEffect, useMemo, useReducer, useState, useSyncExternalStore, type ReactNode } from 'react';
import { idleSlices, mainThreadSlices as parseSlices } from '../../lib/task-slices';
import { Button } from '../ui/button';
import { useNearViewport } from '../ui/use-near-viewport';
import { fenceLanguages, languageReady, requestLanguages, subscribeLanguages } from './highlight-languages';
import './markdown.css';
import { groupBlocks } from './group-blocks';
import { MAX_BLOCK_CHARS } from './limits';
import { markdownRenderer } from './markdown-renderer';
import { PlainBlock } from './plain-block';
import { splitMarkdown } from './split-blocks';

/**
 * Parsing is the costly part of a reply (a 20,000-token reply is about half a second of it), and a
 * stream from a fast server brings many blocks per frame. So a block is parsed only when it is near
 * the screen (the reply's last blocks always are: that is where a stream grows), and blocks share one
 * slice of each task: those past it show their text plain (or their previous parse, for a growing
 * tail) until a later task. Far off screen, a block stays plain text, the same words, until it is
 * scrolled near; one that was near and was left behind before its turn came (a fast stream scrolls
 * past blocks faster than they parse) is parsed when the page is idle, so the blocks on screen never
 * queue behind it. Before the renderer's code has arrived, every block waits the same way.
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
 * changed (the growing tail) is parsed again.
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
  const parse = useSyncExternalStore(markdownRenderer.subscribe, markdownRenderer.current)?.parse ?? null;
  const [, wake] = useReducer((n: number) => n + 1, 0);
  // The last parse, kept across renders (React's "information from previous renders" pattern).
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const waiting = parsed?.source !== source || parsed.grammars !== grammars;
  // Watched from the start, so where it is is known by the time the renderer's code arrives.
  const { ref, near, seen, onScreen } = useNearViewport<HTMLDivElement>(eager, waiting);
  // Near the screen now: parsed in the next slices. Near once and since left behind (a fast stream
  // brings blocks past the screen faster than slices parse them): parsed when the page is idle, never
  // ahead of what is on screen. What is on screen goes first.
  const urgent = parse !== null && waiting && near;
  const later = parse !== null && waiting && !near && (seen || parsed !== null);
  if ((urgent || later) && parseSlices.begin(!onScreen)) {
    // Parsed here, in the render, so its cost counts in the slice.
    setParsed({ source, grammars, element: parse(source) });
  }
  useEffect(() =>
    urgent ? parseSlices.whenNext(wake, onScreen) : later ? idleSlices.whenNext(wake) : undefined,
  );
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

/** The note on each plain piece of a block too large to parse (split-blocks.ts cuts it). */
const OVERSIZE = `part of a block larger than ${MAX_BLOCK_CHARS / 1024} KB`;

/** The last blocks of a reply that is streaming, where it grows: parsed without waiting for the viewport. */
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
  const { blocks, definitions, plain } = useMemo(() => {
    const split = splitMarkdown(text);
    return { ...groupBlocks(split.blocks, split.plain), definitions: split.definitions };
  }, [text]);
  const renderer = useSyncExternalStore(markdownRenderer.subscribe, markdownRenderer.state);
  // Until the renderer arrives a block waits as its own words, which need no definitions.
  const attach = renderer.status === 'ready' ? renderer.value.sources : null;
  const sources = useMemo(
    () => (attach ? attach(blocks, definitions, plain) : blocks),
    [attach, blocks, definitions, plain],
  );
  useEffect(() => markdownRenderer.request(), [renderer.status]);
  return (
    <div className={['md-body', className].filter(Boolean).join(' ')} aria-busy={streaming || undefined}>
      {renderer.status === 'failed' ? <RendererFailed reason={renderer.reason} /> : null}
      {sources.map((source, index) =>
        plain[index] ? (
          <PlainBlock key={index} text={source} reason={OVERSIZE} />
        ) : (
          <MarkdownBlock
            key={index}
            source={source}
            eager={streaming && index >= sources.length - EAGER_BLOCKS}
          />
        ),
      )}
    </div>
  );
}

/** Said once above a reply whose formatting could not be fetched: the words are all there, plain. */
function RendererFailed({ reason }: { reason: string }) {
  return (
    <p role="status" className="flex flex-wrap items-center gap-2 text-xs text-amber-800 dark:text-amber-300">
      Shown as plain text: the markdown renderer could not be loaded ({reason}).
      <Button size="sm" onClick={() => void markdownRenderer.load().catch(() => undefined)}>
        Try again
      </Button>
    </p>
  );
}

import { createModuleLoader } from '../../lib/module-loader';
import { preloadGrammarIndex } from './highlight-languages';

/**
 * The markdown renderer (micromark, GFM, mdast → hast → React, the highlighter): about 65 KB gzipped,
 * so it is fetched when the first reply is shown, not with the page; until it arrives a reply's
 * blocks show their own words as plain text, as they do while they wait for a parse slice.
 */
export const markdownRenderer = createModuleLoader(() =>
  import('./parse-markdown').then((module) => ({
    parse: module.parseMarkdown,
    // Which link definitions each block receives comes with it too: only a parse needs them.
    sources: module.blockSources,
  })),
);

/**
 * Starts the renderer's fetch ahead of the first reply, when one is about to be shown (a stored
 * conversation opening): its fetch then runs beside the read from storage, not after it; and the
 * index of grammars with it, so that a fence on screen waits for one fetch, not three in a row. A
 * failure is left for the reply to report, with its retry.
 */
export function preloadMarkdownRenderer(): void {
  markdownRenderer.request();
  preloadGrammarIndex();
}

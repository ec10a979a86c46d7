import { createModuleLoader } from '../../lib/module-loader';

/**
 * The markdown renderer (micromark, GFM, mdast → hast → React, the highlighter): about 65 KB gzipped,
 * so it is fetched when the first reply is shown, not with the page; until it arrives a reply's
 * blocks show their own words as plain text, as they do while they wait for a parse slice.
 */
export const markdownRenderer = createModuleLoader(() =>
  import('./parse-markdown').then((module) => module.parseMarkdown),
);

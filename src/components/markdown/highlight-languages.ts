/**
 * Syntax highlighting with grammars loaded when a fence first names them: the first page carries no
 * grammar (the 37 "common" ones were about 60 KB gzipped on every page that shows markdown), and a
 * reply with a ```python block fetches python alone. Blocks ask for their fences' languages
 * (`requestLanguages`) and re-render when one arrives (`subscribeLanguages`); until then the code
 * shows plain, in the same box.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { createLowlight, type LanguageFn } from 'lowlight';
import { LANGUAGE_ALIASES } from './language-aliases';

// One chunk per grammar, fetched on demand (the .js.js files are deprecated re-exports).
const GRAMMARS = import.meta.glob<LanguageFn>(
  ['/node_modules/highlight.js/es/languages/*.js', '!/node_modules/highlight.js/es/languages/*.js.js'],
  { import: 'default' },
);
const PREFIX = '/node_modules/highlight.js/es/languages/';

// One highlighter; grammars are registered into it as they arrive (each compiled on first use).
const lowlight = createLowlight();
const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

const languageOf = (code: Element): string | null => {
  const classes = code.properties.className;
  if (!Array.isArray(classes)) return null;
  for (const name of classes) {
    const match = /^lang(?:uage)?-(.+)$/.exec(String(name));
    if (match) return match[1]!;
  }
  return null;
};

const textOf = (node: ElementContent): string =>
  node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '';

function highlightCode(code: Element): void {
  const language = languageOf(code);
  // Only fences that name a language: guessing would cost time on every streamed frame.
  if (language === null || !lowlight.registered(language)) return;
  const classes = code.properties.className as (string | number)[];
  if (!classes.includes('hljs')) classes.unshift('hljs');
  const result = lowlight.highlight(language, code.children.map(textOf).join(''));
  if (result.children.length > 0) code.children = result.children as ElementContent[];
}

function visit(node: Root | RootContent): void {
  if (node.type !== 'element' && node.type !== 'root') return;
  for (const child of node.children) {
    if (
      node.type === 'element' &&
      node.tagName === 'pre' &&
      child.type === 'element' &&
      child.tagName === 'code'
    )
      highlightCode(child);
    else visit(child);
  }
}

/**
 * The rehype plugin the markdown renderer uses: `<pre><code class="language-x">` highlighted with
 * the grammars here so far, the rest left as it is. One transform for every render: react-markdown
 * re-attaches plugins each time, and building a highlighter per render made the growing tail costly.
 */
const transform = (tree: Root) => visit(tree);
export const lazyHighlight = () => transform;

/** The grammar file a fence's language names (`js` → javascript), or null when none does. */
export function grammarFor(language: string): string | null {
  const name = language.toLowerCase();
  const file = LANGUAGE_ALIASES[name] ?? name;
  return `${PREFIX}${file}.js` in GRAMMARS ? file : null;
}

/** True when `language`'s grammar is here (or no grammar exists for it: it stays plain). */
export function languageReady(language: string): boolean {
  const file = grammarFor(language);
  return file === null || loaded.has(file);
}

/** Starts fetching the grammars of `languages` not yet here. */
export function requestLanguages(languages: readonly string[]): void {
  for (const language of languages) {
    const file = grammarFor(language);
    if (file === null || loaded.has(file) || loading.has(file)) continue;
    const load = GRAMMARS[`${PREFIX}${file}.js`]!;
    loading.set(
      file,
      load().then(
        (grammar) => {
          // Registering adds the grammar's own aliases (py, sh…) too.
          lowlight.register(file, grammar);
          loaded.add(file);
          loading.delete(file);
          version += 1;
          for (const listener of listeners) listener();
        },
        () => {
          // The code stays plain; a later block asks again (the chunk may be back after a reload).
          loading.delete(file);
        },
      ),
    );
  }
}

/** Resolves when every grammar requested so far has arrived (tests, and the bench's warm-up). */
export async function languagesSettled(): Promise<void> {
  while (loading.size > 0) await Promise.all(loading.values());
}

export function subscribeLanguages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes each time a grammar arrives. */
export const languagesVersion = () => version;

// The info line must be complete: a streamed "```c" may yet become "```cpp".
const FENCE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*([\w+#.-]+)[^\n]*\n/gm;

/** The languages a markdown source's fences name (once their line is complete), lower-cased, each once. */
export function fenceLanguages(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(FENCE)) found.add(match[1]!.toLowerCase());
  return [...found];
}

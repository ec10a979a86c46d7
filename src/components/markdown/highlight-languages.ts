/**
 * Syntax highlighting with grammars loaded when a fence first names them: the first page carries no
 * grammar (the 37 "common" ones were about 60 KB gzipped on every page that shows markdown), and a
 * reply with a ```python block fetches python alone. Blocks ask for their fences' languages
 * (`requestLanguages`) and re-render when one arrives (`subscribeLanguages`); until then the code
 * shows plain, in the same box. This registry is light: the index of grammars comes with the first
 * fence, and the highlighter that uses them (`lazy-highlight.ts`) with the markdown renderer.
 */
import type { LanguageFn } from 'lowlight';
import { createModuleLoader } from '../../lib/module-loader';

const grammarIndex = createModuleLoader(() => import('./grammar-index'));
const loaded = new Map<string, LanguageFn>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of [...listeners]) listener();
};

/** The grammars here so far, by file name, in the order they arrived. */
export const loadedGrammars = (): ReadonlyMap<string, LanguageFn> => loaded;

/**
 * True when `language`'s grammar is here, or no grammar exists for it (it stays plain). False
 * while the index of grammars is still on its way: which one it is cannot be told yet.
 */
export function languageReady(language: string): boolean {
  const index = grammarIndex.current();
  if (!index) return false;
  const file = index.grammarFor(language);
  return file === null || loaded.has(file);
}

/** Starts fetching the grammars of `languages` not yet here. */
export function requestLanguages(languages: readonly string[]): void {
  const index = grammarIndex.current();
  if (!index) {
    // A language without a grammar becomes "ready" as soon as the index says so.
    grammarIndex.load().then(
      () => {
        notify();
        requestLanguages(languages);
      },
      () => undefined, // the code stays plain; a later block asks again
    );
    return;
  }
  for (const language of languages) {
    const file = index.grammarFor(language);
    if (file === null || loaded.has(file) || loading.has(file)) continue;
    loading.set(
      file,
      index.loadGrammar(file).then(
        (grammar) => {
          loaded.set(file, grammar);
          loading.delete(file);
          notify();
        },
        () => {
          // The code stays plain; a later block asks again (the chunk may be back after a reload).
          loading.delete(file);
        },
      ),
    );
  }
}

/** Starts fetching the index of grammars, so the first fence's grammar is one fetch away, not two. */
export function preloadGrammarIndex(): void {
  grammarIndex.request();
}

/** Resolves when every grammar requested so far has arrived (tests, and the bench's warm-up). */
export async function languagesSettled(): Promise<void> {
  if (grammarIndex.state().status === 'loading') await grammarIndex.load().catch(() => undefined);
  // The index's arrival queues its grammars in a callback after this await's.
  await Promise.resolve();
  while (loading.size > 0) await Promise.all(loading.values());
}

export function subscribeLanguages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const FENCE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*([\w+#.-]+)/gm;

/** The languages a markdown source's fences name (once their line is complete), lower-cased, each once. */
export function fenceLanguages(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(FENCE)) {
    // The info line must be complete: a streamed "```c" may yet become "```cpp". Found by a search
    // of its own, not by the pattern: `[^\n]*\n` after the name backtracked over a long last line
    // in quadratic time (a 40 KB unfinished fence line took seconds).
    if (source.indexOf('\n', match.index + match[0].length) === -1) break;
    found.add(match[1]!.toLowerCase());
  }
  return [...found];
}

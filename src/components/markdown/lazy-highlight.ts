import type { Element, ElementContent, Root, RootContent } from 'hast';
import { createLowlight } from 'lowlight';
import { loadedGrammars } from './highlight-languages';

// One highlighter; grammars are registered into it as they arrive (each compiled on first use).
const lowlight = createLowlight();
let registered = 0;

/** Registers the grammars that arrived since the last render (and with them their aliases: py, sh…). */
function registerArrived(): void {
  const grammars = loadedGrammars();
  if (grammars.size === registered) return;
  for (const [file, grammar] of grammars) if (!lowlight.registered(file)) lowlight.register(file, grammar);
  registered = grammars.size;
}

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
const transform = (tree: Root) => {
  registerArrived();
  visit(tree);
};
export const lazyHighlight = () => transform;

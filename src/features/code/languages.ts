import type { LanguageSupport } from '@codemirror/language';

/** A language the picker offers: its wire name (sent as `language`) and its highlighting. */
export interface CodeLanguage {
  /** The request's `language`; `auto` is the server default and is not sent. */
  id: string;
  label: string;
  /**
   * Fetches the language's grammar and makes its highlighting. Each grammar is a chunk of its own,
   * fetched when its language is first chosen or guessed: the eight of them were about 115 KB
   * (brotli) of every visit to /code (issue 29, item 10), most of them never used.
   */
  support: (() => Promise<LanguageSupport>) | null;
}

export const AUTO_LANGUAGE = 'auto';

export const CODE_LANGUAGES: readonly CodeLanguage[] = [
  { id: AUTO_LANGUAGE, label: 'auto (server default)', support: null },
  { id: 'python', label: 'Python', support: () => import('./python-support').then((m) => m.pythonSupport()) },
  {
    id: 'javascript',
    label: 'JavaScript',
    support: () => import('@codemirror/lang-javascript').then((m) => m.javascript({ jsx: true })),
  },
  {
    id: 'typescript',
    label: 'TypeScript',
    support: () =>
      import('@codemirror/lang-javascript').then((m) => m.javascript({ typescript: true, jsx: true })),
  },
  { id: 'rust', label: 'Rust', support: () => import('@codemirror/lang-rust').then((m) => m.rust()) },
  { id: 'go', label: 'Go', support: () => import('@codemirror/lang-go').then((m) => m.go()) },
  { id: 'java', label: 'Java', support: () => import('@codemirror/lang-java').then((m) => m.java()) },
  { id: 'c', label: 'C', support: () => import('@codemirror/lang-cpp').then((m) => m.cpp()) },
  { id: 'cpp', label: 'C++', support: () => import('@codemirror/lang-cpp').then((m) => m.cpp()) },
  { id: 'sql', label: 'SQL', support: () => import('@codemirror/lang-sql').then((m) => m.sql()) },
  { id: 'json', label: 'JSON', support: () => import('@codemirror/lang-json').then((m) => m.json()) },
  { id: 'shell', label: 'Shell', support: null },
];

// First match wins; the order puts the most telling signs first. Only for highlighting: the
// request still says `auto` (by leaving `language` out), so the server decides for itself.
const GUESSES: [string, RegExp][] = [
  ['json', /^\s*[[{]\s*"/],
  ['rust', /\bfn\s+\w+\s*[(<]|\blet\s+mut\b|\bimpl\b|\buse\s+std::/],
  ['go', /^\s*package\s+\w+|\bfunc\s+(\(\w+\s+\*?\w+\)\s*)?\w+\s*\(/m],
  ['python', /^\s*(def|class)\s+\w+.*:\s*$|^\s*(import\s+\w+|from\s+\S+\s+import)\b/m],
  ['cpp', /^\s*#include\b|\bstd::|\btemplate\s*</m],
  ['java', /\bpublic\s+(static\s+)?(class|void|int|String)\b|\bSystem\.out\./],
  ['sql', /^\s*(select|insert|update|delete|create\s+table|with)\b/im],
  ['typescript', /\binterface\s+\w+\s*{|:\s*(string|number|boolean)\b|\btype\s+\w+\s*=/],
  ['javascript', /\b(function|const|let|var|=>|console\.)\b|=>/],
];

/** The language whose highlighting suits a prompt when the picker says `auto`. */
export function guessLanguage(prompt: string): CodeLanguage | null {
  const hit = GUESSES.find(([, pattern]) => pattern.test(prompt));
  return hit ? (findLanguage(hit[0]) ?? null) : null;
}

/** The picker entry of a wire name (undefined for names the picker does not list). */
export function findLanguage(id: string): CodeLanguage | undefined {
  return CODE_LANGUAGES.find((l) => l.id === id);
}

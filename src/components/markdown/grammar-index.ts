import type { LanguageFn } from 'lowlight';
import { LANGUAGE_ALIASES } from './language-aliases';

// One chunk per grammar, fetched on demand (the .js.js files are deprecated re-exports). The map of
// them and the alias table come only with the first fence that names a language.
const GRAMMARS = import.meta.glob<LanguageFn>(
  ['/node_modules/highlight.js/es/languages/*.js', '!/node_modules/highlight.js/es/languages/*.js.js'],
  { import: 'default' },
);
const PREFIX = '/node_modules/highlight.js/es/languages/';

/** The grammar file a fence's language names (`js` → javascript), or null when none does. */
export function grammarFor(language: string): string | null {
  const name = language.toLowerCase();
  const file = LANGUAGE_ALIASES[name] ?? name;
  return `${PREFIX}${file}.js` in GRAMMARS ? file : null;
}

/** Fetches the grammar `grammarFor` named. */
export const loadGrammar = (file: string): Promise<LanguageFn> => GRAMMARS[`${PREFIX}${file}.js`]!();

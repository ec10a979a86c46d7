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
  // A fence's language is the reply's to choose: `constructor` must not read Object's members.
  const file = Object.hasOwn(LANGUAGE_ALIASES, name) ? LANGUAGE_ALIASES[name]! : name;
  return Object.hasOwn(GRAMMARS, `${PREFIX}${file}.js`) ? file : null;
}

/** Fetches the grammar `grammarFor` named. */
export const loadGrammar = (file: string): Promise<LanguageFn> => GRAMMARS[`${PREFIX}${file}.js`]!();

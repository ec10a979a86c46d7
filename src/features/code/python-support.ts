import { LanguageSupport } from '@codemirror/language';
import { pythonLanguage } from '@codemirror/lang-python';

/**
 * Python's highlighting, without what `python()` adds: two completion sources, which this editor
 * never asks for (it has no completion popup), and which brought @codemirror/autocomplete (about
 * 2.8 KB brotli) onto /code's first load with the example prompt's grammar. Imported statically
 * here, so the bundle keeps only the language (a dynamic import of the package keeps all of it).
 */
export function pythonSupport(): LanguageSupport {
  return new LanguageSupport(pythonLanguage);
}

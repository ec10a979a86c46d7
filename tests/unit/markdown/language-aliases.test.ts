/**
 * The alias table the markdown renderer loads grammars by is highlight.js's own: every alias each
 * installed grammar declares names that grammar, and the table names nothing else. An upgrade of
 * highlight.js that adds or moves an alias fails here until the table is made again.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import hljs from 'highlight.js/lib/core';
import type { LanguageFn } from 'highlight.js';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_ALIASES } from '../../../src/components/markdown/language-aliases';

const DIR = path.resolve('node_modules/highlight.js/es/languages');

describe('LANGUAGE_ALIASES', () => {
  it('is the aliases the installed grammars declare', async () => {
    const names = readdirSync(DIR)
      .filter((file) => file.endsWith('.js') && !file.endsWith('.js.js'))
      .map((file) => file.slice(0, -3));
    expect(names.length).toBeGreaterThan(150);
    const declared: Record<string, string> = {};
    for (const name of names.sort()) {
      const grammar = ((await import(`highlight.js/lib/languages/${name}`)) as { default: LanguageFn })
        .default;
      for (const alias of grammar(hljs).aliases ?? []) {
        if (alias.toLowerCase() !== name) declared[alias.toLowerCase()] = name;
      }
    }
    expect(LANGUAGE_ALIASES).toEqual(declared);
  });
});

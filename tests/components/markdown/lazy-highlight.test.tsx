/**
 * Grammars load when a fence names them: the code shows plain at once, then highlighted when its
 * grammar arrives, by an alias as by its name; a language with no grammar stays plain.
 */
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../../src/components/markdown';
import { grammarFor } from '../../../src/components/markdown/grammar-index';
import {
  fenceLanguages,
  languageReady,
  languagesSettled,
  requestLanguages,
} from '../../../src/components/markdown/highlight-languages';
import { blocksParsed } from './blocks-parsed';

describe('grammars on demand', () => {
  it('finds the languages of complete fence lines only', async () => {
    expect(fenceLanguages('```py\nx = 1\n```\n\n~~~ Rust {.x}\nfn main() {}\n~~~\n```c')).toEqual([
      'py',
      'rust',
    ]);
    expect(grammarFor('py')).toBe('python');
    expect(grammarFor('C++')).toBe('cpp');
    expect(grammarFor('no-such-language')).toBeNull();
    // Until the index of grammars has come, no language can be told ready, not even one without any.
    expect(languageReady('no-such-language')).toBe(false);
    requestLanguages(['no-such-language']);
    await languagesSettled();
    expect(languageReady('no-such-language')).toBe(true);
  });

  it('shows a fence plain, then highlighted once its grammar has loaded', async () => {
    expect(languageReady('rb')).toBe(false);
    const { container } = render(<Markdown text={'```rb\ndef answer\n  42\nend\n```'} />);
    await blocksParsed(container);
    const code = () => container.querySelector('pre code')!;
    expect(code()).toHaveTextContent('def answer');
    // A grammar is a module of its own: on a loaded machine its first import can take a while.
    await waitFor(() => expect(code().querySelector('.hljs-keyword')).toHaveTextContent('def'), {
      timeout: 60_000,
    });
    expect(code()).toHaveClass('hljs', 'language-rb');
    expect(languageReady('ruby')).toBe(true);
  });

  it('leaves a fence in a language without a grammar as plain text', async () => {
    const { container } = render(<Markdown text={'```klingon\nQapla!\n```'} />);
    await blocksParsed(container);
    await languagesSettled();
    expect(container.querySelector('pre code')).toHaveTextContent('Qapla!');
    expect(container.querySelector('pre code [class^="hljs-"]')).toBeNull();
  });
});

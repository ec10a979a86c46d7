import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from '../../../src/components/markdown';
import { blocksParsed } from './blocks-parsed';

afterEach(() => vi.restoreAllMocks());

describe('CodeBlock', () => {
  it('labels the language and highlights the code', async () => {
    const { container } = render(<Markdown text={'```ts\nconst answer = 42;\n```'} />);
    await blocksParsed(container);
    expect(screen.getByText('ts')).toBeInTheDocument();
    // The grammar loads when a fence first names it.
    await waitFor(
      () => expect(container.querySelector('code.hljs.language-ts .hljs-keyword')).toHaveTextContent('const'),
      { timeout: 60_000 },
    );
  });

  it('copies the code text and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<Markdown text={'```python\nprint("hi")\n```'} />);
    await user.click(await screen.findByRole('button', { name: /copy python/i }));
    expect(writeText).toHaveBeenCalledWith('print("hi")\n');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Code copied to clipboard');
  });

  it('tells the user when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    render(<Markdown text={'```\nplain\n```'} />);
    await user.click(await screen.findByRole('button', { name: /copy code/i }));
    expect(await screen.findByRole('button', { name: 'Copy failed' })).toBeInTheDocument();
    expect(screen.getByText('text')).toBeInTheDocument();
  });

  it('returns to the copy label after a moment', async () => {
    await blocksParsed(render(<Markdown text={'```\nx\n```'} />).container);
    vi.useFakeTimers();
    try {
      vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
      await act(async () => screen.getByRole('button').click());
      expect(screen.getByRole('button')).toHaveTextContent('Copied');
      act(() => vi.advanceTimersByTime(2100));
      expect(screen.getByRole('button')).toHaveTextContent('Copy');
    } finally {
      vi.useRealTimers();
    }
  });
});

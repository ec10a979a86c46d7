/**
 * The markdown renderer is not part of the page: a reply shows its own words as plain text until
 * the renderer has arrived, then its blocks are parsed. A renderer that cannot be fetched leaves
 * the words readable, says so, and can be fetched again.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Markdown } from '../../../src/components/markdown';
import { markdownRenderer } from '../../../src/components/markdown/markdown-renderer';
import { blocksParsed } from './blocks-parsed';

const fetching = vi.hoisted(() => ({ fail: true }));
vi.mock('../../../src/components/markdown/parse-markdown', async (importOriginal) => {
  if (fetching.fail) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

describe('the markdown renderer, fetched with the first reply', () => {
  it('shows the words plain when it cannot be fetched, says why, and parses them after a retry', async () => {
    expect(markdownRenderer.state().status).toBe('idle');
    const { container } = render(<Markdown text={'# Title\n\nSome **bold** words.'} />);
    // Before it is here: every block is its own words, waiting.
    expect(container.querySelector('h1')).toBeNull();
    expect([...container.querySelectorAll('[data-md-pending]')].map((b) => b.textContent)).toEqual([
      '# Title',
      'Some **bold** words.',
    ]);
    // The reason is the import's own error (vitest wraps the one thrown above in its own words).
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Shown as plain text: the markdown renderer could not be loaded \(.+\)\.\s*Try again$/,
    );
    expect(container).toHaveTextContent('Some **bold** words.');

    fetching.fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(markdownRenderer.state().status).toBe('ready'));
    await blocksParsed(container);
    expect(container.querySelector('h1')).toHaveTextContent('Title');
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

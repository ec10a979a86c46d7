import { screen, within } from '@testing-library/react';

/** The titles the chat page's sidebar lists, in its order. */
export function savedTitles(): string[] {
  const list = screen.getByRole('list', { name: 'Saved conversations' });
  return within(list)
    .queryAllByRole('button')
    .filter(
      (b) =>
        !/^(Rename|Delete) /.test(b.getAttribute('aria-label') ?? '') &&
        !/^Show \d+ more/.test(b.textContent ?? ''),
    )
    .map((b) => b.textContent ?? '');
}

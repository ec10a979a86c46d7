import { screen, within } from '@testing-library/react';

/** The titles the chat page's sidebar lists, in its order. */
export function savedTitles(): string[] {
  const list = screen.getByRole('list', { name: 'Saved conversations' });
  // Named by their Open buttons: a row also shows the date and model, and its actions.
  return within(list)
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? '')
    .filter((label) => label.startsWith('Open '))
    .map((label) => label.slice('Open '.length));
}

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NotedButton } from '../../../src/components/ui/noted-button';

describe('a button with a note', () => {
  it('keeps the keyboard’s focus while it works, runs once however often pressed, then says what it did', async () => {
    const user = userEvent.setup();
    let finish: (note: string) => void = () => undefined;
    let runs = 0;
    render(
      <NotedButton
        label="Copy"
        name="Copy message 3"
        run={() => {
          runs++;
          return new Promise<string>((resolve) => (finish = resolve));
        }}
      />,
    );
    const button = screen.getByRole('button', { name: 'Copy message 3' });
    button.focus();
    await user.keyboard('{Enter}');
    // Busy: said, not disabled (a disabled button would drop the focus to the page's start).
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(runs).toBe(1);
    await act(async () => finish('Copied'));
    expect(await screen.findByRole('status')).toHaveTextContent('Copied');
    expect(button).toHaveAttribute('aria-disabled', 'false');
    expect(button).toHaveFocus();
  });
});

/**
 * The token heatmap shared by the chat page and the compare cells: line breaks kept, one Tab stop
 * with arrow keys along the tokens, and one popup outside every container (so none can clip it).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LogprobsView } from '../../../src/components/logprobs';

const tokens = [
  { token: 'Hello', logprob: Math.log(0.95), top_logprobs: [{ token: 'Hello', logprob: Math.log(0.95) }] },
  { token: '.\n\n', logprob: Math.log(0.5), top_logprobs: [{ token: '!', logprob: Math.log(0.3) }] },
  { token: 'Next', logprob: Math.log(0.2), top_logprobs: [] },
  { token: ' line', logprob: Math.log(0.7), top_logprobs: [] },
];

function renderClipped() {
  // A scrolling, clipping container, as a compare cell's reply and the transcript's rows are.
  return render(
    <div style={{ overflow: 'hidden', height: 40 }} data-testid="clip">
      <LogprobsView logprobs={tokens} />
    </div>,
  );
}

describe('LogprobsView', () => {
  it('keeps line breaks: a newline token shows ↵ and the text breaks after it', () => {
    renderClipped();
    const group = screen.getByRole('group', { name: 'Token probabilities' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Hello', '.↵↵', 'Next', ' line']);
    expect(buttons[1]!.nextSibling?.textContent).toBe('\n\n');
    expect(group.textContent).toContain('.↵↵\n\nNext');
  });

  it('is one Tab stop, walked with arrow keys, Home and End, with the focused token’s popup', async () => {
    const user = userEvent.setup();
    renderClipped();
    const buttons = within(screen.getByRole('group', { name: 'Token probabilities' })).getAllByRole('button');
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);

    await user.tab();
    expect(buttons[0]).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('"Hello" 95.0%');
    await user.keyboard('{ArrowRight}');
    expect(buttons[1]).toHaveFocus();
    const popup = screen.getByRole('tooltip');
    expect(popup).toHaveTextContent('".\\n\\n" 50.0%');
    expect(popup).toHaveTextContent('"!" 30.0%');
    expect(buttons[1]).toHaveAttribute('aria-describedby', popup.id);
    await user.keyboard('{End}');
    expect(buttons[3]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(buttons[0]).toHaveFocus();
    // Tab leaves the heatmap in one step, and coming back lands on the token last focused.
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await user.tab();
    expect(document.body).toHaveFocus();
    await user.tab();
    expect(buttons[2]).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('No alternatives');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('puts the popup outside the clipping container, fixed to the viewport', async () => {
    const user = userEvent.setup();
    renderClipped();
    await user.hover(screen.getByRole('button', { name: 'Next' }));
    const popup = screen.getByRole('tooltip');
    expect(screen.getByTestId('clip').contains(popup)).toBe(false);
    expect(popup.style.position).toBe('fixed');
    await user.unhover(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  REASONING_PIECE_CHARS,
  REASONING_TAIL_CHARS,
  ReasoningPane,
} from '../../../src/features/chat/components/reasoning-pane';
import type { MessageReasoning } from '../../../src/lib/chat';

const MiB = 1024 * 1024;
const reasoning = (text: string, endedAt: number | null = 1): MessageReasoning => ({
  text,
  tokens: Math.round(text.length / 4),
  startedAt: 0,
  endedAt,
});
const drawn = () => screen.getByRole('region', { name: 'Thinking' }).textContent?.length ?? 0;

describe('the reasoning pane with a huge text', () => {
  it('draws only the tail of 8 MiB while it streams', () => {
    const text = 'a'.repeat(8 * MiB - 3) + 'end';
    render(<ReasoningPane reasoning={reasoning(text, null)} live />);
    expect(drawn()).toBe(REASONING_TAIL_CHARS);
    expect(screen.getByRole('region', { name: 'Thinking' }).textContent?.endsWith('end')).toBe(true);
    expect(screen.getByText(/Showing the last 16.0 KB of 8.0 MB/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /earlier/ })).toBeNull();
  });

  it('shows the whole text on demand, a piece at a time', async () => {
    const user = userEvent.setup();
    const text = 'b'.repeat(600 * 1024);
    render(<ReasoningPane reasoning={reasoning(text)} live={false} />);
    expect(drawn()).toBe(REASONING_TAIL_CHARS);
    await user.click(screen.getByRole('button', { name: 'Show 256.0 KB earlier' }));
    expect(drawn()).toBe(REASONING_TAIL_CHARS + REASONING_PIECE_CHARS);
    await user.click(screen.getByRole('button', { name: 'Show 256.0 KB earlier' }));
    await user.click(screen.getByRole('button', { name: /earlier/ }));
    expect(drawn()).toBe(text.length);
    expect(screen.queryByRole('button', { name: /earlier/ })).toBeNull();
  });

  it('draws a short text whole, as before', () => {
    render(<ReasoningPane reasoning={reasoning('short thought')} live={false} />);
    expect(screen.getByRole('region', { name: 'Thinking' }).textContent).toBe('short thought');
  });
});

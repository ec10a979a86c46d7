import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from '../../../src/features/chat/components/composer';

describe('the composer on a touch screen', () => {
  it('hides its keyboard hints where the pointer is coarse, keeping what Send will do', () => {
    render(
      // The composer may read the model list (its context meter): a client of its own, no retries.
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Composer
          conversationId="c1"
          busy={false}
          sendKey="enter"
          awaitsReply="reply"
          onSend={vi.fn()}
          onRun={vi.fn()}
          onAdd={vi.fn()}
          onStop={vi.fn()}
        />
      </QueryClientProvider>,
    );
    const hints = screen.getByTestId('keyboard-hints');
    expect(hints).toHaveTextContent('Enter sends · Shift+Enter new line · Esc stops · ? shortcuts');
    // Tailwind's pointer-coarse variant: @media (pointer: coarse) { display: none }.
    expect(hints.className.split(' ')).toContain('pointer-coarse:hidden');
    // What Send does is not a key hint: it stays on every screen.
    const note = screen.getByText(/The last message awaits a reply/);
    expect(note.className).not.toMatch(/pointer-coarse/);
  });
});

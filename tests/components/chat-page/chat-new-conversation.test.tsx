/**
 * "New conversation" never piles up blank entries: while the conversation shown is still empty, it
 * is the new one, and the page says so; once it has a message, a new one is made.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chatService, finishedReply, openChat, send } from './chat-harness';
import { savedTitles } from './saved-titles';

describe('chat page: new conversations', () => {
  it('keeps one blank conversation, however often New conversation is pressed', async () => {
    const service = chatService();
    const { user, router } = await openChat(service);
    await waitFor(() => expect(savedTitles()).toEqual(['New conversation']));
    const blank = router.state.location.pathname;
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(
      await screen.findByText('The conversation shown is still empty: it is your new one.'),
    ).toHaveAttribute('role', 'status');
    expect(savedTitles()).toEqual(['New conversation']);
    expect(router.state.location.pathname).toBe(blank);

    await send(user, 'Now it has words');
    await finishedReply();
    // It has a message now: the note goes with it, not at the next press of New.
    await waitFor(() =>
      expect(screen.queryByText('The conversation shown is still empty: it is your new one.')).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(savedTitles()).toHaveLength(2));
    expect(screen.queryByText('The conversation shown is still empty: it is your new one.')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).not.toBe(blank));
  });
});

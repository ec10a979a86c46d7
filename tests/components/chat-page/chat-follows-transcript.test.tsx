import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeScrollLayout } from '../chat-transcript/fake-scroll-layout';
import { chatService, finishedReply, openChat, rows, send } from './chat-harness';

describe('chat page: sending follows the conversation', () => {
  it('brings the message just sent, and its reply, into view when the reader had scrolled up', async () => {
    const { user } = await openChat(chatService());
    const messages = Array.from({ length: 40 }, (_, i) => ({
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `Message ${i + 1}`,
    }));
    await user.click(screen.getByRole('button', { name: 'Import/Export' }));
    await user.click(await screen.findByRole('textbox', { name: 'JSON to import' }));
    await user.paste(JSON.stringify({ messages }));
    await user.click(screen.getByRole('button', { name: 'Import pasted JSON' }));
    await waitFor(() => expect(rows()).toHaveLength(40));
    await user.keyboard('{Escape}');

    // Every row 100 px tall, 300 px shown: the last rows only fit at the end of 4,000 px.
    const layout = fakeScrollLayout(screen.getByRole('list', { name: 'Transcript' }), {
      rowHeight: () => 100,
    });
    // The transcript opened at its end (layout arrived only now); the reader goes up to the top.
    await act(() => layout.scrollByReader(layout.max()));
    await act(() => layout.scrollByReader(0));
    await screen.findByRole('button', { name: 'Jump to latest' });

    await send(user, 'One more question');
    await finishedReply();
    expect(rows()).toHaveLength(42);
    expect(rows()[40]!.textContent).toContain('One more question');
    await waitFor(() => expect(layout.rowInView(40)).toBe(true));
    expect(layout.rowInView(41)).toBe(true);
    expect(screen.queryByRole('button', { name: /^Jump to latest/ })).toBeNull();
  });
});

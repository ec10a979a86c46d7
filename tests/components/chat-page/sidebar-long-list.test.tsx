import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConversationSidebar } from '../../../src/features/chat/page/conversation-sidebar';
import { createChatStores } from '../../../src/features/chat/chat-stores';
import { ChatStoresProvider } from '../../../src/features/chat/chat-stores-context';

const summaries = Array.from({ length: 450 }, (_, i) => ({
  id: `c${i}`,
  title: `Conversation ${i}`,
  updatedAt: 450 - i,
}));

function sidebar(activeId: string) {
  const stores = createChatStores();
  stores.conversations.setState({ summaries, activeId });
  render(
    <MemoryRouter>
      <ChatStoresProvider stores={stores}>
        <ConversationSidebar />
      </ChatStoresProvider>
    </MemoryRouter>,
  );
  const list = screen.getByRole('list', { name: 'Saved conversations' });
  // Counted by selector: role queries over hundreds of buttons take seconds in jsdom.
  return { list, opened: () => list.querySelectorAll('button[aria-label^="Open "]').length };
}

// An import can bring tens of thousands of conversations: the list draws them in steps.
describe('the conversation list, long', () => {
  it('draws 200 at first and 200 more per "Show more", with the open one always listed', async () => {
    const { list, opened } = sidebar('c420');
    expect(opened()).toBe(201);
    expect(list.querySelector('button[aria-label="Open Conversation 420"]')).not.toBeNull();
    await userEvent.click(within(list).getByText('Show 200 more of 250'));
    expect(opened()).toBe(401);
    await userEvent.click(within(list).getByText('Show 50 more of 50'));
    expect(opened()).toBe(450);
    expect(within(list).queryByText(/^Show \d+ more/)).toBeNull();
  });
});

/**
 * A stored record no version of the page can open (written by an older or hostile version): the
 * page opens anyway, with a new conversation, says which record is damaged and offers to export what
 * it holds or delete it; the other conversations are untouched.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { set } from 'idb-keyval';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  CONVERSATIONS_INDEX_KEY,
  conversationKey,
  conversationsStore,
} from '../../../src/lib/chat/conversation-keys';
import { chatService, openChat } from './chat-harness';
import { savedTitles } from './saved-titles';

describe('chat page: a damaged stored record', () => {
  it('opens a new conversation, names the damage and offers Export it and Delete it', async () => {
    globalThis.indexedDB = new IDBFactory();
    const store = conversationsStore();
    const now = Date.now();
    await set(conversationKey('broken'), { id: 'broken', title: 'Broken', messages: 'not a list' }, store);
    await set(
      conversationKey('fine'),
      {
        id: 'fine',
        title: 'Fine',
        createdAt: now - 10,
        updatedAt: now - 10,
        model: 'svc-chat',
        systemPrompt: '',
        messages: [{ id: 'u1', role: 'user', content: 'Still here', createdAt: now - 10 }],
        parameters: {},
      },
      store,
    );
    await set(
      CONVERSATIONS_INDEX_KEY,
      [
        { id: 'broken', title: 'Broken', updatedAt: now },
        { id: 'fine', title: 'Fine', updatedAt: now - 10 },
      ],
      store,
    );

    const { user } = await openChat(chatService(), { keepStorage: true });
    const alert = await screen.findByText('A saved conversation cannot be opened', undefined, {
      timeout: 60_000,
    });
    const notice = alert.closest('[role="alert"]') as HTMLElement;
    expect(notice).toHaveTextContent("this conversation's stored record is damaged");
    expect(within(notice).getByRole('button', { name: 'Export it' })).toBeInTheDocument();
    // A new conversation is shown instead, and the others are listed as before.
    await waitFor(() =>
      expect(savedTitles()).toEqual(expect.arrayContaining(['Broken', 'Fine', 'New conversation'])),
    );
    expect(screen.getByRole('list', { name: 'Transcript' }).children).toHaveLength(0);

    await user.click(within(notice).getByRole('button', { name: 'Delete it' }));
    await waitFor(() => expect(savedTitles()).not.toContain('Broken'));
    expect(savedTitles()).toContain('Fine');
    expect(screen.queryByText('A saved conversation cannot be opened')).toBeNull();
  }, 30_000);
});

/**
 * The markdown renderer is fetched ahead of the first reply when a stored conversation is about to
 * be shown (its fetch then runs beside the read from storage), and not for a first visit, whose page
 * has no reply to draw.
 */
import { waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { markdownRenderer } from '../../../src/components/markdown/markdown-renderer';
import { createConversationStore } from '../../../src/features/chat/storage';
import { newConversationOptions } from '../../../src/features/chat/session';
import { chatService, openChat, rows } from './chat-harness';

describe('the markdown renderer, fetched ahead of a stored conversation', () => {
  it('is not fetched for a first visit, and is, beside the read, when a conversation is stored', async () => {
    const first = await openChat(chatService());
    // A new, empty conversation: nothing to draw as markdown.
    expect(rows()).toHaveLength(0);
    expect(markdownRenderer.state().status).toBe('idle');
    first.unmount();

    // A stored conversation holding only a question: no reply mounts the renderer, so the fetch is
    // the page's own, started when the list said there was something to open.
    globalThis.indexedDB = new IDBFactory();
    const store = createConversationStore();
    const { model, parameters } = newConversationOptions();
    const conversation = await store.create({ model, parameters });
    await store.save({
      ...conversation,
      messages: [{ id: 'q1', role: 'user', content: 'A stored question', createdAt: Date.now() }],
    });
    store.dispose();
    await openChat(chatService(), { keepStorage: true });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(markdownRenderer.state().status).not.toBe('idle');
    await waitFor(() => expect(markdownRenderer.state().status).toBe('ready'));
  });
});

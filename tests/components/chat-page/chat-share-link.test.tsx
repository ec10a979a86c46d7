/**
 * A conversation shared as a link: the link carries it whole in the fragment (never the key), and
 * opening it says what it holds and asks before it is saved (any site can send a visitor to such a
 * link); once asked, it comes in as a new one at its own address. A damaged link is refused with a
 * reason and nothing is made of it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readShared, sharedData } from '../../../src/lib/chat/share-link';
import { TEST_KEY } from '../support/local-service';
import { chatService, finishedReply, openChat, rows, send } from './chat-harness';

describe('chat page: share a conversation as a link', () => {
  it('makes a link that holds the conversation and no key, and opens it elsewhere as a new conversation', async () => {
    const service = chatService();
    const first = await openChat(service);
    await send(first.user, 'Shared words, exactly');
    await finishedReply();
    await first.user.click(screen.getByRole('button', { name: 'Import/Export' }));
    await first.user.click(await screen.findByRole('button', { name: 'Make a link' }, { timeout: 60_000 }));
    // The export format and the codec are fetched with the first link: slow in jsdom on a busy machine.
    const field = await screen.findByRole('textbox', { name: 'Share link' }, { timeout: 60_000 });
    const link = new URL((field as HTMLInputElement).value);
    expect(link.pathname).toBe('/chat');
    expect(link.search).toBe('');
    expect(link.href).not.toContain(TEST_KEY);
    const carried = await readShared(sharedData(link.hash)!);
    expect(carried.ok && carried.json).toContain('Shared words, exactly');
    expect(carried.ok && carried.json).not.toContain(TEST_KEY);
    first.unmount();

    // Another browser: storage of its own (openChat starts a fresh one), the link as its address.
    const other = await openChat(service, { path: `/chat${link.hash}` });
    const offer = await screen.findByRole('region', { name: 'Shared conversation' }, { timeout: 60_000 });
    expect(offer).toHaveTextContent(
      /This link holds a conversation: .+, 2 messages, \d+(\.\d)? (KB|bytes)\./,
    );
    // Nothing is saved or shown until asked: the page opened a conversation of its own meanwhile.
    await waitFor(() => expect(other.router.state.location.pathname).toMatch(/^\/chat\/[0-9a-f-]{36}$/));
    expect(rows()).toHaveLength(0);
    await other.user.click(within(offer).getByRole('button', { name: 'Open it' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Shared words, exactly'));
    expect(screen.queryByRole('region', { name: 'Shared conversation' })).toBeNull();
    expect(rows()).toHaveLength(2);
    await waitFor(() => expect(other.router.state.location.pathname).toMatch(/^\/chat\/[0-9a-f-]{36}$/));
    // The fragment is gone from the address once it is in: a reload must not import it again.
    expect(other.router.state.location.hash).toBe('');
  }, 30_000);

  it('keeps nothing of a link that was not opened', async () => {
    const service = chatService();
    const first = await openChat(service);
    await send(first.user, 'Mine, kept');
    await finishedReply();
    first.unmount();
    const { exportConversation } = await import('../../../src/lib/chat/conversation-format');
    const { shareFragment } = await import('../../../src/lib/chat/share-link');
    const hash = await shareFragment(
      exportConversation({
        id: 'shared-1',
        title: 'From a stranger',
        createdAt: 1,
        updatedAt: 8.64e15,
        model: 'svc-chat',
        systemPrompt: '',
        messages: [{ id: 'u1', role: 'user', content: 'Hello', createdAt: 1 }],
        parameters: {},
      }),
    );
    const other = await openChat(service, { path: `/chat#${hash}`, keepStorage: true });
    const offer = await screen.findByRole('region', { name: 'Shared conversation' }, { timeout: 60_000 });
    expect(offer).toHaveTextContent('“From a stranger”, 1 message');
    await other.user.click(within(offer).getByRole('button', { name: 'Don’t open' }));
    expect(screen.queryByRole('region', { name: 'Shared conversation' })).toBeNull();
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Mine, kept'));
    expect(screen.queryByText('From a stranger')).toBeNull();
  }, 30_000);

  it('refuses a damaged link with the reason, and shows what there is', async () => {
    const service = chatService();
    const { router } = await openChat(service, { path: '/chat#share=AAAA-not-deflate' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This shared link could not be opened: the link could not be read: it is cut off or damaged. Ask for the link again, copied whole.',
    );
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/chat\/[0-9a-f-]{36}$/));
    expect(rows()).toHaveLength(0);
  });
});

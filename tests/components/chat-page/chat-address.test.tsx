/**
 * One address per conversation: /chat/:id follows the conversation shown, back and forward step
 * through the conversations opened, a reload on /chat/:id reopens that one, and an address this
 * browser has no conversation for says so instead of showing another as if it were it.
 */
import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { chatService, finishedReply, openChat, rows, send } from './chat-harness';

const ADDRESS = /^\/chat\/([0-9a-f-]{36})$/;

async function addressed(router: { state: { location: { pathname: string } } }, not?: string) {
  let id = '';
  await waitFor(() => {
    const match = ADDRESS.exec(router.state.location.pathname);
    expect(match, router.state.location.pathname).not.toBeNull();
    expect(match![1]).not.toBe(not);
    id = match![1]!;
  });
  return id;
}

describe('chat page: a conversation’s address', () => {
  it('follows the conversation shown; back and forward step through the ones opened', async () => {
    const service = chatService();
    const { user, router } = await openChat(service);
    const first = await addressed(router);
    // /chat itself became the conversation's address in place: nothing to go back to.
    expect(router.state.historyAction).toBe('REPLACE');
    await send(user, 'Hello from the first');
    await finishedReply();

    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    const second = await addressed(router, first);
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(rows()).toHaveLength(0));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Hello from the first'));
    expect(router.state.location.pathname).toBe(`/chat/${first}`);

    await act(() => router.navigate(1));
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(router.state.location.pathname).toBe(`/chat/${second}`);
  });

  it('reopens the conversation its address names, and says so when this browser has none', async () => {
    const service = chatService();
    const opened = await openChat(service);
    const first = await addressed(opened.router);
    await send(opened.user, 'Remember me');
    await finishedReply();
    await opened.user.click(screen.getByRole('button', { name: 'New conversation' }));
    const latest = await addressed(opened.router, first);
    opened.unmount();

    // A reload on the first conversation's address: that one, not the most recent.
    const reloaded = await openChat(service, { keepStorage: true, path: `/chat/${first}` });
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Remember me'));
    expect(reloaded.router.state.location.pathname).toBe(`/chat/${first}`);
    reloaded.unmount();

    const missing = '00000000-0000-4000-8000-000000000000';
    const lost = await openChat(service, { keepStorage: true, path: `/chat/${missing}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `This browser has no conversation ${missing}: it was deleted, or it is saved in another browser`,
    );
    // The most recent is shown, at its own address, replacing the one that led nowhere.
    await waitFor(() => expect(lost.router.state.location.pathname).toBe(`/chat/${latest}`));
    expect(lost.router.state.historyAction).toBe('REPLACE');
  });
});

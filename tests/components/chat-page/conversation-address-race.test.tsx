/**
 * The address and the conversation shown stay one when the router's renders lag. A location change
 * renders as a transition, and one superseded by the next never renders: Back pressed as soon as a
 * conversation opened (a busy machine, a quick hand) goes from the old address to the old address as
 * far as the conversation id of any render can tell. Back must still open the conversation it went
 * to, not be undone by the page as if the address had not moved. On the browser's own history
 * (jsdom's), as the app runs.
 */
import { render, waitFor } from '@testing-library/react';
import { act, useState } from 'react';
import { createBrowserRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useConversationAddress } from '../../../src/features/chat/page/use-conversation-address';

const routers: { dispose: () => void }[] = [];
afterEach(() => {
  for (const router of routers.splice(0)) router.dispose();
});

/** The chat page opened on plain /chat, showing `start`: the address becomes its own, in place. */
async function setup(start: string) {
  window.history.replaceState(null, '', '/chat');
  let show: (id: string) => void = () => undefined;
  const opened: string[] = [];
  /** The address's conversation id at each render of the page. */
  const rendered: (string | undefined)[] = [];
  function Page() {
    const [active, setActive] = useState(start);
    rendered.push(useParams().conversationId);
    show = setActive;
    // One function for the page's life, as the chat page's is.
    const [openAddressed] = useState(() => async (id: string) => {
      opened.push(id);
      setActive(id);
      return true;
    });
    useConversationAddress(active, openAddressed, null);
    return <p>{active}</p>;
  }
  const router = createBrowserRouter([{ path: '/chat/:conversationId?', element: <Page /> }]);
  routers.push(router);
  const view = render(<RouterProvider router={router} />);
  await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${start}`));
  expect(router.state.historyAction).toBe('REPLACE');
  // Back to this entry later, as the browser goes back: the entry (its state) current again, popstate.
  const entry = { state: window.history.state as unknown, url: window.location.pathname };
  const back = () => {
    window.history.replaceState(entry.state, '', entry.url);
    window.dispatchEvent(new PopStateEvent('popstate', { state: entry.state }));
  };
  return {
    router,
    opened,
    rendered,
    back,
    show: (id: string) => act(() => show(id)),
    shown: () => view.container.textContent,
  };
}

describe('chat page: the address under lagging renders', () => {
  it('opens the conversation Back went to, though the address it left never rendered', async () => {
    const { router, opened, back, show, shown } = await setup('kept');
    // Back as the page's push lands in the router: both updates reach React before it renders.
    let pending = true;
    const unsubscribe = router.subscribe((state) => {
      if (pending && state.location.pathname === '/chat/pasted') {
        pending = false;
        back();
      }
    });
    await show('pasted');
    await waitFor(() => expect(pending).toBe(false));
    unsubscribe();
    await waitFor(() => expect(opened).toEqual(['kept']));
    await waitFor(() => expect(shown()).toBe('kept'));
    expect(router.state.location.pathname).toBe('/chat/kept');
  });

  it('follows the page to the conversation it opened, and Back once that has rendered', async () => {
    const { router, opened, rendered, back, show, shown } = await setup('first');
    await show('second');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/second'));
    expect(router.state.historyAction).toBe('PUSH');
    // The page has rendered at the address it pushed (where an address move would open a
    // conversation), and opened none.
    await waitFor(() => expect(rendered.at(-1)).toBe('second'));
    expect(opened).toEqual([]);
    expect(shown()).toBe('second');
    await act(async () => back());
    await waitFor(() => expect(opened).toEqual(['first']));
    await waitFor(() => expect(shown()).toBe('first'));
    expect(router.state.location.pathname).toBe('/chat/first');
  });
});

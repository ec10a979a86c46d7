import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addConnection, renderApp } from '../support/render-app';
import { inProcessService, TEST_BASE_URL, TEST_KEY } from '../support/local-service';

// Headings are matched loosely: the pages' own issues may reword them, but each names its page.
const PAGES = [
  { path: '/chat', heading: /chat/i, nav: 'Chat' },
  { path: '/code', heading: /code/i, nav: 'Code' },
  { path: '/vision', heading: /vision/i, nav: 'Vision' },
  { path: '/audio', heading: /audio/i, nav: 'Audio' },
  { path: '/models', heading: /models/i, nav: 'Models' },
  { path: '/models/svc-chat', heading: /svc-chat/, nav: 'Models' },
];

// Whole-app renders; the machine running them is shared, so allow for a slow one.

describe('app shell', () => {
  it.each(PAGES)(
    'renders the lazily loaded $path page inside the landmarks, its nav link current',
    async (page) => {
      renderApp({ path: page.path });
      // The first import of a page's chunk is transformed on the fly, which can take seconds here.
      expect(
        await screen.findByRole('heading', { level: 1, name: page.heading }, { timeout: 60_000 }),
      ).toBeInTheDocument();
      expect(screen.getByRole('banner')).toBeInTheDocument();
      expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
      const nav = screen.getByRole('navigation', { name: 'Pages' });
      expect(within(nav).getByRole('link', { name: page.nav })).toHaveAttribute('aria-current', 'page');
      for (const other of within(nav)
        .getAllByRole('link')
        .filter((l) => l.textContent !== page.nav)) {
        expect(other).not.toHaveAttribute('aria-current');
      }
    },
  );

  it('sends / to the chat page, the home page', async () => {
    const { router } = renderApp({ path: '/' });
    expect(
      await screen.findByRole('heading', { level: 1, name: /chat/i }, { timeout: 60_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chat');
  });

  it('says which path does not exist instead of rendering nothing', async () => {
    renderApp({ path: '/nowhere' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(/no page at \/nowhere/)).toBeInTheDocument();
  });

  it('moves between pages with the keyboard through the nav links', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp({ path: '/chat' });
    await screen.findByRole('heading', { level: 1, name: /chat/i }, { timeout: 60_000 });
    const codeLink = within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', {
      name: 'Code',
    });
    codeLink.focus();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: /code/i }, { timeout: 60_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/code');
  });

  it('shows the active connection in the header and switches it from there', async () => {
    const user = userEvent.setup({ delay: null });
    const service = inProcessService();
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    addConnection({ name: 'Other', baseURL: 'http://other.test/v1', apiKey: TEST_KEY });
    renderApp({ fetch: service.fetch });
    const select = await screen.findByRole('combobox', { name: 'Connection' });
    expect(select).toHaveDisplayValue('Local');
    await user.selectOptions(select, 'Other');
    expect(select).toHaveDisplayValue('Other');
    await screen.findByText('Healthy · 5 models');
    expect(service.received.at(-1)?.url).toBe('http://other.test/v1/models');
  });

  it('points a first visit with no connection to Settings', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp({ fetch: inProcessService().fetch });
    await user.click(await screen.findByRole('button', { name: 'Add a connection' }));
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    act(() => {
      addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    });
    expect(screen.queryByRole('button', { name: 'Add a connection' })).not.toBeInTheDocument();
  });
});

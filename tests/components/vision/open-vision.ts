import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';

/** @param options.maxRetries the clients' retry count; 0 for a test that reaches a 5xx on purpose. */
export async function openVision(fetch: typeof globalThis.fetch, options: { maxRetries?: number } = {}) {
  addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
  renderApp({ path: '/vision', fetch, ...options });
  // The page's lazy chunk (markdown and highlighting included) can take a while on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Vision' }, { timeout: 10_000 });
  return userEvent.setup({ delay: null });
}

export async function fillRequest(user: ReturnType<typeof userEvent.setup>, prompt: string, url: string) {
  await user.type(screen.getByRole('textbox', { name: 'Prompt' }), prompt);
  await user.type(screen.getByRole('textbox', { name: 'Image 1 URL' }), url);
}

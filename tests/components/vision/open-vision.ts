import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';

/**
 * Opens the vision page on an empty browser storage (the page keeps its work there), once its form
 * is shown.
 * @param options.maxRetries the clients' retry count; 0 for a test that reaches a 5xx on purpose.
 * @param options.keepStorage open on the storage an earlier render left, as a reload does.
 */
export async function openVision(
  fetch: typeof globalThis.fetch,
  options: { maxRetries?: number; keepStorage?: boolean } = {},
) {
  const { keepStorage = false, ...rest } = options;
  if (!keepStorage) globalThis.indexedDB = new IDBFactory();
  addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
  const rendered = renderApp({ path: '/vision', fetch, ...rest });
  // The page's lazy chunk (markdown and highlighting included) can take a while on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Vision' }, { timeout: 60_000 });
  await screen.findByRole('form', { name: 'Image analysis request' });
  return Object.assign(userEvent.setup({ delay: null }), { rendered });
}

export async function fillRequest(user: ReturnType<typeof userEvent.setup>, prompt: string, url: string) {
  await user.type(screen.getByRole('textbox', { name: 'Prompt' }), prompt);
  await user.type(screen.getByRole('textbox', { name: 'Image 1 URL' }), url);
}

/** What every audio page test stands on: stubbed object URLs, and the page open on a local connection. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, vi } from 'vitest';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';

/**
 * Registers, for every test of the calling file, a stub of `URL.createObjectURL` (jsdom has no object
 * URLs; the players only need a src) and the restoring of every mock and global afterwards.
 */
export function stubObjectUrlsEachTest(): void {
  beforeEach(() => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/audio');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}

/**
 * Opens the audio page on a connection to the in-process service reached through `fetch`, on an
 * empty browser storage (the page keeps its work there), once its form is shown.
 * @param options.maxRetries the clients' retry count; 0 for a test that reaches a 5xx on purpose.
 * @param options.keepStorage open on the storage an earlier render left, as a reload does.
 * @returns a user-event instance that may upload files the input's `accept` would refuse.
 */
export async function openAudio(
  fetch: typeof globalThis.fetch,
  options: { maxRetries?: number; keepStorage?: boolean } = {},
) {
  const { keepStorage = false, ...rest } = options;
  if (!keepStorage) globalThis.indexedDB = new IDBFactory();
  addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
  const rendered = renderApp({ path: '/audio', fetch, ...rest });
  await screen.findByRole('heading', { level: 1, name: 'Audio' }, { timeout: 60_000 });
  await screen.findByRole('form', { name: 'Transcription request' });
  return Object.assign(userEvent.setup({ delay: null, applyAccept: false }), { rendered });
}

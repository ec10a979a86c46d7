/**
 * The compare page in a background tab: the browser reports the page hidden and stops animation
 * frames, yet every chunk a cell receives still reaches the screen (and so the saved run) while the
 * replies are still streaming, not only once they end.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { compareService, engineByTemperature, loadCompareResults, steppedEngine } from './compare-service';

beforeAll(loadCompareResults, 60_000);
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'visibilityState');
  Reflect.deleteProperty(document, 'hidden');
});

/** From now on the tab is hidden: frames asked for are kept and never run, as a browser does. */
function hideTab(): { framesAsked: () => number } {
  let asked = 0;
  vi.stubGlobal('requestAnimationFrame', () => ++asked);
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
  document.dispatchEvent(new Event('visibilitychange'));
  return { framesAsked: () => asked };
}

const cells = () => screen.getAllByRole('article');

describe('compare in a background tab', () => {
  it('shows each cell’s new text while frames are paused, before the replies end', async () => {
    const user = userEvent.setup({ delay: null });
    const replies = [steppedEngine(), steppedEngine()];
    const service = compareService({
      'svc-chat': engineByTemperature({ 0: replies[0]!.engine, 1: replies[1]!.engine }),
    });
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/compare', fetch: service.fetch });
    await screen.findByRole('heading', { name: 'Compare' });
    const form = screen.getByRole('form', { name: 'Sweep' });
    await user.selectOptions(within(form).getByLabelText('Sweep parameter'), 'temperature');
    const values = within(form).getByLabelText(/^Values/);
    await user.clear(values);
    await user.type(values, '0, 1');
    await user.click(within(form).getByRole('button', { name: 'Make variants' }));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(cells()).toHaveLength(2));

    const tab = hideTab();
    for (const round of [1, 2, 3]) {
      replies.forEach((reply, i) => reply.step(`cell${i}-chunk${round} `));
      await waitFor(() =>
        cells().forEach((cell, i) => expect(cell).toHaveTextContent(`cell${i}-chunk${round}`)),
      );
      // Still streaming: the text came by the scheduler's fallback, not by the end of the run.
      expect(cells().map((cell) => cell.dataset.status)).toEqual(['streaming', 'streaming']);
    }
    // The run asked for frames, none came, and the page was updated all the same.
    expect(tab.framesAsked()).toBeGreaterThan(0);

    replies.forEach((reply) => reply.finish());
    await waitFor(() => expect(cells().map((cell) => cell.dataset.status)).toEqual(['complete', 'complete']));
  });
});

/**
 * The compare page against the local service in process: one cell stopped while the others go on
 * streaming to the end, and a sweep larger than the connection's rate limit that waits its turn
 * (the wait shown in the cells) instead of handing a 429 to any of them.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import {
  compareService,
  engineByTemperature,
  loadCompareResults,
  scriptedEngine,
  steppedEngine,
} from './compare-service';
import { eventually } from '../../support/eventually';

beforeAll(loadCompareResults, 60_000);
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const cells = () => screen.getAllByRole('article');
const statuses = () => cells().map((cell) => cell.dataset.status);

async function sweep(user: ReturnType<typeof userEvent.setup>, parameter: string, values: string) {
  const form = screen.getByRole('form', { name: 'Sweep' });
  await user.selectOptions(within(form).getByLabelText('Sweep parameter'), parameter);
  const box = within(form).getByLabelText(/^Values/);
  await user.clear(box);
  await user.type(box, values);
  await user.click(within(form).getByRole('button', { name: 'Make variants' }));
}

describe('compare: each cell on its own', () => {
  it('stops one cell and leaves the other two streaming to the end', async () => {
    const user = userEvent.setup({ delay: null });
    const replies = [steppedEngine(), steppedEngine(), steppedEngine()];
    const service = compareService({
      'svc-chat': engineByTemperature({
        0: replies[0]!.engine,
        0.5: replies[1]!.engine,
        1: replies[2]!.engine,
      }),
    });
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/compare', fetch: service.fetch });
    await screen.findByRole('heading', { name: 'Compare' });
    await sweep(user, 'temperature', '0, 0.5, 1');
    await user.click(screen.getByRole('button', { name: 'Run' }));

    await eventually(() => expect(cells()).toHaveLength(3));
    replies.forEach((reply, i) => reply.step(`first${i} `));
    await eventually(() => cells().forEach((cell, i) => expect(cell).toHaveTextContent(`first${i}`)));
    expect(statuses()).toEqual(['streaming', 'streaming', 'streaming']);

    await user.click(within(cells()[1]!).getByRole('button', { name: /^Stop / }));
    await eventually(() => expect(statuses()[1]).toBe('stopped'));
    // The others go on: more text, then their ends.
    replies[0]!.step('second0 ');
    replies[2]!.step('second2 ');
    await eventually(() => {
      expect(cells()[0]).toHaveTextContent('second0');
      expect(cells()[2]).toHaveTextContent('second2');
    });
    expect(statuses()).toEqual(['streaming', 'stopped', 'streaming']);
    replies[0]!.finish();
    replies[2]!.finish();
    await eventually(() => expect(statuses()).toEqual(['complete', 'stopped', 'complete']));
    expect(cells()[1]).toHaveTextContent('first1');
    expect(within(cells()[1]!).getByRole('status')).toHaveTextContent('Stopped: partial reply');
    expect(within(cells()[0]!).getByLabelText('Figures')).toHaveTextContent(/completion\s*40/);
  });

  it('queues a sweep of 8 on a connection allowing 5 requests per window, and no cell sees a 429', async () => {
    const user = userEvent.setup({ delay: null });
    const service = compareService(
      { 'svc-chat': scriptedEngine({ 0: 'A short reply.' }) },
      { SVC_RATE_LIMITS: 'chat=5' },
      1500,
    );
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/compare', fetch: service.fetch });
    await screen.findByRole('heading', { name: 'Compare' });
    await sweep(user, 'seed', '1..8');
    expect(within(screen.getByRole('region', { name: 'Variants' })).getAllByRole('listitem')).toHaveLength(8);
    await user.click(screen.getByRole('button', { name: 'Run' }));

    // Past the limit, cells say they wait for it (with the seconds left), rather than fail.
    await eventually(() =>
      expect(screen.getAllByText(/Waiting for the rate limit, \d+ s|Queued/).length).toBeGreaterThan(0),
    );
    await eventually(() => expect(statuses()).toEqual(Array(8).fill('complete')));
    expect(service.statuses.filter((s) => s === 429)).toEqual([]);
    expect(service.statuses).toHaveLength(8);
    cells().forEach((cell) => expect(cell).toHaveTextContent('A short reply.'));
  });
});

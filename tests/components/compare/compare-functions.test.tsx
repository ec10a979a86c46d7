import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { callingEngine, compareService, loadCompareResults } from './compare-service';
import { eventually } from '../../support/eventually';

// The cells' code loads after the page (lazily); loaded once up front, it is there when a run starts.
beforeAll(loadCompareResults, 60_000);

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const DEFINITIONS = JSON.stringify([
  {
    name: 'get_weather',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    },
  },
]);

describe('compare: functions per variant', () => {
  it('sends the definitions only from variants that turn them on, and checks each call’s arguments', async () => {
    const user = userEvent.setup({ delay: null });
    const service = compareService({
      'svc-chat': callingEngine('get_weather', { 0: '{"city": "Oslo"}', 1: '{"city": 5}' }),
    });
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/compare', fetch: service.fetch });
    await screen.findByRole('heading', { name: 'Compare' });

    // Nothing to send yet: the boxes wait for definitions.
    const row = (name: string) => screen.getByRole('listitem', { name });
    expect(within(row('Variant 1')).getByLabelText('functions')).toBeDisabled();
    await user.click(screen.getByText('Functions'));
    const definitions = screen.getByLabelText(/^Function definitions/);
    await user.click(definitions);
    await user.paste(DEFINITIONS);
    // The definitions are checked (the checker loads on first use) before a variant may send them.
    await eventually(() => expect(within(row('Variant 1')).getByLabelText('functions')).toBeEnabled());
    for (const name of ['Variant 1', 'Variant 2'])
      await user.click(within(row(name)).getByLabelText('functions'));
    await user.click(screen.getByRole('button', { name: 'Add variant' }));
    await user.type(within(row('Variant 3')).getByLabelText('temperature'), '0.5');
    await user.tab();

    // Broken definitions hold the run back and say so.
    await user.type(definitions, 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^line 1: /);
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    await user.type(definitions, '{Backspace}');
    await eventually(() => expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Run' }));
    await eventually(() =>
      expect(screen.getAllByRole('article').map((cell) => cell.dataset.status)).toEqual([
        'complete',
        'complete',
        'complete',
      ]),
    );
    // The test connection is not the local service, so it speaks the tools dialect, as the chat page would.
    const sent = (body: Record<string, unknown>) =>
      (body.tools as { function: { name: string } }[] | undefined)?.map((t) => t.function.name);
    expect(service.bodies.map((body) => [body.temperature, sent(body), body.functions])).toEqual([
      [0, ['get_weather'], undefined],
      [1, ['get_weather'], undefined],
      [0.5, undefined, undefined],
    ]);

    const [good, bad, plain] = screen.getAllByRole('article');
    const call = (cell: HTMLElement) => within(cell).getByRole('region', { name: /^Function call of/ });
    expect(call(good!)).toHaveTextContent(
      'Calls get_weather✓ The arguments match the function’s parameters.',
    );
    expect(within(call(good!)).getByRole('group', { name: /^Arguments of 1\./ })).toHaveTextContent('Oslo');
    expect(call(bad!)).toHaveTextContent('✗ The arguments break the function’s parameters (1 problem):');
    expect(within(call(bad!)).getByRole('listitem')).toHaveTextContent(/^city must be string/);
    expect(within(plain!).queryByRole('region', { name: /^Function call of/ })).toBeNull();
    expect(plain).toHaveTextContent('No call this time.');
    expect(within(good!).getByLabelText('Figures')).toHaveTextContent(/finish_reason\s*tool_calls/);
  });
});

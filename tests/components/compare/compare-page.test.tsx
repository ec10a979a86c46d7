import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { inProcessService, TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { loadCompareResults } from './compare-service';
import { eventually } from '../../support/eventually';

// The cells' code loads after the page (lazily); loaded once up front, it is there when a run starts.
beforeAll(loadCompareResults, 60_000);

const cells = () => screen.getAllByRole('article');

describe('compare page', () => {
  it('sweeps a parameter, streams every variant side by side, keeps a 400 in its cell, and sorts the summary', async () => {
    const user = userEvent.setup({ delay: null });
    const service = inProcessService();
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/compare', fetch: service.fetch });
    await screen.findByRole('heading', { name: 'Compare' });

    const sweep = screen.getByRole('form', { name: 'Sweep' });
    await user.selectOptions(within(sweep).getByLabelText('Sweep parameter'), 'max_tokens');
    const values = within(sweep).getByLabelText(/^Values/);
    await user.clear(values);
    await user.type(values, '0, 5');
    await user.click(within(sweep).getByRole('button', { name: 'Make variants' }));
    expect(await within(sweep).findByRole('alert')).toHaveTextContent(
      'max_tokens must be from 1 to 1000000; 0 is out of range.',
    );
    await user.clear(values);
    await user.type(values, '5, 12, 30');
    await user.click(within(sweep).getByRole('button', { name: 'Make variants' }));
    expect(within(screen.getByRole('region', { name: 'Variants' })).getAllByRole('listitem')).toHaveLength(3);

    // A fourth variant with a temperature the service refuses.
    await user.click(screen.getByRole('button', { name: 'Duplicate Variant 3' }));
    const fourth = screen.getByRole('listitem', { name: 'Variant 4' });
    const temperature = within(fourth).getByLabelText('temperature');
    await user.type(temperature, '3');
    await user.tab();

    await user.click(screen.getByRole('button', { name: 'Run' }));
    await eventually(() => {
      expect(cells().map((cell) => cell.dataset.status)).toEqual([
        'complete',
        'complete',
        'complete',
        'error',
      ]);
    });
    const [first, , third, bad] = cells();
    expect(within(first!).getByLabelText('Figures')).toHaveTextContent(/completion\s*5/);
    expect(within(third!).getByLabelText('Figures')).toHaveTextContent(/completion\s*30/);
    expect(within(bad!).getByRole('alert')).toHaveTextContent(/temperature/);

    const table = screen.getByRole('table', { name: 'Summary' });
    const completionColumn = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[4]?.textContent);
    await user.click(within(table).getByRole('button', { name: 'Completion tokens' }));
    expect(completionColumn()).toEqual(['5', '12', '30', '—']);
    await user.click(within(table).getByRole('button', { name: /Completion tokens/ }));
    expect(completionColumn()).toEqual(['30', '12', '5', '—']);
  });
});

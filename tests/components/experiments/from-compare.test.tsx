/** Compare's "Turn into experiment": its conversation and variants open as the experiment. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { compareService } from '../compare/compare-service';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('turn a Compare setup into an experiment', () => {
  it('opens the experiments page with the system prompt, message and variants', async () => {
    const user = userEvent.setup({ delay: null });
    const service = compareService();
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    const { router } = renderApp({ path: '/compare', fetch: service.fetch });
    await screen.findByRole('heading', { name: 'Compare', level: 1 });
    await user.type(screen.getByLabelText(/^System prompt/), 'Be brief.');
    await user.click(screen.getByRole('button', { name: 'Add variant' }));
    await user.click(screen.getByRole('button', { name: 'Turn into experiment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/experiments'));
    await screen.findByRole('heading', { name: 'Experiments', level: 1 });
    expect(await screen.findByLabelText(/^System prompt/)).toHaveValue('Be brief.');
    expect(screen.getByLabelText(/^Message/)).toHaveValue(
      'Explain what a context window is, in three sentences.',
    );
    const variants = screen.getByRole('region', { name: 'Variants' });
    expect(within(variants).getAllByRole('listitem', { name: /^Variant \d$/ })).toHaveLength(3);
    expect(
      within(variants).getByRole('listitem', { name: 'Variant 2' }).querySelector('input[value="1"]'),
    ).not.toBeNull();
    // Nothing was sent on the way.
    expect(service.bodies).toHaveLength(0);
  });
});

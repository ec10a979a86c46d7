import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addConnection, renderApp } from '../support/render-app';

const BASE = 'http://hostile.test/v1';

/** A server whose model list and headers no page should trust. */
function hostileFetch(): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = String(input);
    const headers = {
      'content-type': 'application/json',
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '0',
      // Epoch nanoseconds beyond any date a reset could mean: no Date holds it.
      'x-ratelimit-reset': '1764180000000000000000',
    };
    const body = url.endsWith('/models')
      ? {
          object: 'list',
          data: [
            { id: 'huge-date', object: 'model', created: 1e13, owned_by: 'acme' },
            { id: 'huge-date', object: 'model', created: 0, owned_by: 'twice' },
            { id: { not: 'a string' }, created: 1 },
            { id: 'fine', object: 'model', created: 1735689600, owned_by: 'acme' },
          ],
        }
      : { id: 'huge-date', object: 'model', created: 1e13, owned_by: 'acme' };
    return new Response(JSON.stringify(body), { status: 200, headers });
  }) as typeof fetch;
}

describe('models page against a hostile server', () => {
  it('lists what it can, with an unknown date, one row per id, and says what it left out', async () => {
    addConnection({ baseURL: BASE, apiKey: 'k' });
    renderApp({ path: '/models', fetch: hostileFetch() });
    const table = await screen.findByRole('table', {}, { timeout: 60_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'fine',
      'huge-date',
    ]);
    expect(within(rows[1]!).getAllByRole('cell')[4]?.textContent).toBe('unknown');
    expect(within(rows[0]!).getAllByRole('cell')[4]?.textContent).toBe('2025-01-01');
    expect(screen.getByText(/2 entries of the server's list are not shown/)).toBeInTheDocument();
  });

  it('shows a model whose created is past any date', async () => {
    addConnection({ baseURL: BASE, apiKey: 'k' });
    renderApp({ path: '/models/huge-date', fetch: hostileFetch() });
    expect(
      await screen.findByText(/unknown: the server sent no usable time/, {}, { timeout: 60_000 }),
    ).toBeInTheDocument();
  });
});

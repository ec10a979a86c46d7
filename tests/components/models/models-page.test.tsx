import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSettingsStore } from '../../../src/stores';
import { inProcessService, TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';

async function open(path: string, heading: string) {
  const service = inProcessService();
  addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
  const rendered = renderApp({ path, fetch: service.fetch });
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 60_000 });
  return { service, ...rendered, user: userEvent.setup({ delay: null }) };
}

function rowIds(): string[] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('models page', () => {
  it("lists the connection's models with owner, purpose, context length and creation date", async () => {
    await open('/models', 'Models');
    await screen.findByRole('table');
    expect(rowIds()).toEqual(['svc-audio', 'svc-chat', 'svc-coder', 'svc-reasoner', 'svc-vision']);
    const chatRow = screen.getByRole('link', { name: 'svc-chat' }).closest('tr');
    if (!chatRow) throw new Error('svc-chat has no row');
    const [, owner, purpose, context, created] = within(chatRow).getAllByRole('cell');
    expect(owner?.textContent).not.toBe('');
    expect(purpose?.textContent).toBe('chat');
    // Another server's list without a context field: said in words, not a bare dash.
    expect(context?.textContent).toBe('not reported by this server');
    const coderRow = screen.getByRole('link', { name: 'svc-coder' }).closest('tr')!;
    expect(within(coderRow).getAllByRole('cell')[2]?.textContent).toBe('code');
    expect(created?.textContent).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByText('5 of 5 models; matches id or owner')).toBeInTheDocument();
  });

  it('narrows the table to the models the filter matches, and says when none does', async () => {
    const { user } = await open('/models', 'Models');
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Filter' }), 'CODER');
    expect(rowIds()).toEqual(['svc-coder']);
    await user.clear(screen.getByRole('searchbox', { name: 'Filter' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter' }), 'nothing-like-this');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText(/No model matches "nothing-like-this"/)).toBeInTheDocument();
  });

  it('opens a model from the table, retrieving its description and every field', async () => {
    const { user, service, router } = await open('/models', 'Models');
    await user.click(await screen.findByRole('link', { name: 'svc-vision' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Model svc-vision' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/models/svc-vision');
    const raw = await screen.findByLabelText('Raw model JSON');
    const model = JSON.parse(raw.textContent ?? '') as Record<string, unknown>;
    expect(model.id).toBe('svc-vision');
    expect(typeof model.description).toBe('string');
    expect(screen.getByText(model.description as string)).toBeInTheDocument();
    for (const field of Object.keys(model).filter((f) => f !== 'description')) {
      expect(screen.getByText(field, { selector: 'dt' })).toBeInTheDocument();
    }
    expect(service.received.map((r) => r.url)).toContain(`${TEST_BASE_URL}/models/svc-vision`);
  });

  it('shows model_not_found through the error panel for an id typed in the URL', async () => {
    await open('/models/no-such-model', 'Model no-such-model');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('model_not_found');
    expect(alert).toHaveTextContent('404');
    expect(screen.queryByLabelText('Raw model JSON')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Open in' })).toBeNull();
  });

  it('offers only the page a svc model suits, and opening it chooses the model there', async () => {
    const { user, router } = await open('/models/svc-coder', 'Model svc-coder');
    const group = await screen.findByRole('group', { name: 'Open in' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['code']);
    await user.click(within(group).getByRole('button', { name: 'code' }));
    expect(router.state.location.pathname).toBe('/code');
    expect(useSettingsStore.getState().parameters.code.model).toBe('svc-coder');
  });
});

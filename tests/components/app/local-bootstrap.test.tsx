import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOCAL_SERVICE_NAME, useSettingsStore } from '../../../src/stores';
import { SETTINGS_STORAGE_NAME } from '../../../src/stores/settings-persistence';
import { addConnection, renderApp } from '../support/render-app';
import { inProcessService, TEST_KEY } from '../support/local-service';
import { eventually } from '../../support/eventually';

const PAGE_ORIGIN = 'http://127.0.0.1:8787';

describe('local service bootstrap', () => {
  it('adds and selects the "Local service" connection from the service’s own page, with no typing', async () => {
    const service = inProcessService({}, '127.0.0.1');
    renderApp({ fetch: service.fetch, bootstrapOrigin: PAGE_ORIGIN });

    expect(await screen.findByText('Healthy · 5 models')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Connection' })).toHaveDisplayValue(LOCAL_SERVICE_NAME);
    const [local] = useSettingsStore.getState().connections;
    expect(local).toMatchObject({
      name: LOCAL_SERVICE_NAME,
      baseURL: `${PAGE_ORIGIN}/v1`,
      apiKey: TEST_KEY,
      rememberKey: false,
      origin: 'local-service',
    });
    // Its model list, and (being the page's own service) its health report, both with its key.
    for (const url of [`${PAGE_ORIGIN}/v1/models`, `${PAGE_ORIGIN}/__local/health`]) {
      expect(service.received.filter((r) => r.url === url)).toContainEqual(
        expect.objectContaining({ authorization: `Bearer ${TEST_KEY}` }),
      );
    }
    // The key came from the service: it stays in memory only.
    expect(localStorage.getItem(SETTINGS_STORAGE_NAME) ?? '').not.toContain(TEST_KEY);
  });

  it('on later starts refreshes the local entry’s forgotten key but keeps the connection the user chose', async () => {
    const service = inProcessService({}, '127.0.0.1');
    // What a reload leaves behind: the local entry without its in-memory key, and the user's choice.
    const local = addConnection({
      name: LOCAL_SERVICE_NAME,
      baseURL: `${PAGE_ORIGIN}/v1`,
      origin: 'local-service',
    });
    const mine = addConnection({ name: 'Production', baseURL: 'http://prod.test/v1', apiKey: 'prod-key' });
    useSettingsStore.getState().selectConnection(mine);
    renderApp({ fetch: service.fetch, bootstrapOrigin: PAGE_ORIGIN });
    await eventually(() =>
      expect(useSettingsStore.getState().connections.find((c) => c.id === local)?.apiKey).toBe(TEST_KEY),
    );
    expect(useSettingsStore.getState().connections).toHaveLength(2);
    expect(useSettingsStore.getState().activeId).toBe(mine);
    expect(screen.getByRole('combobox', { name: 'Connection' })).toHaveDisplayValue('Production');
  });

  it('selects the local service the first time it is seen, even when other connections exist', async () => {
    const service = inProcessService({}, '127.0.0.1');
    addConnection({ name: 'Production', baseURL: 'http://prod.test/v1', apiKey: 'prod-key' });
    renderApp({ fetch: service.fetch, bootstrapOrigin: PAGE_ORIGIN });
    expect(
      await screen.findByRole('option', { name: LOCAL_SERVICE_NAME, selected: true }),
    ).toBeInTheDocument();
  });

  it('changes nothing when the page is not served by the local service (bootstrap refused)', async () => {
    // No loopback peer: the real route answers 404, as it does to anyone but this machine.
    const service = inProcessService();
    renderApp({ fetch: service.fetch, bootstrapOrigin: PAGE_ORIGIN });
    await eventually(() =>
      expect(service.received.some((r) => r.url === `${PAGE_ORIGIN}/__local/bootstrap`)).toBe(true),
    );
    const answers = await Promise.all(service.responses);
    expect(answers[0]?.status).toBe(404);
    await act(async () => {}); // let the app handle the answer
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
    expect(useSettingsStore.getState().connections).toEqual([]);
  });

  it('changes nothing when the bootstrap request fails outright', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    renderApp({ fetch: failing, bootstrapOrigin: PAGE_ORIGIN });
    await eventually(() => expect(failing).toHaveBeenCalled());
    await act(async () => {}); // let the app handle the rejection
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
    expect(useSettingsStore.getState().connections).toEqual([]);
  });
});

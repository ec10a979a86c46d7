import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, renderApp } from '../support/render-app';
import { inProcessService, TEST_BASE_URL, TEST_KEY } from '../support/local-service';

// MSW stands in for servers that misbehave; it answers only the hosts named below.
const msw = setupServer();
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
afterEach(() => msw.resetHandlers());
afterAll(() => msw.close());

function health() {
  return screen.getByTestId('health');
}

// Whole-app renders; the machine running them is shared, so allow for a slow one.

describe('health indicator', () => {
  it('shows healthy with the model count against the in-process local service', async () => {
    const service = inProcessService();
    addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ fetch: service.fetch });
    expect(await screen.findByText('Healthy · 5 models')).toBeInTheDocument();
    expect(service.received).toContainEqual({
      method: 'GET',
      url: `${TEST_BASE_URL}/models`,
      authorization: `Bearer ${TEST_KEY}`,
    });
  });

  it('says the key was rejected when the real local service answers 401', async () => {
    const service = inProcessService();
    addConnection({ baseURL: TEST_BASE_URL, apiKey: 'wrong-key' });
    renderApp({ fetch: service.fetch });
    expect(await screen.findByText('Key rejected')).toBeInTheDocument();
    expect(health()).toHaveTextContent(/refused the API key \(401\)/);
  });

  it('says a key is missing when none is set and the server answers 401', async () => {
    const service = inProcessService();
    addConnection({ baseURL: TEST_BASE_URL, apiKey: '' });
    renderApp({ fetch: service.fetch });
    expect(await screen.findByText('Key missing')).toBeInTheDocument();
    expect(service.received[0]?.authorization).toBeNull();
  });

  it('says unreachable (or CORS) when fetch rejects with a TypeError, as browsers do for both', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    addConnection({ baseURL: 'http://down.test/v1', apiKey: TEST_KEY });
    renderApp({ fetch: failing });
    expect(await screen.findByText('Unreachable', {}, { timeout: 60_000 })).toBeInTheDocument();
    expect(health()).toHaveTextContent(/server is down, the URL is wrong, or CORS blocks this page/);
  });

  it('says unreachable when the network fails under MSW (global fetch, no injected fetch)', async () => {
    msw.use(http.get('http://netdown.test/v1/models', () => HttpResponse.error()));
    addConnection({ baseURL: 'http://netdown.test/v1', apiKey: TEST_KEY });
    renderApp();
    expect(await screen.findByText('Unreachable', {}, { timeout: 60_000 })).toBeInTheDocument();
  });

  it('names the status when a gateway answers with an HTML 502', async () => {
    msw.use(
      http.get(
        'http://gateway.test/v1/models',
        () =>
          new HttpResponse('<html><title>502 Bad Gateway</title></html>', {
            status: 502,
            headers: { 'content-type': 'text/html' },
          }),
      ),
    );
    addConnection({ baseURL: 'http://gateway.test/v1', apiKey: TEST_KEY });
    renderApp();
    expect(await screen.findByText('Error 502', {}, { timeout: 60_000 })).toBeInTheDocument();
    expect(health()).toHaveTextContent(/HTML page/);
  });

  it('says the base URL is invalid without sending anything', async () => {
    const service = inProcessService();
    addConnection({ baseURL: 'ftp://svc.test', apiKey: TEST_KEY });
    renderApp({ fetch: service.fetch });
    expect(await screen.findByText('Invalid base URL')).toBeInTheDocument();
    expect(service.received).toHaveLength(0);
  });

  it('checks again on demand and when the key changes', async () => {
    const user = userEvent.setup({ delay: null });
    const service = inProcessService();
    const { useSettingsStore } = await import('../../../src/stores');
    const id = addConnection({ baseURL: TEST_BASE_URL, apiKey: 'wrong-key' });
    renderApp({ fetch: service.fetch });
    await screen.findByText('Key rejected');
    useSettingsStore.getState().updateConnection(id, { apiKey: TEST_KEY });
    expect(await screen.findByText('Healthy · 5 models')).toBeInTheDocument();
    const before = service.received.length;
    await user.click(screen.getByRole('button', { name: 'Re-check connection' }));
    await screen.findByText('Healthy · 5 models');
    expect(service.received.length).toBe(before + 1);
  });
});

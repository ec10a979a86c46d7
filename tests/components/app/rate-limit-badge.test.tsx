import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useApiClient } from '../../../src/stores';
import { SETTINGS_STORAGE_NAME } from '../../../src/stores/settings-persistence';
import { addConnection, renderApp } from '../support/render-app';
import { inProcessService, TEST_BASE_URL, TEST_KEY } from '../support/local-service';

/** A stand-in page that makes code completions through the shared client hook, counting outcomes. */
function CompleteProbe() {
  const client = useApiClient();
  const [outcome, setOutcome] = useState<string>('Complete');
  return (
    <button
      type="button"
      onClick={() => {
        void client?.createCodeCompletion({ model: 'svc-coder', prompt: 'def add(a, b):' }).then(
          () => setOutcome('Completed'),
          (error: { status?: number }) => setOutcome(`Refused ${error.status ?? '?'}`),
        );
      }}
    >
      {outcome}
    </button>
  );
}

describe('rate-limit state in the header', () => {
  it('appears after a response that carries X-RateLimit headers, with remaining/limit and a reset countdown', async () => {
    const user = userEvent.setup({ delay: null });
    const service = inProcessService();
    addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({
      path: '/probe',
      fetch: service.fetch,
      extraRoutes: [{ path: 'probe', element: <CompleteProbe /> }],
    });
    await screen.findByText('Healthy · 5 models');
    expect(screen.queryByTestId('rate-limit')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await screen.findByRole('button', { name: 'Completed' });
    const badge = await screen.findByTestId('rate-limit');
    expect(badge).toHaveTextContent(/Rate limit 99\/100 \(code\)/);
    expect(badge).toHaveTextContent(/resets in (1m \d+s|\d+s)/);
  });

  it('does not show one server’s rate limit for another connection', async () => {
    const user = userEvent.setup({ delay: null });
    const service = inProcessService();
    addConnection({ name: 'A', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    addConnection({ name: 'B', baseURL: 'http://b.test/v1', apiKey: TEST_KEY });
    renderApp({
      path: '/probe',
      fetch: service.fetch,
      extraRoutes: [{ path: 'probe', element: <CompleteProbe /> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    await screen.findByTestId('rate-limit');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Connection' }), 'B');
    expect(screen.queryByTestId('rate-limit')).not.toBeInTheDocument();
  });

  it('shows a rate-limited response without writing localStorage', async () => {
    const user = userEvent.setup({ delay: null });
    const service = inProcessService({ SVC_RATE_LIMITS: 'code=1' });
    addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({
      path: '/probe',
      fetch: service.fetch,
      maxRetries: 0,
      extraRoutes: [{ path: 'probe', element: <CompleteProbe /> }],
    });
    await screen.findByText('Healthy · 5 models');
    const writes = vi.spyOn(Storage.prototype, 'setItem');

    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await screen.findByRole('button', { name: 'Completed' });
    await user.click(screen.getByRole('button', { name: 'Completed' }));
    await screen.findByRole('button', { name: 'Refused 429' });
    expect(await screen.findByTestId('rate-limit')).toHaveTextContent(/Rate limit 0\/1 \(code\)/);
    // Both responses carried X-RateLimit-* headers and changed what the header shows; neither is a setting.
    expect(writes.mock.calls.map(([key]) => key)).toEqual([]);
    expect(localStorage.getItem(SETTINGS_STORAGE_NAME)).not.toContain('remaining');
    writes.mockRestore();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ErrorPanel } from '../../../src/components/ui/error-panel';
import { ApiError } from '../../../src/lib/api';
import { useApiClient } from '../../../src/stores';
import { addConnection, renderApp } from '../support/render-app';
import { inProcessService, TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { eventually } from '../../support/eventually';

/** A stand-in page that makes code completions through the shared client hook. */
function CompleteProbe() {
  const client = useApiClient();
  const [outcome, setOutcome] = useState('Complete');
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

describe('rate-limit warnings', () => {
  it('marks the header badge at 0 left in words and a warning colour, not plain grey', async () => {
    const user = userEvent.setup({ delay: null });
    addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({
      path: '/probe',
      fetch: inProcessService({ SVC_RATE_LIMITS: 'code=3' }).fetch,
      maxRetries: 0,
      extraRoutes: [{ path: 'probe', element: <CompleteProbe /> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    await user.click(await screen.findByRole('button', { name: 'Completed' }));
    const first = await screen.findByTestId('rate-limit');
    await eventually(() => expect(first).toHaveTextContent(/Rate limit 1\/3/));
    expect(first).toHaveTextContent('running low');
    expect(first.className).toMatch(/amber/);

    await user.click(screen.getByRole('button', { name: 'Completed' }));
    await user.click(await screen.findByRole('button', { name: 'Completed' }));
    await screen.findByRole('button', { name: 'Refused 429' });
    const badge = screen.getByTestId('rate-limit');
    expect(badge).toHaveTextContent(/Rate limit 0\/3 \(code\) none left: requests wait for the reset/);
    expect(badge.className).toMatch(/bg-red-100/);
    expect(badge.className).toMatch(/dark:bg-red-900/);
    expect(badge.className).not.toMatch(/zinc/);
  });

  it('does not say when a rate limit resets on a 404 that carries the limiter’s headers', () => {
    const body = JSON.stringify({
      error: {
        message: 'The model svc-x does not exist',
        type: 'invalid_request_error',
        code: 'model_not_found',
      },
    });
    const response = new Response(body, {
      status: 404,
      headers: {
        'content-type': 'application/json',
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '59',
        'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 60),
      },
    });
    render(<ErrorPanel error={ApiError.fromResponse(response, body)} />);
    const panel = screen.getByRole('alert');
    expect(within(panel).getByText('Model not found')).toBeInTheDocument();
    expect(panel).not.toHaveTextContent(/Rate limit resets|resets in/);
  });
});

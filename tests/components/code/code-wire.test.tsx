import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CODE_DRAFT_KEY } from '../../../src/features/code/code-draft';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { recordingService } from './recording-service';

describe('the wire pane under the code page', () => {
  it('shows the code request that was sent, with the key redacted', async () => {
    const service = recordingService();
    addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    localStorage.setItem(CODE_DRAFT_KEY, 'def add(a, b):\n');
    renderApp({ path: '/code', fetch: service.fetch });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Code' }, { timeout: 60_000 });
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    await screen.findByRole('region', { name: 'Completion' });

    // Until its tab is opened, the pane is not rendered at all.
    expect(screen.queryByRole('region', { name: 'Wire pane' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Wire' }));
    // The pane's code loads when it first opens.
    const pane = await screen.findByRole('region', { name: 'Wire pane' }, { timeout: 60_000 });
    expect(pane.textContent).toContain('/v1/code/completions');
    expect(pane.textContent).toContain('Bearer [REDACTED]');
    expect(pane.textContent).not.toContain(TEST_KEY);
    expect(within(pane).queryByText(/chat\/completions/)).toBeNull();
  });
});

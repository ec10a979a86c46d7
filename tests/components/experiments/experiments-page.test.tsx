/**
 * The experiments page in the app against the local service in process: a run stored as it goes,
 * found again after the page is mounted afresh (as after a reload) without sending anything, one
 * cell rerun alone, and a later run compared with a baseline.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { compareService, scriptedEngine } from '../compare/compare-service';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const counts = () => screen.getByTestId('run-counts').textContent ?? '';

describe('experiments page', () => {
  it('runs, keeps the results across a remount without resending, reruns one cell, and shows what moved since a baseline', async () => {
    const user = userEvent.setup({ delay: null });
    // The page starts with rows Paris/France and Rome/Italy, variants at temperature 0 and 1, and
    // the check "icontains {{country}}": each variant passes one row and fails the other.
    const replies: Record<number, string> = { 0: 'Paris is in France.', 1: 'Rome is in Italy.' };
    const service = compareService({ 'svc-chat': scriptedEngine(replies) });
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    const first = renderApp({ path: '/experiments', fetch: service.fetch });
    await screen.findByRole('heading', { name: 'Experiments', level: 1 });
    const run = await screen.findByRole('button', { name: 'Run' });
    await waitFor(() => expect(run).toBeEnabled());
    await user.click(run);
    await waitFor(() => expect(counts()).toMatch(/^4 of 4 cells · 2 passed · 2 failed · 0 errors/));
    expect(service.bodies).toHaveLength(4);
    expect(service.bodies.map((b) => (b.messages as { content: string }[]).at(-1)!.content).sort()).toEqual([
      'Which country is Paris in? The answer should be France.',
      'Which country is Paris in? The answer should be France.',
      'Which country is Rome in? The answer should be Italy.',
      'Which country is Rome in? The answer should be Italy.',
    ]);

    // Mounted afresh, as after a reload: the stored results are shown and nothing is sent.
    first.unmount();
    renderApp({ path: '/experiments', fetch: service.fetch });
    await screen.findByRole('heading', { name: 'Experiments', level: 1 });
    await waitFor(() => expect(screen.getByTestId('run-counts').textContent).toBe('4 of 4 cells'));
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    expect(service.bodies).toHaveLength(4);

    // One cell rerun: exactly one request.
    const matrix = screen.getByRole('table', { name: 'Results' });
    await user.click(within(matrix).getByRole('button', { name: /^Row 1, .*temperature 0: passed$/ }));
    const detail = screen.getByRole('region', { name: 'Selected cell' });
    expect(detail.textContent).toContain('pass icontains');
    await user.click(within(detail).getByRole('button', { name: 'Rerun this cell' }));
    await waitFor(() => expect(service.bodies).toHaveLength(5));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rerun this cell' })).toBeEnabled());
    expect(service.bodies[4]!.temperature).toBe(0);

    // This run is the baseline; a new run where variant 1 answers Rome moves two of its cells.
    await user.click(screen.getByRole('button', { name: 'Mark this run as the baseline' }));
    await screen.findByText(/This run is the baseline/);
    await user.click(screen.getByRole('button', { name: 'New run' }));
    replies[0] = 'Rome is in Italy.';
    const again = await screen.findByRole('button', { name: 'Run' });
    await waitFor(() => expect(again).toBeEnabled());
    await user.click(again);
    await waitFor(() => expect(counts()).toMatch(/^4 of 4 cells · 2 passed · 2 failed/));
    expect(service.bodies).toHaveLength(9);
    await waitFor(() =>
      expect(screen.getByTestId('baseline-counts').textContent).toBe(
        'Against the baseline: 1 regressed, 1 improved, of 4 cells in both.',
      ),
    );
    expect(
      screen.getByRole('button', { name: /^Row 1, .*temperature 0: failed, regressed since the baseline$/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^Row 2, .*temperature 0: passed, improved since the baseline$/ }),
    ).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { exportComparison } from '../../../src/lib/compare/comparison-format';
import type { Comparison } from '../../../src/lib/compare/comparison';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { compareService, loadCompareResults, scriptedEngine } from './compare-service';
import { eventually } from '../../support/eventually';

// The cells' code loads after the page (lazily); loaded once up front, it is there when a run starts.
beforeAll(loadCompareResults, 60_000);

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('compare: JSON replies', () => {
  it('checks each JSON-mode reply: a tree for valid JSON, where it breaks for invalid', async () => {
    const user = userEvent.setup({ delay: null });
    const service = compareService({
      'svc-chat': scriptedEngine({
        0: '{"city": "Oslo", "population": 709000}',
        1: '{"city": "Oslo", "population": }',
      }),
    });
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/compare', fetch: service.fetch });
    await screen.findByRole('heading', { name: 'Compare' });
    for (const name of ['Variant 1', 'Variant 2'])
      await user.click(within(screen.getByRole('listitem', { name })).getByLabelText('JSON mode'));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await eventually(() =>
      expect(screen.getAllByRole('article').map((cell) => cell.dataset.status)).toEqual([
        'complete',
        'complete',
      ]),
    );
    expect(service.bodies.map((body) => body.response_format)).toEqual([
      { type: 'json_object' },
      { type: 'json_object' },
    ]);
    const [valid, broken] = screen.getAllByRole('article');
    expect(valid).toHaveTextContent('✓ Valid JSON');
    const tree = within(valid!).getByRole('group', { name: /^JSON of 1\./ });
    expect(tree).toHaveTextContent('city');
    expect(tree).toHaveTextContent('709000');
    expect(broken).toHaveTextContent(/✗ Not valid JSON: .* \(line 1, column 32\)\./);
    expect(within(broken!).queryByRole('group', { name: /^JSON of/ })).toBeNull();
  });

  it('checks a json_schema variant’s reply against its schema, and says what does not match', async () => {
    const user = userEvent.setup({ delay: null });
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/compare', fetch: compareService().fetch });
    await screen.findByRole('heading', { name: 'Compare' });
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, population: { type: 'integer' } },
      required: ['city', 'population'],
    };
    const comparison: Comparison = {
      id: 'json-schema',
      title: 'A city as JSON',
      createdAt: 1,
      updatedAt: 2,
      systemPrompt: '',
      fewShot: [],
      functions: [],
      message: 'A city as JSON',
      variants: [
        {
          id: 'v1',
          connectionId: '',
          model: 'svc-chat',
          parameters: { response_format: { type: 'json_schema', json_schema: { name: 'city', schema } } },
        },
      ],
      cells: [
        {
          variantId: 'v1',
          status: 'complete',
          reply: {
            content: '{"city": "Oslo", "population": "many"}',
            firstTokenAt: 5,
            finish_reason: 'stop',
          },
          error: null,
          timings: { requestStartedAt: 1, firstTokenAt: 5, endedAt: 9 },
        },
      ],
    };
    const saved = screen.getByRole('region', { name: 'Saved comparisons' });
    await user.click(within(saved).getByText('Import a comparison'));
    await user.click(within(saved).getByLabelText('JSON to import'));
    await user.paste(exportComparison(comparison));
    await user.click(within(saved).getByRole('button', { name: 'Import pasted JSON' }));

    const cell = await screen.findByRole('article', {}, { timeout: 60_000 });
    // The schema checker is fetched with the first reply that needs it.
    await waitFor(() => expect(cell.querySelector('[data-part-pending]')).toBeNull());
    expect(cell).toHaveTextContent('✓ Valid JSON; ✗ does not match the schema (1 problem)');
    expect(within(cell).getByRole('listitem')).toHaveTextContent(/^population must be integer/);
    expect(
      within(screen.getByRole('listitem', { name: 'Variant 1' })).getByLabelText(/^JSON mode/),
    ).toBeChecked();
    expect(screen.getByRole('listitem', { name: 'Variant 1' })).toHaveTextContent('JSON mode (schema city)');
  });
});

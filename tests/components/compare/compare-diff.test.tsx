import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { compareService, loadCompareResults, scriptedEngine } from './compare-service';
import { eventually } from '../../support/eventually';

// The cells' code loads after the page (lazily); loaded once up front, it is there when a run starts.
beforeAll(loadCompareResults, 60_000);

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const marked = (region: HTMLElement, tag: 'ins' | 'del') =>
  [...region.querySelectorAll(tag)].map((element) => element.textContent);

describe('compare diff', () => {
  it('marks exactly the words that differ between two known replies, and where their tokens first diverge', async () => {
    const user = userEvent.setup({ delay: null });
    const service = compareService({
      'svc-chat': scriptedEngine({ 0: 'The cat sat on the mat.', 1: 'The dog sat on a mat!' }, 'dog '),
    });
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/compare', fetch: service.fetch });
    await screen.findByRole('heading', { name: 'Compare' });

    // The page starts with temperature 0 and 1; both ask for logprobs.
    for (const name of ['Variant 1', 'Variant 2'])
      await user.click(within(screen.getByRole('listitem', { name })).getByLabelText('logprobs'));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await eventually(() =>
      expect(screen.getAllByRole('article').map((cell) => cell.dataset.status)).toEqual([
        'complete',
        'complete',
      ]),
    );
    expect(service.bodies.map((body) => [body.temperature, body.logprobs, body.top_logprobs])).toEqual([
      [0, true, 5],
      [1, true, 5],
    ]);

    await user.click(screen.getByRole('button', { name: 'Diff two replies' }));
    const diff = await screen.findByLabelText('Diff of cell 1 and cell 2');
    expect(marked(diff, 'del')).toEqual(['cat', 'the', '.']);
    expect(marked(diff, 'ins')).toEqual(['dog', 'a', '!']);
    // Screen readers hear what each mark means; the legend says it in words.
    expect(diff).toHaveTextContent('The [removed: cat][added: dog] sat on [removed: the][added: a] mat');
    const panel = screen.getByRole('region', { name: 'Diff' });
    expect(within(panel).getByRole('status')).toHaveTextContent('3 added, 3 removed');
    expect(panel).toHaveTextContent(/struck through: only in cell 1; underlined: only in cell 2/);

    const divergence = within(panel).getByRole('region', { name: 'First divergence' });
    expect(divergence).toHaveTextContent('First divergence at token 1');
    expect(divergence).toHaveTextContent('cell 1"cat " at 50.0% ("dog ": 25.0%)');
    expect(divergence).toHaveTextContent('cell 2"dog " at 50.0% ("cat ": not in its top logprobs)');

    // Swapping the cells swaps the marks.
    await user.selectOptions(within(panel).getByLabelText('From'), within(panel).getAllByRole('option')[1]!);
    await user.selectOptions(within(panel).getByLabelText('To'), within(panel).getAllByRole('option')[2]!);
    const swapped = screen.getByLabelText('Diff of cell 2 and cell 1');
    expect(marked(swapped, 'del')).toEqual(['dog', 'a', '!']);
    expect(marked(swapped, 'ins')).toEqual(['cat', 'the', '.']);
  });
});

import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createComparisonStore } from '../../../src/lib/compare/comparison-store';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { compareService, heldEngine, loadCompareResults } from './compare-service';
import { eventually } from '../../support/eventually';

// The cells' code loads after the page (lazily); loaded once up front, it is there when a run starts.
beforeAll(loadCompareResults, 60_000);

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

/** What a reload would find on disk: the latest comparison's cells, those still running marked interrupted. */
async function savedCells() {
  const store = createComparisonStore();
  const [first] = await store.list();
  if (!first) return [];
  return (await store.load(first.id))?.cells ?? [];
}

describe('compare: saved comparisons', () => {
  it('keeps a comparison cut off mid-stream, partial cells marked, and exports and imports it as JSON', async () => {
    const user = userEvent.setup({ delay: null });
    const held = heldEngine('Partial words ');
    const service = compareService({ 'svc-chat': held.engine });
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    const before = renderApp({ path: '/compare', fetch: service.fetch });
    const page = within(before.container);
    await page.findByRole('heading', { name: 'Compare' });
    const message = page.getByLabelText('Message');
    await user.clear(message);
    await user.type(message, 'Name three rivers');
    await user.click(page.getByRole('button', { name: 'Run' }));

    // Both cells are streaming and their first words are on disk.
    await vi.waitFor(
      async () => {
        const cells = await savedCells();
        expect(cells.map((c) => [c.status, c.reply.content])).toEqual([
          ['interrupted', 'Partial words '],
          ['interrupted', 'Partial words '],
        ]);
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(page.getAllByRole('article').map((c) => c.dataset.status)).toEqual(['streaming', 'streaming']);

    // The page opened again (a reload, while the old one never got to finish) finds it and shows it.
    const after = renderApp({ path: '/compare', fetch: service.fetch });
    const reloaded = within(after.container);
    await eventually(() =>
      expect(reloaded.getAllByRole('article').map((c) => c.dataset.status)).toEqual([
        'interrupted',
        'interrupted',
      ]),
    );
    const [cell] = reloaded.getAllByRole('article');
    expect(within(cell!).getByRole('region', { name: /^Reply of/ })).toHaveTextContent('Partial words');
    expect(within(cell!).getByRole('status')).toHaveTextContent('Cut off: partial reply');
    expect(reloaded.getByLabelText('Message')).toHaveValue('Name three rivers');
    const saved = reloaded.getByRole('region', { name: 'Saved comparisons' });
    const entry = within(saved).getByRole('listitem', { name: 'Name three rivers' });
    expect(entry).toHaveTextContent('2 variants · shown · cut off by a reload');
    before.unmount();
    held.release();

    // Export, then import: bad input is refused with the reason and where.
    await user.click(within(entry).getByRole('button', { name: 'Export Name three rivers' }));
    const json = ((await reloaded.findByLabelText('Exported JSON')) as HTMLTextAreaElement).value;
    const document = JSON.parse(json) as { format: string; comparison: { cells: { status: string }[] } };
    expect(document.format).toBe('svc-playground.comparison');
    expect(document.comparison.cells.map((c) => c.status)).toEqual(['interrupted', 'interrupted']);

    await user.click(within(saved).getByText('Import a comparison'));
    const pasteBox = within(saved).getByLabelText('JSON to import');
    const importIt = async (text: string) => {
      await user.clear(pasteBox);
      await user.click(pasteBox);
      await user.paste(text);
      await user.click(within(saved).getByRole('button', { name: 'Import pasted JSON' }));
    };
    await importIt('{"format": "svc-playground.comparison", "version": 1');
    expect(await within(saved).findByRole('alert')).toHaveTextContent(
      /^Not imported: 1 problem\.\$ is not valid JSON/,
    );
    const broken = structuredClone(document);
    broken.comparison.cells[1]!.status = 'finished';
    await importIt(JSON.stringify(broken));
    // The import is read asynchronously: wait for its answer to replace the last one.
    await eventually(() =>
      expect(within(saved).getByRole('alert')).toHaveTextContent(
        '$.comparison.cells[1].status must be one of "waiting", "streaming", "complete", "stopped", "error", "interrupted", found the string "finished"',
      ),
    );
    expect(within(saved).getAllByRole('button', { name: /^Export / })).toHaveLength(1);

    await importIt(json);
    // Its id is taken, so it comes in beside the original, and is shown.
    await eventually(() =>
      expect(within(saved).getAllByRole('button', { name: /^Export / })).toHaveLength(2),
    );
    expect(within(saved).queryByRole('alert')).toBeNull();
    const shown = within(saved)
      .getAllByRole('listitem')
      .filter((item) =>
        within(item).getByRole('button', { name: 'Name three rivers' }).getAttribute('aria-current'),
      );
    expect(shown).toHaveLength(1);
    expect(reloaded.getAllByRole('article').map((c) => c.dataset.status)).toEqual([
      'interrupted',
      'interrupted',
    ]);
  });
});

describe('compare: deleting a saved comparison', () => {
  it('asks first; Keep leaves it, Delete removes it', async () => {
    const user = userEvent.setup({ delay: null });
    const service = compareService();
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    const view = renderApp({ path: '/compare', fetch: service.fetch });
    const page = within(view.container);
    await page.findByRole('heading', { name: 'Compare' });
    const message = page.getByLabelText('Message');
    await user.clear(message);
    await user.type(message, 'Name a lake');
    await user.click(page.getByRole('button', { name: 'Run' }));
    await eventually(() =>
      expect(page.getAllByRole('article').map((c) => c.dataset.status)).toEqual(['complete', 'complete']),
    );
    const saved = page.getByRole('region', { name: 'Saved comparisons' });
    const row = await within(saved).findByRole('listitem');
    const title = row.getAttribute('aria-label')!;
    await user.click(within(row).getByRole('button', { name: `Delete ${title}…` }));
    await user.click(within(row).getByRole('button', { name: 'Keep' }));
    expect(await createComparisonStore().list()).toHaveLength(1);
    await user.click(within(row).getByRole('button', { name: `Delete ${title}…` }));
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await eventually(async () => expect(await createComparisonStore().list()).toHaveLength(0));
    await eventually(() => expect(within(saved).queryByRole('listitem')).toBeNull());
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import type * as VariantsEditorModule from '../../../src/features/compare/variants-editor';
import { compareService, loadCompareResults, steppedEngine } from './compare-service';
import { eventually } from '../../support/eventually';

// The cells' code loads after the page (lazily); loaded once up front, it is there when a run starts.
beforeAll(loadCompareResults, 60_000);

// Counts the renders of the page's variant editor: it stands for everything on the page outside the
// cells (form, variants, saved list), which a streaming frame has no reason to draw again.
const editorRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/features/compare/variants-editor', async (importOriginal) => {
  const original = await importOriginal<typeof VariantsEditorModule>();
  return {
    ...original,
    VariantsEditor: (props: Parameters<typeof original.VariantsEditor>[0]) => {
      editorRenders.count += 1;
      return original.VariantsEditor(props);
    },
  };
});

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('compare: rendering while streaming', () => {
  it('draws each streamed chunk in its cell without drawing the rest of the page again', async () => {
    const user = userEvent.setup({ delay: null });
    const stepped = steppedEngine();
    const service = compareService({ 'svc-chat': stepped.engine });
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/compare', fetch: service.fetch });
    await screen.findByRole('heading', { name: 'Compare' });
    await user.click(screen.getByRole('button', { name: 'Remove Variant 2' }));
    await user.click(screen.getByRole('button', { name: 'Run' }));

    const cell = await screen.findByRole('article');
    stepped.step('word0 ');
    await eventually(() => expect(cell).toHaveTextContent('word0'));
    const before = editorRenders.count;
    for (let i = 1; i <= 40; i += 1) {
      stepped.step(`word${i} `);
      await eventually(() => expect(cell).toHaveTextContent(`word${i}`));
    }
    expect(editorRenders.count - before).toBe(0);
    stepped.finish();
    await eventually(() => expect(cell.dataset.status).toBe('complete'));
    expect(within(cell).getByLabelText('Figures')).toHaveTextContent(/completion\s*40/);
    // The end of the run is news for the page (Stop all goes, Run again stays): one render, not 40.
    expect(editorRenders.count - before).toBeLessThanOrEqual(2);
  });
});

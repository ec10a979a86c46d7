import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { compareService } from './compare-service';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('compare: importing a comparison file', () => {
  it('refuses a file past 20 MB by its size, before reading it', async () => {
    const user = userEvent.setup({ delay: null });
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    const { container } = renderApp({ path: '/compare', fetch: compareService({}).fetch });
    await screen.findByRole('heading', { name: 'Compare' });
    await user.click(screen.getByText('Import a comparison'));
    const file = new File([new Uint8Array(21 * 1024 * 1024)], 'huge.json', { type: 'application/json' });
    const read = vi.spyOn(file, 'text');
    const input = container.querySelector<HTMLInputElement>('details input[type="file"]')!;
    await user.upload(input, file);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'is 21.0 MB, larger than the 20.0 MB one import reads',
    );
    expect(read).not.toHaveBeenCalled();
  });
});

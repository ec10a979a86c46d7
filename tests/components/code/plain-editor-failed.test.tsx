import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CODE_DRAFT_KEY } from '../../../src/features/code/code-draft';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { recordingService } from './recording-service';

// CodeMirror's chunk cannot be fetched (a deploy replaced it, the network dropped): the prompt stays
// a working text box, says what is missing, and Try again asks once more.
let failures = 1;
vi.mock('../../../src/features/code/codemirror-editor', async (original) => {
  if (failures > 0) {
    failures -= 1;
    throw new Error('Failed to fetch dynamically imported module');
  }
  return original();
});

describe('the code prompt when CodeMirror cannot be fetched', () => {
  it('stays a working text box, says so, and Try again brings CodeMirror', async () => {
    const service = recordingService();
    addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    localStorage.setItem(CODE_DRAFT_KEY, 'let x = ');
    renderApp({ path: '/code', fetch: service.fetch });
    const plain = await screen.findByRole('textbox', { name: 'Prompt' });
    fireEvent.focus(plain);
    expect(await screen.findByText(/could not be loaded .*the plain editor works/)).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    // Typing (focus, pointer) does not ask again while the fetch has failed: only Try again does.
    await user.type(plain, '1;');
    expect(plain).toHaveValue('let x = 1;');
    expect(screen.getByText(/could not be loaded/)).toBeInTheDocument();
    expect(document.querySelector('.cm-editor')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(document.querySelector('.cm-content')?.textContent).toBe('let x = 1;'));
    expect(document.activeElement?.closest('.cm-editor')).toBeNull();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });
});

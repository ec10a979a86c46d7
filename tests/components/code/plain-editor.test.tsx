import { EditorView } from '@codemirror/view';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CODE_DRAFT_KEY } from '../../../src/features/code/code-draft';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { recordingService } from './recording-service';

// /code's prompt is a plain text box until it is wanted, so that CodeMirror and the grammar are not
// on the page's first load; CodeMirror then takes its place with nothing typed, selected or focused
// lost. (One test per file: once CodeMirror is here, every later editor starts as CodeMirror.)
describe('the code prompt before CodeMirror', () => {
  it('is a working text box, and focus brings CodeMirror with the text, the selection and the focus kept', async () => {
    const service = recordingService();
    addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    localStorage.setItem(CODE_DRAFT_KEY, 'def add(a, b):\n');
    renderApp({ path: '/code', fetch: service.fetch });
    const plain = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Prompt' });
    expect(plain.tagName).toBe('TEXTAREA');
    expect(plain).toHaveValue('def add(a, b):\n');
    expect(plain).toHaveAccessibleDescription(/Ctrl\+Enter completes/);
    expect(document.querySelector('.cm-editor')).toBeNull();

    // Typed into before CodeMirror is asked for (as a script or an autofill would), kept as typed.
    fireEvent.change(plain, { target: { value: 'def add(a, b):\n    return a' } });
    expect(plain).toHaveValue('def add(a, b):\n    return a');
    plain.setSelectionRange(4, 7, 'forward');
    plain.focus();

    await waitFor(() => expect(document.querySelector('.cm-content')).not.toBeNull());
    const content = document.querySelector<HTMLElement>('.cm-content')!;
    expect(screen.queryByRole('textbox', { name: 'Prompt' })).toBe(content);
    const view = EditorView.findFromDOM(content)!;
    expect(view.state.doc.toString()).toBe('def add(a, b):\n    return a');
    expect(view.state.selection.main).toMatchObject({ anchor: 4, head: 7 });
    expect(view.hasFocus).toBe(true);
    expect(content).toHaveAccessibleDescription(/Ctrl\+Enter completes/);

    // And it goes on from there: typed text replaces the selection, the draft keeps it.
    const user = userEvent.setup({ delay: null });
    await user.keyboard('sum');
    await waitFor(() => expect(localStorage.getItem(CODE_DRAFT_KEY)).toBe('def sum(a, b):\n    return a'));
  });
});

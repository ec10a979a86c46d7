import { EditorView } from '@codemirror/view';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CODE_DRAFT_KEY } from '../../../src/features/code/code-draft';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { recordingService } from './recording-service';

// Ctrl+Enter works in the plain prompt as in CodeMirror, and the completion it brings is drawn as
// ghost text, which only CodeMirror does: CodeMirror comes for it even with no pointer or focus.
describe('the code prompt before CodeMirror', () => {
  it('completes on Ctrl+Enter and brings CodeMirror to draw the suggestion', async () => {
    const service = recordingService();
    addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    localStorage.setItem(CODE_DRAFT_KEY, 'def add(a, b):\n');
    renderApp({ path: '/code', fetch: service.fetch });
    const plain = await screen.findByRole('textbox', { name: 'Prompt' });
    expect(plain.tagName).toBe('TEXTAREA');

    fireEvent.keyDown(plain, { key: 'Enter', ctrlKey: true });
    await waitFor(() =>
      expect(service.bodiesTo('/code/completions')).toEqual([
        { model: 'svc-coder', prompt: 'def add(a, b):\n' },
      ]),
    );
    const ghost = await screen.findByTestId('code-suggestion');
    expect(ghost.textContent).not.toBe('');
    const content = document.querySelector<HTMLElement>('.cm-content')!;
    expect(EditorView.findFromDOM(content)!.state.doc.toString()).toBe('def add(a, b):\n');
    expect(content.contains(ghost)).toBe(true);
    expect(document.querySelector('textarea[aria-label="Prompt"]')).toBeNull();
  });
});

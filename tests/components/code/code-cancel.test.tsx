import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CODE_DRAFT_KEY } from '../../../src/features/code/code-draft';
import { inProcessService, TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';

/** The local service for everything but code completions, which hang until their request is aborted. */
function hangingCompletions() {
  const service = inProcessService();
  const aborted: boolean[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.endsWith('/code/completions')) return service.fetch(request);
    const signal = init?.signal ?? request.signal;
    return new Promise<Response>((_, reject) => {
      signal.addEventListener('abort', () => {
        aborted.push(true);
        reject(new DOMException('The user aborted a request.', 'AbortError'));
      });
    });
  }) as typeof fetch;
  return { fetch: fetchImpl, aborted };
}

describe('code page cancelling', () => {
  it('cancels the request under way with Escape, without an error and with the prompt kept', async () => {
    const service = hangingCompletions();
    addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    localStorage.setItem(CODE_DRAFT_KEY, 'let x = ');
    renderApp({ path: '/code', fetch: service.fetch });
    await screen.findByRole('heading', { level: 1, name: 'Code' }, { timeout: 60_000 });
    // The prompt is a plain text box until it is wanted; focus brings CodeMirror in its place.
    fireEvent.focus(await screen.findByRole('textbox', { name: 'Prompt' }));
    const content = await waitFor(
      () => {
        const element = document.querySelector<HTMLElement>('.cm-content');
        if (!element) throw new Error('The code editor is not on the page.');
        return element;
      },
      { timeout: 60_000 },
    );

    fireEvent.keyDown(content, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByRole('button', { name: 'Completing…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    fireEvent.keyDown(content, { key: 'Escape' });
    await waitFor(() => expect(service.aborted).toEqual([true]));
    expect(await screen.findByRole('button', { name: 'Complete' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(content.textContent).toBe('let x = ');
  });
});

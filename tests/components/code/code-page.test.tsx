import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CODE_DRAFT_KEY } from '../../../src/features/code/code-draft';
import { useSettingsStore } from '../../../src/stores';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { recordingService } from './recording-service';

const PROMPT = 'def add(a, b):\n';

/** Renders /code against the in-process service and waits for the lazily loaded editor. */
async function setup() {
  const service = recordingService();
  addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
  localStorage.setItem(CODE_DRAFT_KEY, PROMPT);
  renderApp({ path: '/code', fetch: service.fetch });
  // The page's chunk (CodeMirror and its languages) is large: give the first import time.
  await screen.findByRole('heading', { level: 1, name: 'Code' }, { timeout: 60_000 });
  // The prompt is a plain text box until it is wanted; focus brings CodeMirror in its place.
  fireEvent.focus(await screen.findByRole('textbox', { name: 'Prompt' }));
  await waitFor(() => expect(document.querySelector('.cm-content')).not.toBeNull());
  return { service, user: userEvent.setup({ delay: null }) };
}

function editorText(): string {
  return document.querySelector('.cm-content')?.textContent ?? '';
}

function editorContent(): HTMLElement {
  const content = document.querySelector<HTMLElement>('.cm-content');
  if (!content) throw new Error('The code editor is not on the page.');
  return content;
}

async function completion() {
  return screen.findByRole('region', { name: 'Completion' });
}

describe('code page', () => {
  it('sends only model and prompt when nothing is set, and shows the suggestion with finish_reason and usage', async () => {
    const { service, user } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    const panel = await completion();
    expect(service.bodiesTo('/code/completions')).toEqual([{ model: 'svc-coder', prompt: PROMPT }]);
    expect(within(panel).getByText(/^(stop|length)/)).toBeInTheDocument();
    expect(within(panel).getByText(/\d+ prompt \+ \d+ completion = \d+ tokens/)).toBeInTheDocument();
    const ghost = await screen.findByTestId('code-suggestion');
    expect(ghost.textContent).not.toBe('');
    // The suggestion is drawn, not part of the prompt.
    expect(service.bodiesTo('/code/completions')[0]?.prompt).toBe(PROMPT);
  });

  it('sends exactly the parameters that are set: language, max_tokens, temperature and stop', async () => {
    const { service, user } = await setup();
    await user.selectOptions(await screen.findByLabelText('Language'), 'python');
    await user.type(screen.getByRole('textbox', { name: /^max_tokens/ }), '40');
    await user.type(screen.getByRole('textbox', { name: /^temperature/ }), '0.5');
    await user.type(screen.getByRole('textbox', { name: /^stop/ }), '\\n\\n{Enter}');
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await completion();
    expect(service.bodiesTo('/code/completions')).toEqual([
      {
        model: 'svc-coder',
        prompt: PROMPT,
        language: 'python',
        max_tokens: 40,
        temperature: 0.5,
        stop: ['\n\n'],
      },
    ]);
  });

  it('leaves a parameter out again once it is unset', async () => {
    const { service, user } = await setup();
    useSettingsStore.getState().setParameter('code', 'temperature', 1.5);
    await user.click(
      await screen.findByRole('button', { name: 'Unset temperature (use the server default)' }),
    );
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await completion();
    expect(service.bodiesTo('/code/completions')[0]).not.toHaveProperty('temperature');
  });

  it('merges the completion into the editor on Accept and keeps it in the saved draft', async () => {
    const { user } = await setup();
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    const ghost = await screen.findByTestId('code-suggestion');
    const text = ghost.textContent ?? '';
    await user.click(within(await completion()).getByRole('button', { name: /Accept/ }));
    await waitFor(() => expect(screen.queryByTestId('code-suggestion')).toBeNull());
    expect(editorText()).toBe((PROMPT + text).replace(/\n/g, ''));
    expect(localStorage.getItem(CODE_DRAFT_KEY)).toBe(PROMPT + text);
    expect(within(await completion()).getByText('Accepted into the editor.')).toBeInTheDocument();
  });

  it('completes with Ctrl+Enter, accepts with Tab and dismisses with Escape', async () => {
    await setup();
    await screen.findByRole('button', { name: 'Complete' });
    fireEvent.keyDown(editorContent(), { key: 'Enter', ctrlKey: true });
    const text = (await screen.findByTestId('code-suggestion')).textContent ?? '';
    fireEvent.keyDown(editorContent(), { key: 'Tab' });
    await waitFor(() => expect(localStorage.getItem(CODE_DRAFT_KEY)).toBe(PROMPT + text));

    fireEvent.keyDown(editorContent(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(screen.queryByText('Accepted into the editor.')).toBeNull());
    await screen.findByTestId('code-suggestion');
    fireEvent.keyDown(editorContent(), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('code-suggestion')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Completion' })).toBeNull();
    expect(localStorage.getItem(CODE_DRAFT_KEY)).toBe(PROMPT + text);
  });

  it('copies the completion and retries with the same request', async () => {
    const { service, user } = await setup();
    // After user-event's setup, which installs a clipboard stub of its own.
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    const text = (await screen.findByTestId('code-suggestion')).textContent;
    const panel = await completion();
    await user.click(within(panel).getByRole('button', { name: 'Copy' }));
    // Copying is asynchronous (the clipboard API returns a promise): wait for its outcome.
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(text));
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('Copied'));
    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(service.bodiesTo('/code/completions')).toHaveLength(2));
    const [first, second] = service.bodiesTo('/code/completions');
    expect(second).toEqual(first);
  });

  it("shows the server's error through the error panel and keeps the prompt", async () => {
    const { user } = await setup();
    useSettingsStore.getState().setParameter('code', 'model', 'no-such-model');
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/model_not_found/);
    expect(alert).toHaveTextContent(/model/);
    expect(editorText()).toBe(PROMPT.replace(/\n/g, ''));
    expect(localStorage.getItem(CODE_DRAFT_KEY)).toBe(PROMPT);
  });
});

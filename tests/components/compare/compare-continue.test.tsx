import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSettingsStore } from '../../../src/stores';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { compareService, loadCompareResults, scriptedEngine } from './compare-service';
import { eventually } from '../../support/eventually';

// The cells' code loads after the page (lazily); loaded once up front, it is there when a run starts.
beforeAll(loadCompareResults, 60_000);

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const transcriptRows = () => [...screen.getByRole('list', { name: 'Transcript' }).children] as HTMLElement[];

describe('compare: continue in chat', () => {
  it('turns a cell into a chat conversation with the compared messages, its reply, and its variant’s model and parameters', async () => {
    const user = userEvent.setup({ delay: null });
    const engine = scriptedEngine({ 0: 'Zero degrees reply.', 1: 'A warmer reply from the reasoner.' });
    const service = compareService({ 'svc-chat': engine, 'svc-reasoner': engine });
    addConnection({ name: 'Other', baseURL: 'http://other.test/v1', apiKey: TEST_KEY });
    const local = addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    useSettingsStore.getState().selectConnection(local);
    const { router } = renderApp({ path: '/compare', fetch: service.fetch });
    await screen.findByRole('heading', { name: 'Compare' });

    await user.type(screen.getByLabelText('System prompt'), 'Answer briefly.');
    const message = screen.getByLabelText('Message');
    await user.clear(message);
    await user.type(message, 'Describe the weather');
    const second = screen.getByRole('listitem', { name: 'Variant 2' });
    const model = within(second).getByLabelText('Model');
    await user.clear(model);
    await user.type(model, 'svc-reasoner');
    await user.type(within(second).getByLabelText('max_tokens'), '40');
    await user.type(within(second).getByLabelText('seed'), '7');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await eventually(() =>
      expect(screen.getAllByRole('article').map((cell) => cell.dataset.status)).toEqual([
        'complete',
        'complete',
      ]),
    );

    // While on another connection the handoff brings the variant's back: its model lives there.
    useSettingsStore.getState().selectConnection(useSettingsStore.getState().connections[0]!.id);
    await user.click(screen.getByRole('button', { name: /^Continue 2\. .*svc-reasoner.* in chat$/ }));
    // Straight to the new conversation's own address.
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/chat\/[0-9a-z-]+$/));
    await screen.findByRole('textbox', { name: 'Message' }, { timeout: 60_000 });
    expect(useSettingsStore.getState().activeId).toBe(local);

    // The transcript fills in as the chat page opens the conversation (slow on a busy machine).
    await waitFor(() => expect(transcriptRows()).toHaveLength(2), { timeout: 60_000 });
    const [asked, answered] = transcriptRows();
    expect(asked!.dataset.role).toBe('user');
    expect(asked).toHaveTextContent('Describe the weather');
    expect(answered!.dataset.role).toBe('assistant');
    expect(answered!.dataset.status).toBe('complete');
    expect(answered).toHaveTextContent('A warmer reply from the reasoner.');
    // Kept by the chat page's own store (listed), and the history entry no longer hands it over: a
    // reload of it opens the conversation rather than saving a copy.
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Saved conversations' })).toHaveTextContent(
        'Describe the weather',
      ),
    );
    await waitFor(() => expect(router.state.location.state).toBeNull());
    // The parameters panel comes just after the page's first paint.
    expect(await screen.findByRole('combobox', { name: 'Model' })).toHaveValue('svc-reasoner');
    expect(screen.getByRole('textbox', { name: /^temperature/ })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: /^max_tokens/ })).toHaveValue('40');

    // The chat page has no seed field, but the conversation holds it: the next message goes out as
    // the cell's request did, with the compared conversation before it.
    const sent = service.bodies.length;
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.click(box);
    await user.type(box, 'And tomorrow?{Enter}');
    await waitFor(() => expect(service.bodies).toHaveLength(sent + 1));
    expect(service.bodies[sent]).toMatchObject({
      model: 'svc-reasoner',
      temperature: 1,
      max_tokens: 40,
      seed: 7,
      messages: [
        { role: 'system', content: 'Answer briefly.' },
        { role: 'user', content: 'Describe the weather' },
        { role: 'assistant', content: 'A warmer reply from the reasoner.' },
        { role: 'user', content: 'And tomorrow?' },
      ],
    });
  });
});

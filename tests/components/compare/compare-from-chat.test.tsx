import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plantConversation } from '../support/plant-conversation';
import type { Conversation } from '../../../src/lib/chat';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { compareService, loadCompareResults, scriptedEngine } from './compare-service';
import { eventually } from '../../support/eventually';

// The cells' code loads after the page (lazily); loaded once up front, it is there when a run starts.
beforeAll(loadCompareResults, 60_000);

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const chat = (id: string, updatedAt: number, messages: Conversation['messages']): Conversation => ({
  id,
  title: `Chat ${id}`,
  createdAt: 1,
  updatedAt,
  model: 'svc-reasoner',
  systemPrompt: 'You name rivers.',
  parameters: { temperature: 0.3 },
  messages,
});

describe('compare: starting from a chat conversation, with few-shot examples', () => {
  it('takes the chat’s system prompt, earlier turns as examples, its last message, model and parameters, and sends them in order', async () => {
    const user = userEvent.setup({ delay: null });
    await plantConversation(chat('old', 10, [{ id: 'x', role: 'user', content: 'Old', createdAt: 1 }]));
    await plantConversation(
      chat('recent', 20, [
        { id: 'a', role: 'user', content: 'A river in Egypt?', createdAt: 1 },
        { id: 'b', role: 'assistant', content: 'The Nile.', createdAt: 2 },
        { id: 'c', role: 'function', name: 'lookup', content: '{"ok":true}', createdAt: 3 },
        { id: 'd', role: 'user', content: 'A river in Brazil?', createdAt: 4 },
        { id: 'e', role: 'assistant', content: 'The Amazon.', createdAt: 5, status: 'complete' },
      ]),
    );
    const service = compareService({ 'svc-reasoner': scriptedEngine({ 0.3: 'The Danube.' }) });
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/compare', fetch: service.fetch });
    await screen.findByRole('heading', { name: 'Compare' });

    const picker = await screen.findByRole('group', { name: 'Start from a chat conversation' });
    const select = within(picker).getByLabelText('Start from a chat conversation');
    await eventually(() => expect(select).toHaveValue('recent'));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent?.split(' — ')[0]),
    ).toEqual(['Chat recent', 'Chat old']);
    await user.click(within(picker).getByRole('button', { name: 'Use it' }));
    expect(await within(picker).findByRole('status')).toHaveTextContent(
      'Took “Chat recent”: its system prompt, 2 examples, its last message, and its model and parameters as variant 1; 1 function or tool message(s) left out.',
    );
    expect(screen.getByLabelText('System prompt')).toHaveValue('You name rivers.');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('A river in Brazil?');
    const examples = within(screen.getByRole('region', { name: 'Few-shot messages' })).getAllByRole(
      'listitem',
    );
    const field = (item: HTMLElement, label: string) =>
      (within(item).getByLabelText(label) as HTMLSelectElement | HTMLTextAreaElement).value;
    expect(examples.map((e) => [field(e, 'Role'), field(e, 'Content')])).toEqual([
      ['user', 'A river in Egypt?'],
      ['assistant', 'The Nile.'],
    ]);
    const variants = within(screen.getByRole('region', { name: 'Variants' })).getAllByRole('listitem');
    expect(variants).toHaveLength(1);
    expect(within(variants[0]!).getByLabelText('Model')).toHaveValue('svc-reasoner');
    expect(within(variants[0]!).getByLabelText('temperature')).toHaveValue('0.3');

    // One more example by hand: the editor offers the turn that follows the last.
    await user.click(screen.getByRole('button', { name: 'Add user example' }));
    const added = within(screen.getByRole('listitem', { name: 'Example 3' })).getByLabelText('Content');
    await user.type(added, 'And in Europe?');
    await user.click(screen.getByRole('button', { name: 'Add assistant example' }));
    await user.type(
      within(screen.getByRole('listitem', { name: 'Example 4' })).getByLabelText('Content'),
      'The Rhine.',
    );

    await user.click(screen.getByRole('button', { name: 'Run' }));
    const cell = await screen.findByRole('article');
    await eventually(() => expect(cell.dataset.status).toBe('complete'));
    expect(cell).toHaveTextContent('The Danube.');
    expect(service.bodies[0]).toMatchObject({
      model: 'svc-reasoner',
      temperature: 0.3,
      messages: [
        { role: 'system', content: 'You name rivers.' },
        { role: 'user', content: 'A river in Egypt?' },
        { role: 'assistant', content: 'The Nile.' },
        { role: 'user', content: 'And in Europe?' },
        { role: 'assistant', content: 'The Rhine.' },
        { role: 'user', content: 'A river in Brazil?' },
      ],
    });
    expect((service.bodies[0]!.messages as unknown[]).length).toBe(6);
  });
});

import { screen, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { plantConversation } from '../support/plant-conversation';
import type { Conversation } from '../../../src/lib/chat';
import { inProcessService, TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { loadCompareResults } from './compare-service';
import { eventually } from '../../support/eventually';

// The cells' code loads after the page (lazily); loaded up front, it is not loaded during teardown.
beforeAll(loadCompareResults, 60_000);

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const untitled = (id: string, updatedAt: number, model: string, count: number): Conversation => ({
  id,
  title: 'New conversation',
  createdAt: 1,
  updatedAt,
  model,
  systemPrompt: '',
  parameters: {},
  messages: Array.from({ length: count }, (_, i) => ({
    id: `${id}-${i}`,
    role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
    content: `Message ${i}`,
    createdAt: i,
  })),
});

describe('compare: the model field and the chat conversation picker', () => {
  it('suggests the variant connection’s models and still takes a typed id', async () => {
    const service = inProcessService();
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/compare', fetch: service.fetch });
    await screen.findByRole('heading', { name: 'Compare' });
    if (!screen.queryByRole('listitem', { name: 'Variant 1' }))
      await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Add variant' }));
    const variant = await screen.findByRole('listitem', { name: 'Variant 1' });
    const model = within(variant).getByLabelText('Model');
    const listId = model.getAttribute('list');
    expect(listId).toBeTruthy();
    const suggestions = () =>
      Array.from(document.getElementById(listId!)?.querySelectorAll('option') ?? []).map((o) => o.value);
    await eventually(() => expect(suggestions()).toContain('svc-chat'));
    expect(suggestions()).toContain('svc-reasoner');
    // Free text stays allowed: a server may serve a model it does not list.
    await userEvent.setup({ delay: null }).clear(model);
    await userEvent.setup({ delay: null }).type(model, 'my-unlisted-model');
    expect(model).toHaveValue('my-unlisted-model');
  });

  it('tells conversations of the same title apart by date, model and message count', async () => {
    await plantConversation(untitled('a', Date.UTC(2026, 10, 20, 9, 0), 'svc-chat', 4));
    await plantConversation(untitled('b', Date.UTC(2026, 10, 26, 15, 30), 'svc-reasoner', 1));
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/compare', fetch: inProcessService().fetch });
    const picker = await screen.findByRole('group', { name: 'Start from a chat conversation' });
    const select = within(picker).getByLabelText('Start from a chat conversation');
    await eventually(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    const [recent, older] = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent ?? '');
    expect(recent).toMatch(/^New conversation — .*2026.* · svc-reasoner · 1 message$/);
    expect(older).toMatch(/^New conversation — .*2026.* · svc-chat · 4 messages$/);
    expect(recent).not.toEqual(older);
  });
});

/**
 * The conversation list (issue 29): titles whole with their date and model, row actions shown on
 * hover or focus, pins kept first across a reload, a filter by text and by pin, a Markdown export
 * from a row, and no pile of blank "New conversation" entries.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConversationStore } from '../../../src/features/chat/storage';
import type { Conversation } from '../../../src/lib/chat';
import { chatService, finishedReply, openChat, rows, send } from './chat-harness';
import { savedTitles } from './saved-titles';

afterEach(() => {
  vi.restoreAllMocks();
});

const list = () => screen.getByRole('list', { name: 'Saved conversations' });
const row = (title: string) =>
  within(list())
    .getByRole('button', { name: `Open ${title}` })
    .closest('li')!;

/** Two conversations with a message each; Beta is the newer. */
async function alphaAndBeta() {
  const opened = await openChat(chatService());
  await send(opened.user, 'Alpha topic');
  await finishedReply();
  await opened.user.click(screen.getByRole('button', { name: 'New conversation' }));
  await waitFor(() => expect(rows()).toHaveLength(0));
  await send(opened.user, 'Beta topic');
  await finishedReply();
  await waitFor(() => expect(savedTitles()).toEqual(['Beta topic', 'Alpha topic']));
  return opened;
}

describe('the conversation list', () => {
  it('shows a long title whole with its date and model; a row’s actions show on hover or focus', async () => {
    const title = 'Where do the rivers of northern Norway meet the sea';
    const { user } = await openChat(chatService());
    await send(user, title);
    await finishedReply();
    await waitFor(() => expect(savedTitles()).toEqual([title]));
    const item = row(title);
    const open = within(item).getByRole('button', { name: `Open ${title}` });
    // Whole, wrapping over lines: not cut with an ellipsis at the pane's edge.
    expect(open.textContent).toContain(title);
    expect(open.querySelector('.truncate')?.textContent).not.toContain(title);
    expect(item.querySelector('time')!.getAttribute('dateTime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(open.textContent).toContain('svc-chat');
    const actions = item.querySelector('[data-row-actions]')!;
    expect(
      within(actions as HTMLElement).getByRole('button', { name: `Rename ${title}` }),
    ).toBeInTheDocument();
    expect(actions.className).toMatch(/(^| )opacity-0( |$)/);
    expect(actions.className).toContain('group-hover:opacity-100');
    expect(actions.className).toContain('group-focus-within:opacity-100');
  });

  it('pins a conversation first, keeps the pin across a reload, and filters by text and pin', async () => {
    const first = await alphaAndBeta();
    const pin = within(row('Alpha topic')).getByRole('button', { name: 'Pin Alpha topic' });
    expect(pin).toHaveAttribute('aria-pressed', 'false');
    await first.user.click(pin);
    await waitFor(() => expect(savedTitles()).toEqual(['Alpha topic', 'Beta topic']));
    expect(within(row('Alpha topic')).getByRole('button', { name: 'Pin Alpha topic' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    first.unmount();

    const again = await openChat(chatService(), { keepStorage: true });
    await waitFor(() => expect(savedTitles()).toEqual(['Alpha topic', 'Beta topic']));
    await again.user.click(screen.getByRole('checkbox', { name: 'Pinned only' }));
    expect(savedTitles()).toEqual(['Alpha topic']);
    await again.user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'beta');
    await waitFor(() => expect(within(list()).getByText('No conversation matches.')).toBeInTheDocument());
    await again.user.click(screen.getByRole('checkbox', { name: 'Pinned only' }));
    await waitFor(() => expect(savedTitles()).toEqual(['Beta topic']));
    // Unpinned, it takes its place by date again.
    await again.user.clear(screen.getByRole('searchbox', { name: 'Search conversations' }));
    await waitFor(() => expect(savedTitles()).toHaveLength(2));
    await again.user.click(within(row('Alpha topic')).getByRole('button', { name: 'Pin Alpha topic' }));
    await waitFor(() => expect(savedTitles()).toEqual(['Beta topic', 'Alpha topic']));
  });

  it('exports a conversation as Markdown: roles, content, function calls and results, reasoning folded', async () => {
    globalThis.indexedDB = new IDBFactory();
    const store = createConversationStore();
    const at = Date.now() - 1000;
    const conversation: Conversation = {
      id: 'weather-1',
      title: 'Weather in Oslo',
      createdAt: at,
      updatedAt: at,
      model: 'svc-reasoner',
      systemPrompt: 'Answer briefly.',
      parameters: {},
      messages: [
        { id: 'u1', role: 'user', content: 'What is the weather in Oslo?', createdAt: at },
        {
          id: 'a1',
          role: 'assistant',
          content: '',
          function_call: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
          reasoning: {
            text: 'The user wants <weather>; call the tool.',
            tokens: 9,
            startedAt: at,
            endedAt: at,
          },
          status: 'complete',
          createdAt: at,
        },
        { id: 'f1', role: 'function', name: 'get_weather', content: '{"celsius": -3}', createdAt: at },
        {
          id: 'a2',
          role: 'assistant',
          content: 'It is **-3 °C** in Oslo.',
          status: 'complete',
          createdAt: at,
        },
      ],
    };
    await store.save(conversation);
    store.dispose();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test/markdown';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    const { user } = await openChat(chatService(), { keepStorage: true });
    await waitFor(() => expect(savedTitles()).toEqual(['Weather in Oslo']));
    await user.click(screen.getByRole('button', { name: 'Export Weather in Oslo as Markdown' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Weather-in-Oslo.md');
    expect(blobs[0]!.type).toBe('text/markdown');
    const markdown = await blobs[0]!.text();
    expect(markdown).toMatch(/^# Weather in Oslo\n/);
    expect(markdown).toContain('## System\n\nAnswer briefly.');
    expect(markdown).toContain('## User\n\nWhat is the weather in Oslo?');
    expect(markdown).toContain(
      '<details>\n<summary>Reasoning</summary>\n\nThe user wants <weather>; call the tool.\n\n</details>',
    );
    expect(markdown).toContain('**Function call** `get_weather`\n\n```json\n{\n  "city": "Oslo"\n}\n```');
    expect(markdown).toContain('## Function result of `get_weather`\n\n```\n{"celsius": -3}\n```');
    expect(markdown).toContain('## Assistant\n\nIt is **-3 °C** in Oslo.');
  });

  it('reuses a blank conversation rather than listing another', async () => {
    const { user } = await openChat(chatService());
    await send(user, 'Alpha topic');
    await finishedReply();
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(savedTitles()).toEqual(['New conversation', 'Alpha topic']));
    await user.click(screen.getByRole('button', { name: 'Open Alpha topic' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    // The blank one is shown again (its row current), and it is still the only blank one.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open New conversation' })).toHaveAttribute(
        'aria-current',
        'true',
      ),
    );
    expect(rows()).toHaveLength(0);
    expect(savedTitles()).toEqual(['New conversation', 'Alpha topic']);
  });
});

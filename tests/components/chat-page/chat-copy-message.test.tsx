import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blocksParsed } from '../markdown/blocks-parsed';
import { chatService, finishedReply, openChat, rows, send } from './chat-harness';

afterEach(() => vi.restoreAllMocks());

describe('chat page: copying a message', () => {
  it('copies a reply as its raw markdown source, not the rendered text, and says so', async () => {
    const { user } = await openChat(chatService());
    await send(user, 'Show me a table of three fruits');
    const reply = await finishedReply();
    await blocksParsed(document.body);
    // user-event puts its own clipboard on navigator; the spy records what the page writes there.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    const copy = within(reply).getByRole('button', { name: 'Copy message 2' });
    // Its name says which message; its face just "Copy", like the row's other short actions.
    expect(copy).toHaveTextContent(/^Copy$/);
    await user.click(copy);
    await within(reply).findByText('Copied');
    expect(writeText).toHaveBeenCalledTimes(1);
    const copied = writeText.mock.calls[0]![0];

    await user.click(screen.getByRole('button', { name: 'Import/Export' }));
    const exported = await screen.findByRole('textbox', { name: 'Exported JSON' });
    await waitFor(() => expect((exported as HTMLTextAreaElement).value).not.toBe(''));
    const saved = JSON.parse((exported as HTMLTextAreaElement).value) as {
      conversation: { messages: { content: string }[] };
    };
    expect(copied).toBe(saved.conversation.messages[1]!.content);
    // The source has markdown syntax the rendered row does not show.
    const syntax = /^#+ |\*\*|^\|/m.exec(copied)?.[0];
    expect(syntax).toBeDefined();
    expect(reply.textContent).not.toContain(copied);
  });

  it("copies a user message's text by keyboard", async () => {
    const { user } = await openChat(chatService());
    await send(user, 'Copy *this* exactly');
    await finishedReply();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const button = within(rows()[0]!).getByRole('button', { name: 'Copy message 1' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith('Copy *this* exactly');
    // The note follows the clipboard's promise: on a loaded machine, a moment after the call.
    await waitFor(() => expect(within(rows()[0]!).getByRole('status').textContent).toBe('Copied'));
  });

  it('copies a function call as {"name", "arguments"} JSON', async () => {
    const { user } = await openChat(chatService());
    await user.click(screen.getByRole('button', { name: 'Import/Export' }));
    await user.click(await screen.findByRole('textbox', { name: 'JSON to import' }));
    await user.paste(
      JSON.stringify({
        functions: [
          { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
        ],
        messages: [
          { role: 'user', content: 'Weather in Oslo?' },
          {
            role: 'assistant',
            content: null,
            function_call: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
          },
          { role: 'function', name: 'get_weather', content: '{"celsius":3}' },
        ],
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Import pasted JSON' }));
    await user.click(screen.getByRole('button', { name: 'Close import or export conversations' }));
    await waitFor(() => expect(rows().map((r) => r.dataset.role)).toEqual(['user', 'assistant', 'function']));
    await waitFor(() => expect(rows()[1]!.querySelector('[data-part-pending]')).toBeNull());
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(within(rows()[1]!).getByRole('button', { name: 'Copy message 2' }));
    expect(writeText).toHaveBeenLastCalledWith(
      '{"name":"get_weather","arguments":"{\\"city\\":\\"Oslo\\"}"}',
    );
    await user.click(within(rows()[2]!).getByRole('button', { name: 'Copy message 3' }));
    expect(writeText).toHaveBeenLastCalledWith('{"celsius":3}');
  });

  it('says when the clipboard refuses', async () => {
    const { user } = await openChat(chatService());
    await send(user, 'Hello');
    const reply = await finishedReply();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('permission denied'));
    await user.click(within(reply).getByRole('button', { name: 'Copy message 2' }));
    // The row has a screen-reader status of its own too: the note is found by its words.
    const note = await within(reply).findByText(
      /^Could not copy \(permission denied\); select the text instead\.$/,
    );
    expect(note).toHaveAttribute('role', 'status');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blocksParsed } from '../markdown/blocks-parsed';
import { chatService, finishedReply, openChat, rows, send } from './chat-harness';
import { savedTitles } from './saved-titles';

afterEach(() => vi.restoreAllMocks());

type User = ReturnType<typeof userEvent.setup>;

async function openDialog(user: User) {
  await user.click(screen.getByRole('button', { name: 'Import/Export' }));
  return screen.findByRole('dialog', { name: 'Import or export conversations' });
}

async function importPasted(user: User, json: string) {
  const area = await screen.findByRole('textbox', { name: 'JSON to import' });
  await user.click(area);
  await user.paste(json);
  await user.click(screen.getByRole('button', { name: 'Import pasted JSON' }));
}

describe('chat page: importing what other tools write', () => {
  it('opens a plain {"messages": […]} body as a new conversation, its system message as the prompt', async () => {
    const { user } = await openChat(chatService());
    await openDialog(user);
    await importPasted(
      user,
      JSON.stringify({
        model: 'svc-reasoner',
        temperature: 0.4,
        stream: true,
        messages: [
          { role: 'system', content: 'Answer in one line.' },
          { role: 'user', content: 'Plan a trip to Lisbon' },
          { role: 'assistant', content: '**Day 1**: the Alfama.' },
        ],
      }),
    );
    await waitFor(() => expect(savedTitles()).toContain('Plan a trip to Lisbon'));
    await waitFor(() => expect(rows().map((r) => r.dataset.role)).toEqual(['user', 'assistant']));
    await blocksParsed(document.body);
    expect(rows()[1]!.textContent).toContain('Day 1: the Alfama.');
    const prompt = screen.getByRole('textbox', { name: 'System prompt', hidden: true });
    expect((prompt as HTMLTextAreaElement).value).toBe('Answer in one line.');
    // The pasted text went in, so it is cleared.
    expect((screen.getByLabelText('JSON to import') as HTMLTextAreaElement).value).toBe('');
  });

  it('opens image_url parts as the message’s images, and refuses them for svc-chat, keeping the pasted text', async () => {
    const { user } = await openChat(chatService());
    const body = (model?: string) =>
      JSON.stringify({
        ...(model ? { model } : {}),
        messages: [
          { role: 'system', content: 'x' },
          { role: 'user', content: 'first' },
          {
            role: 'user',
            content: [{ type: 'image_url', image_url: { url: 'https://example.com/cat.png' } }],
          },
        ],
      });
    await openDialog(user);
    const before = savedTitles();
    // No model named: the connection's, svc-chat, which reads text only, as the service says.
    await importPasted(user, body());
    const dialog = screen.getByRole('dialog', { name: 'Import or export conversations' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Not imported: 1 problem.');
    expect(alert.textContent).toContain(
      '$.messages[2].content[0] Message 3 has images, and svc-chat reads text only in chat: ask about images on the Vision page, or import the request for a model that reads them. Chat models do not read images: send image parts to /vision/analyze with svc-vision.',
    );
    expect((screen.getByLabelText('JSON to import') as HTMLTextAreaElement).value).toContain('cat.png');
    expect(savedTitles()).toEqual(before);

    // For a model that reads images, they come in as the message's images.
    await user.clear(screen.getByLabelText('JSON to import'));
    await importPasted(user, body('gpt-4o'));
    await waitFor(() => expect(rows().map((r) => r.dataset.role)).toEqual(['user', 'user']));
    expect(await within(rows()[1]!).findByRole('img', { name: 'Image 1' })).toHaveAttribute(
      'src',
      'https://example.com/cat.png',
    );
  });

  it('lists each problem of a bad body where it is', async () => {
    const { user } = await openChat(chatService());
    await openDialog(user);
    await importPasted(
      user,
      JSON.stringify({
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'tool', tool_call_id: 'call_9', content: '3' },
        ],
        top_p: 3,
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not imported: 2 problems.');
    expect(alert.textContent).toContain(
      "$.messages[1].tool_call_id Message 2: 'messages[1].tool_call_id' is 'call_9', which no earlier assistant tool_calls entry has.",
    );
    expect(alert.textContent).toContain("$.top_p 'top_p' must be from 0 to 1; 3 is out of range.");
  });
});

describe('chat page: all conversations at once', () => {
  it('exports all and imports them back as new conversations, named apart', async () => {
    const { user } = await openChat(chatService());
    await send(user, 'Alpha topic');
    await finishedReply();
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(rows()).toHaveLength(0));
    await send(user, 'Beta topic');
    await finishedReply();
    await waitFor(() => expect(savedTitles()).toEqual(['Beta topic', 'Alpha topic']));

    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test/all';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Download all as JSON' }));
    await within(dialog).findByText('Exported 2 conversations.');
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(
      /^conversations-\d{4}-\d\d-\d\d\.json$/,
    );
    const json = await blobs[0]!.text();
    expect(JSON.parse(json)).toMatchObject({ format: 'svc-playground.conversations', version: 1 });

    await importPasted(user, json);
    await within(dialog).findByText('Imported 2 conversations.');
    await waitFor(() =>
      expect(savedTitles().sort()).toEqual([
        'Alpha topic',
        'Alpha topic (imported)',
        'Beta topic',
        'Beta topic (imported)',
      ]),
    );
  });

  it('imports every valid entry of a file and says which were refused and why', async () => {
    const { user } = await openChat(chatService());
    const dialog = await openDialog(user);
    await importPasted(
      user,
      JSON.stringify([
        { messages: [{ role: 'user', content: 'Kept one' }] },
        {
          messages: [
            { role: 'user', content: [{ type: 'input_image', image_url: 'https://example.com/a.png' }] },
          ],
        },
        42,
        { messages: [{ role: 'user', content: 'Kept two' }] },
      ]),
    );
    await within(dialog).findByText('Imported 2 conversations; 2 refused (below).');
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toContain('Conversation 2:');
    expect(alert.textContent).toContain(
      "$[1].messages[0].content[0].type Message 1: 'input_image' is another tool's way of writing an image",
    );
    // Not the rules' "must be 'text' or 'image_url'", which would send the reader to another image part.
    expect(alert.textContent).not.toContain("must be 'text' or 'image_url'");
    expect(alert.textContent).toContain('Conversation 3:');
    expect(alert.textContent).toContain('$[2] must be an object, found number 42');
    await waitFor(() => expect(savedTitles()).toEqual(expect.arrayContaining(['Kept one', 'Kept two'])));
  });

  it('refuses a file of conversations from a newer playground as a whole, saying so', async () => {
    const { user } = await openChat(chatService());
    const dialog = await openDialog(user);
    await importPasted(
      user,
      JSON.stringify({ format: 'svc-playground.conversations', version: 2, conversations: [] }),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('$.version is 2, newer than this playground reads (1)');
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blocksParsed } from '../markdown/blocks-parsed';
import { chatService, finishedReply, openChat, rows, send } from './chat-harness';
import { savedTitles } from './saved-titles';

describe('chat page: saved conversations', () => {
  it('an export re-imports to the same conversation', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await send(user, 'Export me');
    await finishedReply();
    await blocksParsed(document.body);
    const original = rows().map((r) => r.textContent);
    await user.click(screen.getByRole('button', { name: 'Import/Export' }));
    const exported = await screen.findByRole('textbox', { name: 'Exported JSON' });
    await waitFor(() => expect((exported as HTMLTextAreaElement).value).toContain('Export me'));
    // Named as the list names it now (its first message), not as it was when it was opened.
    expect(screen.getByRole('heading', { name: 'Export “Export me”' })).toBeInTheDocument();
    const json = (exported as HTMLTextAreaElement).value;
    const area = screen.getByRole('textbox', { name: 'JSON to import' });
    await user.click(area);
    await user.paste(json);
    await user.click(screen.getByRole('button', { name: 'Import pasted JSON' }));
    // The copy is named apart from the original, which stays as it was.
    await waitFor(() => expect(savedTitles().sort()).toEqual(['Export me', 'Export me (imported)']));
    await user.click(screen.getByRole('button', { name: 'Close import or export conversations' }));
    await blocksParsed(document.body);
    expect(rows().map((r) => r.textContent)).toEqual(original);
    const reimported = JSON.parse(json) as { conversation: { messages: unknown[]; id: string } };
    expect(reimported.conversation.messages).toHaveLength(2);
  });

  it('an invalid import is refused with every problem and where it is', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await user.click(screen.getByRole('button', { name: 'Import/Export' }));
    await user.click(await screen.findByRole('textbox', { name: 'JSON to import' }));
    await user.paste(
      JSON.stringify({
        format: 'svc-playground.conversation',
        version: 1,
        conversation: { id: 'x', title: 7, messages: [{ role: 'robot' }] },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Import pasted JSON' }));
    const report = await screen.findByText(/Not imported: \d+ problems/);
    const text = report.parentElement!.textContent!;
    expect(text).toContain('$.conversation.title');
    expect(text).toContain('$.conversation.messages[0].role');
    // What was pasted stays to be fixed.
    expect((screen.getByLabelText('JSON to import') as HTMLTextAreaElement).value).toContain('"robot"');
  });

  it('renames, searches and deletes with undo', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await send(user, 'Alpha topic');
    await finishedReply();
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(rows()).toHaveLength(0));
    await send(user, 'Beta topic');
    await finishedReply();
    await waitFor(() => expect(savedTitles()).toEqual(['Beta topic', 'Alpha topic']));

    await user.click(screen.getByRole('button', { name: 'Rename Alpha topic' }));
    const title = screen.getByRole('textbox', { name: 'New title for Alpha topic' });
    await user.clear(title);
    await user.type(title, 'Renamed{Enter}');
    await waitFor(() => expect(savedTitles()).toContain('Renamed'));

    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'beta');
    await waitFor(() => expect(savedTitles()).toEqual(['Beta topic']));
    await user.clear(screen.getByRole('searchbox', { name: 'Search conversations' }));
    await waitFor(() => expect(savedTitles()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Delete Renamed' }));
    await waitFor(() => expect(savedTitles()).toEqual(['Beta topic']));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(savedTitles().sort()).toEqual(['Beta topic', 'Renamed']));
  });
});

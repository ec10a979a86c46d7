import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadImportExport } from '../../../src/features/chat/page/conversation-sidebar';
import { chatService, finishedReply, openChat, rows, send } from './chat-harness';

const position = (row: HTMLElement) => within(row).getByTestId('version-position').textContent;

describe('chat page: versions and branches', () => {
  it('keeps every reply of a turn: regenerate twice, step back to the first', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await send(user, 'Tell me something');
    await finishedReply();
    const firstId = service.requests.length;
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await finishedReply();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await finishedReply();
    expect(service.requests).toHaveLength(firstId + 2);
    expect(position(rows()[1]!)).toBe('Version 3 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous version of message 2' }));
    await user.click(screen.getByRole('button', { name: 'Previous version of message 2' }));
    expect(position(rows()[1]!)).toBe('Version 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous version of message 2' })).toBeDisabled();
    expect(rows()).toHaveLength(2);
  });

  it('resends an edited message as a branch; the original branch is one click away', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await send(user, 'First question');
    await finishedReply();
    await send(user, 'Second question');
    await finishedReply();
    await user.click(within(rows()[2]!).getByRole('button', { name: 'Edit' }));
    const box = await screen.findByRole('textbox', { name: 'Message text' });
    await user.clear(box);
    await user.type(box, 'Second, rephrased');
    await user.click(screen.getByRole('button', { name: 'Save and resend' }));
    await finishedReply();
    expect(rows()[2]!.textContent).toContain('Second, rephrased');
    expect(position(rows()[2]!)).toBe('Version 2 of 2');
    const sent = service.requests.at(-1)!.body.messages as { content: string }[];
    expect(sent.at(-1)!.content).toBe('Second, rephrased');
    await user.click(screen.getByRole('button', { name: 'Previous version of message 3' }));
    expect(rows()[2]!.textContent).toContain('Second question');
    expect(rows()).toHaveLength(4);
    expect(rows()[3]!.dataset.status).toBe('complete');
  });

  it('deletes a message, and Undo brings it back', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await send(user, 'Keep me');
    await finishedReply();
    await user.click(screen.getByRole('button', { name: 'Delete message 1' }));
    expect(rows()).toHaveLength(1);
    expect(screen.getByText('Message 1 deleted.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(rows()).toHaveLength(2);
    expect(rows()[0]!.textContent).toContain('Keep me');
    expect(screen.queryByText('Message 1 deleted.')).toBeNull();
  });

  it('exports the tree, or the path shown alone', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await send(user, 'Branch me');
    await finishedReply();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await finishedReply();
    await preloadImportExport();
    await user.click(screen.getByRole('button', { name: 'Import/Export' }));
    const exported = (await screen.findByRole('textbox', { name: 'Exported JSON' })) as HTMLTextAreaElement;
    await waitFor(() => expect(exported.value).toContain('"branches"'));
    await user.click(
      screen.getByRole('checkbox', { name: /Only the path shown \(leave out 1 other version\)/ }),
    );
    expect(exported.value).not.toContain('"branches"');
    expect(JSON.parse(exported.value).conversation.messages).toHaveLength(2);
  });
});

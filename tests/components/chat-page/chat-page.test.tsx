import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createConversationStore } from '../../../src/features/chat/storage';
import { useSettingsStore } from '../../../src/stores';
import { chatService, finishedReply, openChat, rows, send } from './chat-harness';
import { gatedEngine } from './engines';

describe('chat page: conversation', () => {
  it('round-trips a multi-turn conversation, sending the earlier reply back as the assistant turn', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await send(user, 'First question');
    const first = await finishedReply();
    const firstText = service.requests[0]!.body;
    expect(firstText).toEqual({
      model: 'svc-chat',
      messages: [{ role: 'user', content: 'First question' }],
      stream: true,
    });
    await send(user, 'Second question');
    await waitFor(() => expect(rows()).toHaveLength(4));
    await finishedReply();
    const messages = service.requests[1]!.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[1]!.content.length).toBeGreaterThan(0);
    expect(first.textContent).toContain(
      messages[1]!.content.split('\n')[0]!.replace(/[#*`]/g, '').trim().slice(0, 20),
    );
    expect(within(first).getByTestId('reply-footer').textContent).toMatch(/finish_reason: stop/);
    expect(within(first).getByTestId('reply-footer').textContent).toMatch(
      /\d+ prompt \+ \d+ completion = \d+ tokens/,
    );
  });

  it('shows the partial text while streaming, then the final text', async () => {
    const gated = gatedEngine('Hello ', 'world, finished.');
    const service = chatService({ engines: { 'svc-chat': gated.engine } });
    const { user } = await openChat(service);
    await send(user, 'Hi');
    await waitFor(() => expect(rows().at(-1)?.dataset.status).toBe('streaming'));
    expect(rows().at(-1)!.textContent).toContain('Hello');
    expect(rows().at(-1)!.textContent).not.toContain('finished');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    act(() => gated.release());
    const reply = await finishedReply();
    expect(reply.textContent).toContain('Hello world, finished.');
  });

  it('stop aborts the request: the server sees the disconnect and the partial reply is kept, marked stopped', async () => {
    const gated = gatedEngine('Kept partial ', 'never sent');
    const service = chatService({ engines: { 'svc-chat': gated.engine } });
    const { user } = await openChat(service);
    await send(user, 'Hi');
    await waitFor(() => expect(rows().at(-1)?.textContent).toContain('Kept partial'));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    const reply = await finishedReply('stopped');
    expect(reply.textContent).toContain('Kept partial');
    expect(reply.textContent).toContain('stopped: partial reply');
    await waitFor(() => expect(gated.signals[0]?.aborted).toBe(true));
  });

  it('Esc stops a reply under way', async () => {
    const gated = gatedEngine('Partial ', 'never');
    const service = chatService({ engines: { 'svc-chat': gated.engine } });
    const { user } = await openChat(service);
    await send(user, 'Hi');
    await waitFor(() => expect(rows().at(-1)?.textContent).toContain('Partial'));
    await user.keyboard('{Escape}');
    await finishedReply('stopped');
    await waitFor(() => expect(gated.signals[0]?.aborted).toBe(true));
  });

  it("puts svc-reasoner's thinking in its own pane and never sends it back", async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'svc-reasoner');
    await send(user, 'Why is the sky blue?');
    const reply = await finishedReply();
    const thinking = within(reply).getByRole('region', { name: 'Thinking', hidden: true });
    const thought = thinking.textContent ?? '';
    expect(thought.length).toBeGreaterThan(20);
    expect(within(reply).getByText(/~\d+ tokens/)).toBeInTheDocument();
    await send(user, 'And at sunset?');
    await finishedReply();
    await waitFor(() => expect(service.requests).toHaveLength(2));
    const sent = JSON.stringify(service.requests[1]!.body);
    expect(sent).not.toContain(thought.slice(0, 40));
    expect(sent).not.toMatch(/reasoning/);
  });

  it('edits, inserts a hand-written assistant turn, reorders and deletes messages, then continues from a point', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Q1');
    await user.click(screen.getByRole('button', { name: 'Add as user' }));
    await user.type(box, 'A1 by hand');
    await user.click(screen.getByRole('button', { name: 'Add as assistant' }));
    await user.type(box, 'Q2 tpyo');
    await user.click(screen.getByRole('button', { name: 'Add as user' }));
    expect(rows()).toHaveLength(3);
    expect(service.requests).toHaveLength(0);
    expect(rows()[1]!.textContent).toContain('written by hand');

    await user.click(within(rows()[2]!).getByRole('button', { name: 'Edit' }));
    const editor = await within(rows()[2]!).findByRole('textbox', { name: 'Message text' });
    await user.clear(editor);
    await user.type(editor, 'Q2 fixed');
    await user.click(within(rows()[2]!).getByRole('button', { name: 'Save' }));
    expect(rows()[2]!.textContent).toContain('Q2 fixed');

    await user.click(screen.getByRole('button', { name: 'Insert a message after message 3' }));
    const inserted = await within(rows()[3]!).findByRole('textbox', { name: 'Message text' });
    await user.type(inserted, 'Extra');
    await user.click(within(rows()[3]!).getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Move message 4 up' }));
    expect(rows().map((r) => r.textContent?.match(/Q1|A1 by hand|Q2 fixed|Extra/)?.[0])).toEqual([
      'Q1',
      'A1 by hand',
      'Extra',
      'Q2 fixed',
    ]);
    await user.click(screen.getByRole('button', { name: 'Delete message 3' }));
    expect(rows()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Continue from here (message 1)' }));
    await finishedReply();
    expect(service.requests[0]!.body.messages).toEqual([{ role: 'user', content: 'Q1' }]);
    expect(rows()).toHaveLength(2);
  });

  it('sends the system prompt first, and regenerates the last reply', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await user.click(screen.getByText(/^System prompt/));
    await user.type(screen.getByRole('textbox', { name: 'System prompt' }), 'Be terse.');
    await send(user, 'Hi');
    await finishedReply();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(service.requests).toHaveLength(2));
    await finishedReply();
    expect(rows()).toHaveLength(2);
    expect(service.requests[1]!.body.messages).toEqual([
      { role: 'system', content: 'Be terse.' },
      { role: 'user', content: 'Hi' },
    ]);
  });

  it('keeps conversations and the unsent draft across a remount of the app', async () => {
    const service = chatService();
    const first = await openChat(service);
    await send(first.user, 'Remember me');
    await finishedReply();
    await first.user.type(screen.getByRole('textbox', { name: 'Message' }), 'half-typed');
    // Wait for what the remount needs, the finished reply on disk (the autosaver writes it within
    // 500 ms of the last change), rather than for a fixed time.
    const stored = createConversationStore();
    await waitFor(
      async () => {
        const [summary] = await stored.list();
        const saved = summary ? await stored.load(summary.id) : null;
        expect(saved?.messages.map((m) => m.status ?? 'sent')).toEqual(['sent', 'complete']);
      },
      { timeout: 60_000 },
    );
    stored.dispose();
    first.unmount();
    useSettingsStore.setState(useSettingsStore.getState());
    await openChat(service, { keepStorage: true });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]!.textContent).toContain('Remember me');
    expect(rows()[1]!.dataset.status).toBe('complete');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('half-typed');
    expect(screen.getByRole('button', { name: 'Open Remember me' })).toBeInTheDocument();
  });

  it('opens the keyboard shortcuts dialog with ?', async () => {
    const service = chatService();
    await openChat(service);
    fireEvent.keyDown(document.body, { key: '?' });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Esc')).toBeInTheDocument();
  });
});

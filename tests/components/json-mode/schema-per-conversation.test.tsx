/**
 * The reply schema belongs to its conversation: one with no schema checks nothing, whichever was
 * shown before it, and each conversation opens with its own. A structured-outputs schema that cannot
 * be sent holds Send back (with the reason), and its text is kept across a reload.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createConversationStore } from '../../../src/features/chat/storage';
import { chatService, finishedReply, openChat, openInspectorTab, send } from '../chat-page/chat-harness';
import { textEngine } from '../functions/scripted-engines';

const SCHEMA = '{"type": "object", "required": ["country"]}';

const schemaBox = (section: HTMLElement) =>
  within(section).getByRole('textbox', { name: /JSON Schema|Check replies against a JSON schema/ });

describe('the reply schema of each conversation', () => {
  it('a conversation without a schema, opened after one with a schema, checks nothing', async () => {
    const service = chatService({ engines: { 'svc-chat': textEngine('{"city": "Paris"}') } });
    const { user, router } = await openChat(service);
    let section = await openInspectorTab(user, 'json-mode');
    await user.selectOptions(
      within(section).getByRole('combobox', { name: 'response_format' }),
      'json_object',
    );
    await user.click(schemaBox(section));
    await user.paste(SCHEMA);
    await send(user, 'JSON about Paris');
    let reply = await finishedReply();
    await waitFor(() =>
      expect(within(reply).getByRole('list', { name: 'Schema violations' }).textContent).toContain(
        'country is required but missing',
      ),
    );
    const first = router.state.location.pathname;

    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe(first));
    section = screen.getByRole('tabpanel', { name: 'JSON' });
    await waitFor(() => expect(schemaBox(section)).toHaveValue(''));
    await user.selectOptions(
      within(section).getByRole('combobox', { name: 'response_format' }),
      'json_object',
    );
    await send(user, 'JSON again');
    reply = await finishedReply();
    // The reply is drawn as JSON (the sign the view is complete), and no schema is checked against it.
    expect(within(reply).getByRole('tree', { name: 'JSON reply tree' })).toBeInTheDocument();
    expect(within(reply).queryByRole('list', { name: 'Schema violations' })).toBeNull();
    expect(within(reply).queryByText(/matches the pasted schema/)).toBeNull();

    // Opening the first again brings its own schema back, and its reply is checked against it.
    await user.click(screen.getByRole('button', { name: 'Open JSON about Paris' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(first));
    await waitFor(() =>
      expect(schemaBox(screen.getByRole('tabpanel', { name: 'JSON' }))).toHaveValue(SCHEMA),
    );
    reply = await finishedReply();
    await waitFor(() =>
      expect(within(reply).getByRole('list', { name: 'Schema violations' })).toBeInTheDocument(),
    );
  });

  it('a structured-outputs schema that does not parse blocks Send, says why, and is kept on reload', async () => {
    const service = chatService();
    const first = await openChat(service);
    const { user, router } = first;
    const section = await openInspectorTab(user, 'json-mode');
    await user.selectOptions(
      within(section).getByRole('combobox', { name: 'response_format' }),
      'json_schema',
    );
    const box = schemaBox(section);
    // Room to read a schema, and it can be dragged taller.
    expect(Number(box.getAttribute('rows'))).toBeGreaterThanOrEqual(8);
    expect(box.className).toMatch(/resize-y/);
    await user.click(box);
    await user.paste('{"type": "object", "properties": {');
    await send(user, 'Facts about Oslo');
    const reason = await screen.findByText(/the schema is not valid JSON/i, { selector: '[role="alert"] *' });
    expect(reason.closest('[role="alert"]')!.textContent).toMatch(/response_format/);
    // Nothing was sent and what was typed stays in the box.
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Facts about Oslo');
    expect(service.requests).toHaveLength(0);

    const id = router.state.location.pathname.split('/').pop()!;
    const store = createConversationStore();
    await waitFor(async () =>
      expect((await store.load(id))?.replySchema).toBe('{"type": "object", "properties": {'),
    );
    store.dispose();
    first.unmount();

    const again = await openChat(service, { keepStorage: true, path: `/chat/${id}` });
    const reopened = await openInspectorTab(again.user, 'json-mode');
    await waitFor(() => expect(schemaBox(reopened)).toHaveValue('{"type": "object", "properties": {'));
    expect(
      await screen.findByText(/the schema is not valid JSON/i, { selector: '[role="alert"] *' }),
    ).toBeInTheDocument();
    await again.user.clear(schemaBox(reopened));
    await again.user.paste('{"type": "object"}');
    await waitFor(() => expect(screen.queryByText(/the schema is not valid JSON/i)).toBeNull());
    await send(again.user, ' now');
    await finishedReply();
    expect(service.requests[0]!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'reply', schema: { type: 'object' }, strict: true },
    });
  });
});

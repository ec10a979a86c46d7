import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chatService, finishedReply, openChat, send, openInspectorTab } from '../chat-page/chat-harness';
import { textEngine } from '../functions/scripted-engines';

async function openJsonMode(user: ReturnType<typeof userEvent.setup>) {
  const section = await openInspectorTab(user, 'json-mode');
  await user.selectOptions(within(section).getByRole('combobox', { name: 'response_format' }), 'json_object');
  return section;
}

describe('JSON mode on the chat page', () => {
  it('warns when no message mentions JSON, and the fix adds an instruction to the system prompt', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    const section = await openJsonMode(user);
    const warning = within(section).getByRole('alert');
    expect(warning.textContent).toMatch(/No message mentions JSON/);
    await user.click(
      within(warning).getByRole('button', { name: 'Add a JSON instruction to the system prompt' }),
    );
    expect(within(section).queryByRole('alert')).toBeNull();
    await send(user, 'Describe Paris');
    await finishedReply();
    const body = service.requests[0]!.body as {
      messages: { role: string; content: string }[];
      response_format: unknown;
    };
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages[0]).toEqual({
      role: 'system',
      content: 'Reply with a single valid JSON object and nothing else.',
    });
  });

  it('renders a JSON reply as a collapsible tree with a raw view', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await openJsonMode(user);
    await send(user, 'Answer in JSON: describe Paris');
    const reply = await finishedReply();
    const tree = within(reply).getByRole('tree', { name: 'JSON reply tree' });
    const root = within(tree).getAllByRole('treeitem')[0]!;
    expect(root).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(root).getAllByRole('button')[0]!);
    expect(root).toHaveAttribute('aria-expanded', 'false');
    await user.click(within(reply).getByRole('button', { name: 'Raw' }));
    expect(
      JSON.parse(within(reply).getByRole('group', { name: 'JSON reply' }).querySelector('pre')!.textContent!),
    ).toBeTypeOf('object');
  });

  it('marks where an invalid JSON reply breaks', async () => {
    const service = chatService({ engines: { 'svc-chat': textEngine('{"city": "Paris",\n "size": big}') } });
    const { user } = await openChat(service);
    await openJsonMode(user);
    await send(user, 'JSON please');
    const reply = await finishedReply();
    expect(within(reply).getByRole('alert').textContent).toMatch(/Not valid JSON at line 2, column 10/);
    expect(within(reply).getByTestId('json-break').textContent).toBe('b');
  });

  it('validates the reply against a pasted schema', async () => {
    const service = chatService({ engines: { 'svc-chat': textEngine('{"city": "Paris"}') } });
    const { user } = await openChat(service);
    const section = await openJsonMode(user);
    const schema = within(section).getByRole('textbox', { name: /Check replies against a JSON schema/ });
    await user.click(schema);
    await user.paste('{"type": "object", "required": ["country"]}');
    await send(user, 'JSON please');
    const reply = await finishedReply();
    await waitFor(() =>
      expect(within(reply).getByRole('list', { name: 'Schema violations' }).textContent).toContain(
        'country is required but missing',
      ),
    );
    await user.clear(schema);
    await user.paste('{"type": "object"}');
    expect(screen.getByText('✓ The reply matches the pasted schema.')).toBeInTheDocument();
    await user.clear(schema);
  });
});

describe('structured outputs (json_schema) on the chat page', () => {
  const schema = {
    type: 'object',
    properties: { city: { type: 'string' }, population: { type: 'integer' } },
    required: ['city', 'population'],
    additionalProperties: false,
  };

  it('sends the typed schema with its name and strict, and checks the reply against it', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    const section = await openInspectorTab(user, 'json-mode');
    const box = within(section).getByRole('textbox', { name: /JSON Schema|Check replies/ });
    await user.click(box);
    await user.paste('{"type": "object", "properties": {');
    await user.selectOptions(
      within(section).getByRole('combobox', { name: 'response_format' }),
      'json_schema',
    );
    // Half a schema: what is wrong is said before anything is sent.
    expect(within(section).getByRole('alert').textContent).toMatch(/The schema is not valid JSON/);
    await user.clear(box);
    await user.paste(JSON.stringify(schema));
    expect(within(section).queryByRole('alert')).toBeNull();
    const name = within(section).getByRole('textbox', { name: 'Schema name' });
    await user.clear(name);
    await user.type(name, 'city_facts');
    await send(user, 'Facts about Oslo');
    const reply = await finishedReply();
    expect(service.requests[0]!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'city_facts', schema, strict: true },
    });
    expect(within(reply).getByRole('tree', { name: 'JSON reply tree' })).toBeInTheDocument();
    expect(within(reply).getByRole('status').textContent).toMatch(/matches the pasted schema/);
  });

  it('refuses a schema name the format does not allow', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    const section = await openInspectorTab(user, 'json-mode');
    await user.selectOptions(
      within(section).getByRole('combobox', { name: 'response_format' }),
      'json_schema',
    );
    const name = within(section).getByRole('textbox', { name: 'Schema name' });
    await user.clear(name);
    await user.type(name, 'city facts!');
    expect(within(section).getByRole('alert').textContent).toMatch(/letters, digits, underscores or dashes/);
  });
});

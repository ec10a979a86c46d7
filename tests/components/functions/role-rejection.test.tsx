import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  chatService,
  finishedReply,
  openChat,
  rows,
  send,
  openInspectorTab,
} from '../chat-page/chat-harness';

describe('function result refused by the server', () => {
  it('explains a rejection of the function role and resends the result as a user message', async () => {
    let refuse = false;
    const service = chatService({
      // Answers once like a server of the format that refuses the legacy role, as some do.
      intercept: (request) => {
        if (!refuse || !new URL(request.url).pathname.endsWith('/chat/completions')) return null;
        refuse = false;
        return Response.json(
          {
            error: {
              message: "'messages[2].role' must be one of 'system', 'user' or 'assistant'.",
              type: 'invalid_request_error',
              param: 'messages[2].role',
              code: 'invalid_request_error',
            },
          },
          { status: 400 },
        );
      },
    });
    const { user } = await openChat(service);
    const section = await openInspectorTab(user, 'functions');
    const picker = within(section).getByRole('combobox', { name: 'Add a template' });
    await user.selectOptions(picker, 'weather');
    // Send waits for the definitions' check (its code and Ajv load on first use), as a person sees.
    await screen.findByText(/1 function\(s\) defined, all valid/);
    await send(user, 'What is the weather in Paris? Use get_current_weather.');
    const call = await finishedReply();
    refuse = true;
    await user.type(
      within(call).getByRole('textbox', { name: 'Result of get_current_weather' }),
      '21 degrees',
    );
    await user.click(within(call).getByRole('button', { name: 'Send result' }));
    await finishedReply('error');
    const card = screen.getByRole('region', { name: 'Function call get_current_weather' });
    const help = within(card).getByRole('alert');
    expect(help.textContent).toMatch(/refused the function result sent with the legacy "function" role/);
    await user.click(within(help).getByRole('button', { name: 'Send the result again as a user message' }));
    await waitFor(() => expect(rows().at(-1)?.dataset.status).toBe('complete'), { timeout: 60_000 });
    const messages = service.requests.at(-1)!.body.messages as { role: string; content: string }[];
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: 'Result of the function get_current_weather:\n21 degrees',
    });
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });
});

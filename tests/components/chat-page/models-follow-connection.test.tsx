import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSettingsStore } from '../../../src/stores';
import { chatService, finishedReply, openChat, send } from './chat-harness';

const OTHER_BASE_URL = 'http://other.test/v1';
const OTHER_MODELS = ['nomic-embed-text', 'qwen2.5-7b-instruct', 'whisper-large-v3', 'llama-3.1-8b-instruct'];

/** Another server of the format (a llama.cpp or vLLM), as its model list and a one-chunk stream. */
function otherServer(request: Request): Response | null {
  if (!request.url.startsWith(OTHER_BASE_URL)) return null;
  if (request.url.endsWith('/models'))
    return Response.json({
      object: 'list',
      data: OTHER_MODELS.map((id) => ({ id, object: 'model', created: 0, owned_by: 'other' })),
    });
  const chunk = {
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'whatever',
    choices: [
      {
        index: 0,
        delta: { role: 'assistant', content: 'Hello from the other server.' },
        finish_reason: 'stop',
      },
    ],
  };
  return new Response(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`, {
    headers: { 'content-type': 'text/event-stream' },
  });
}

const modelPicker = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Model' });

async function switchTo(
  user: { selectOptions: (el: Element, value: string) => Promise<void> },
  name: string,
) {
  const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Connection' });
  const option = [...select.options].find((o) => o.textContent === name)!;
  await user.selectOptions(select, option.value);
}

describe('models follow the connection', () => {
  it('selects a model the new connection lists, sends it, keeps it on Reset, and goes back to the last one used', async () => {
    const service = chatService({ intercept: otherServer });
    const { user } = await openChat(service);
    useSettingsStore.getState().addConnection({
      name: 'Other server',
      baseURL: OTHER_BASE_URL,
      apiKey: 'other-key',
      rememberKey: false,
    });
    await waitFor(() => expect(modelPicker().value).toBe('svc-chat'));

    await switchTo(user, 'Other server');
    // svc-chat is not listed there: the first chat model by name is chosen, not the embedding model.
    await waitFor(() => expect(modelPicker().value).toBe('llama-3.1-8b-instruct'));
    await send(user, 'Hello?');
    await finishedReply();
    expect(service.requests.at(-1)!.body.model).toBe('llama-3.1-8b-instruct');

    await user.selectOptions(modelPicker(), 'qwen2.5-7b-instruct');
    await user.click(screen.getByRole('button', { name: 'Reset all to server defaults' }));
    expect(modelPicker().value).toBe('qwen2.5-7b-instruct');

    await switchTo(user, 'Test server');
    await waitFor(() => expect(modelPicker().value).toBe('svc-chat'));
    await switchTo(user, 'Other server');
    await waitFor(() => expect(modelPicker().value).toBe('qwen2.5-7b-instruct'));
    // A new conversation on this connection starts with its model too.
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(modelPicker().value).toBe('qwen2.5-7b-instruct'));
  });
});

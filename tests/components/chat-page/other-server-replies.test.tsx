import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSettingsStore } from '../../../src/stores';
import { chatService, finishedReply, openChat, send } from './chat-harness';

/** A stream as a server that is not the local service sends it: content chunks, then [DONE]. */
function stream(...contents: string[]): Response {
  const chunks = contents.map((content, i) => ({
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'other',
    choices: [{ index: 0, delta: { content }, finish_reason: i === contents.length - 1 ? 'stop' : null }],
  }));
  const body = chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('') + 'data: [DONE]\n\n';
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

const chatPost = (request: Request) => request.method === 'POST' && request.url.endsWith('/chat/completions');

describe('replies shaped as other servers send them', () => {
  it('says when logprobs were asked for and the server returned none', async () => {
    const service = chatService({ intercept: (r) => (chatPost(r) ? stream('Plain ', 'words.') : null) });
    const { user } = await openChat(service);
    await user.selectOptions(screen.getByRole('combobox', { name: 'logprobs' }), 'true');
    await send(user, 'Hello');
    const reply = await finishedReply();
    expect(service.requests[0]!.body.logprobs).toBe(true);
    expect(reply).toHaveTextContent('logprobs were asked for, and the server returned none');
    expect(within(reply).queryByRole('button', { name: 'Show token probabilities' })).toBeNull();
  });

  it('puts <think> content in the thinking pane when the connection says so, and never sends it back', async () => {
    const service = chatService({
      intercept: (r) =>
        chatPost(r) ? stream('<thi', 'nk>Weighing it', ' up.</think>', 'The answer.') : null,
    });
    const { user } = await openChat(service);
    const { connections, updateConnection } = useSettingsStore.getState();
    updateConnection(connections[0]!.id, { thinkTags: true });
    await send(user, 'Think first');
    const reply = await finishedReply();
    expect(within(reply).getByRole('region', { name: 'Thinking' }).textContent).toBe('Weighing it up.');
    expect(reply).toHaveTextContent('The answer.');
    expect(reply.textContent).not.toContain('<think>');
    await send(user, 'And then?');
    await waitFor(() => expect(service.requests).toHaveLength(2));
    const messages = service.requests[1]!.body.messages as { role: string; content: string }[];
    expect(messages.find((m) => m.role === 'assistant')!.content).toBe('The answer.');
  });

  it('leaves <think> in the text when the connection does not say so', async () => {
    const service = chatService({ intercept: (r) => (chatPost(r) ? stream('<think>x</think>', 'Y') : null) });
    const { user } = await openChat(service);
    await send(user, 'Hi');
    const reply = await finishedReply();
    expect(within(reply).queryByRole('region', { name: 'Thinking' })).toBeNull();
    expect(reply.textContent).toContain('Y');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chatService, finishedReply, openChat, rows, send } from './chat-harness';

const REFUSAL = 'I can’t help with **that**.';
const USAGE = { prompt_tokens: 9, completion_tokens: 7, total_tokens: 16 };

const chatPost = (request: Request) => request.method === 'POST' && request.url.endsWith('/chat/completions');

/** A refusal streamed as OpenAI streams it: a role chunk with content null, then refusal pieces. */
function streamedRefusal(): Response {
  const deltas = [{ role: 'assistant', content: null, refusal: null }, { refusal: 'I can’t help ' }];
  const chunks = [...deltas, { refusal: 'with **that**.' }].map((delta, i, all) => ({
    id: 'chatcmpl-r',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'gpt-4o',
    choices: [{ index: 0, delta, finish_reason: i === all.length - 1 ? 'stop' : null }],
  }));
  const events = [
    ...chunks,
    { id: 'chatcmpl-r', object: 'chat.completion.chunk', choices: [], usage: USAGE },
  ];
  const body = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('') + 'data: [DONE]\n\n';
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

/** A whole reply as OpenAI sends one: the message's text (or null) beside its refusal. */
function wholeReply(content: string | null): Response {
  const completion = {
    id: 'chatcmpl-w',
    object: 'chat.completion',
    created: 0,
    model: 'gpt-4o',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: REFUSAL }, finish_reason: 'stop' }],
    usage: USAGE,
  };
  return new Response(JSON.stringify(completion), { headers: { 'content-type': 'application/json' } });
}

/** Answers the first chat request with `reply`; the local service answers the rest. */
function firstReply(reply: () => Response) {
  let answered = false;
  return chatService({
    intercept: (request) => {
      if (!chatPost(request) || answered) return null;
      answered = true;
      return reply();
    },
  });
}

/** The reply's refusal block, checked for what makes it one: its name, heading, and plain words. */
function refusalIn(reply: HTMLElement): HTMLElement {
  const block = within(reply).getByRole('region', { name: 'The model refused' });
  expect(block.dataset.testid).toBe('refusal');
  expect(within(block).getByRole('heading', { name: 'Refused' })).toBeVisible();
  // Plain text, as said: the asterisks stay, no markdown turns them bold.
  expect(block).toHaveTextContent(REFUSAL);
  expect(block.querySelector('strong')).toBeNull();
  return block;
}

describe('chat page: a model’s refusal', () => {
  it('shows a streamed refusal as a refusal, and sends it back as OpenAI takes it', async () => {
    const service = firstReply(streamedRefusal);
    const { user } = await openChat(service);
    await send(user, 'Do the thing');
    const reply = await finishedReply();
    refusalIn(reply);
    expect(within(reply).queryByRole('alert')).toBeNull();
    // Something came: the time to its first words is shown, and no failure is said.
    const footer = within(reply).getByTestId('reply-footer');
    expect(footer).toHaveTextContent('9 prompt + 7 completion = 16 tokens');
    expect(footer).not.toHaveTextContent('TTFT —');
    expect(reply).not.toHaveTextContent('failed');

    // The next request goes to the local service, which takes the refusal in the history.
    await send(user, 'Why not?');
    await waitFor(() => expect(service.requests).toHaveLength(2));
    await waitFor(() => expect(rows()).toHaveLength(4));
    await finishedReply();
    expect((service.requests[1]!.body.messages as unknown[])[1]).toEqual({
      role: 'assistant',
      content: null,
      refusal: REFUSAL,
    });
  });

  it('shows a whole reply’s refusal beside its text, apart from it', async () => {
    const service = firstReply(() => wholeReply('Here is what I can say.'));
    const { user } = await openChat(service);
    await user.click(screen.getByRole('checkbox', { name: /stream/ }));
    await send(user, 'Do the thing');
    const reply = await finishedReply();
    expect(service.requests[0]!.body.stream).toBe(false);
    const block = refusalIn(reply);
    expect(reply).toHaveTextContent('Here is what I can say.');
    expect(block).not.toHaveTextContent('Here is what I can say.');
  });

  it('shows a whole reply that only refused (content null) as a refusal, not a blank reply', async () => {
    const service = firstReply(() => wholeReply(null));
    const { user } = await openChat(service);
    await user.click(screen.getByRole('checkbox', { name: /stream/ }));
    await send(user, 'Do the thing');
    const reply = await finishedReply();
    refusalIn(reply);
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as BuildRequest from '../../../src/lib/chat/build-request';
import { chatService, finishedReply, openChat, send } from './chat-harness';

// Every conversion of a history to what is sent, counted: the meter's and the request's alike.
const conversions = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/lib/chat/build-request', async (original) => {
  const module = await original<typeof BuildRequest>();
  return {
    ...module,
    toWireMessages: (...args: Parameters<typeof module.toWireMessages>) => {
      conversions.count++;
      return module.toWireMessages(...args);
    },
  };
});

const PIECES = 40;
const chatPost = (request: Request) => request.method === 'POST' && request.url.endsWith('/chat/completions');

/** A reply of `PIECES` pieces, each in its own macrotask, so the page draws many frames of it. */
function slowStream(): Response {
  const encoder = new TextEncoder();
  const chunk = (delta: object, finish: string | null) =>
    encoder.encode(
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'svc-chat', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
    );
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (sent === PIECES) {
        controller.enqueue(chunk({}, 'stop'));
        controller.enqueue(encoder.encode('data: [DONE]\n\n'));
        controller.close();
        return;
      }
      controller.enqueue(
        chunk(sent === 0 ? { role: 'assistant', content: 'word ' } : { content: 'word ' }, null),
      );
      sent++;
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

describe('the composer token meter while a reply streams', () => {
  it('does not convert the history again for each piece of the reply, which is not sent', async () => {
    let answered = false;
    const service = chatService({
      intercept: (request) => {
        if (!chatPost(request) || answered) return null;
        answered = true;
        return slowStream();
      },
    });
    const { user } = await openChat(service);
    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await send(user, 'Count me while it streams');
    // A positive signal first: the reply is drawn piece by piece, in many renders of the meter.
    await waitFor(() => expect(screen.getByTestId('context-meter').textContent).toMatch(/prompt tokens/));
    const before = conversions.count;
    // A guard against a hang: forty renders can take long on a loaded two-core machine.
    await finishedReply('complete', 50_000);
    const during = conversions.count - before;
    // Once for the finished reply (it is then sent) and a few for the page's own steps; before the
    // meter kept the sent messages by identity it converted the history at every one of the ~40 pieces.
    expect(during).toBeLessThan(10);
  });
});

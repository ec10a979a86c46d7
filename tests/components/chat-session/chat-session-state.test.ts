import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChatStoresProvider } from '../../../src/features/chat/chat-stores-context';
import type { ChatCompletionChunk } from '../../../src/lib/api';
import {
  preloadReplyMachinery,
  useChatSession,
  type ChatTransport,
} from '../../../src/features/chat/session';
import { contentChunk, localService, openSession, session } from './session-harness';

/** A transport whose stream yields the chunks pushed into it, so a test decides when each arrives. */
function controlledTransport() {
  const queue: ChatCompletionChunk[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  const transport: ChatTransport = {
    streamChat: () => ({
      async *[Symbol.asyncIterator]() {
        for (;;) {
          while (queue.length > 0) yield queue.shift()!;
          if (ended) return;
          await new Promise<void>((r) => (wake = r));
        }
      },
      abort() {},
    }),
    createChat: () => Promise.reject(new Error('not used')),
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    transport,
    async push(...chunks: ChatCompletionChunk[]) {
      queue.push(...chunks);
      wake?.();
      await settle();
    },
    async end() {
      ended = true;
      wake?.();
      await settle();
    },
  };
}

describe('chat sessions store', () => {
  // Counted updates assume the request code is here, as it is once the page has been idle.
  beforeAll(() => preloadReplyMachinery());

  it('applies a burst of deltas in one update per animation frame', async () => {
    const control = controlledTransport();
    const frames: (() => void)[] = [];
    const chat = openSession(control.transport, {
      model: 'm',
      requestFrame: (run) => (frames.push(run), () => undefined),
    });
    let updates = 0;
    chat.subscribe(() => updates++);
    const done = chat.send('Hi');
    const afterSend = updates; // user message + submitted reply
    await control.push(...['a', 'b', 'c', 'd', 'e'].map((t) => contentChunk(t) as ChatCompletionChunk));
    expect(updates).toBe(afterSend);
    expect(chat.getSnapshot().messages[1]!.content).toBe('');
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(updates).toBe(afterSend + 1);
    expect(chat.getSnapshot()).toMatchObject({
      status: 'streaming',
      messages: [{}, { content: 'abcde', status: 'streaming' }],
    });
    await control.push(contentChunk('f', 'stop') as ChatCompletionChunk);
    await control.end();
    await done;
    expect(chat.getSnapshot().messages[1]).toMatchObject({
      content: 'abcdef',
      status: 'complete',
      finish_reason: 'stop',
    });
  });

  it('puts the reply and the request it was asked with in place in one update', async () => {
    const control = controlledTransport();
    const chat = openSession(control.transport, { model: 'm' });
    const seen: ReturnType<typeof chat.getSnapshot>[] = [];
    chat.subscribe(() => seen.push(chat.getSnapshot()));
    const done = chat.send('Hi');
    await Promise.resolve();
    // The user's message, then the pending reply with its body: one save each, not a third.
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatchObject({
      status: 'submitted',
      lastRequest: { model: 'm', messages: [{ role: 'user', content: 'Hi' }] },
      messages: [{ role: 'user' }, { role: 'assistant', status: 'pending' }],
    });
    chat.stop();
    await control.end();
    await done;
  });

  it('refuses edits and a second send while a reply is running', async () => {
    const control = controlledTransport();
    const chat = openSession(control.transport, { model: 'm' });
    const done = chat.send('Hi');
    await expect(chat.send('again')).rejects.toThrow(/stop it first/);
    expect(() => chat.deleteMessage(chat.getSnapshot().messages[0]!.id)).toThrow(/stop it first/);
    chat.stop();
    await control.end();
    await done;
    expect(chat.getSnapshot().messages[1]!.status).toBe('stopped');
  });

  it('regenerates the last reply in its place, keeping the one before as a version', async () => {
    const chat = session(localService());
    await chat.send('Hi');
    const first = chat.getSnapshot().messages[1]!;
    await chat.regenerate();
    const { messages, branches } = chat.getSnapshot();
    expect(messages).toHaveLength(2);
    expect(messages[1]!.id).not.toBe(first.id);
    expect(messages[1]!.status).toBe('complete');
    expect(branches[messages[0]!.id]).toEqual([[first], null]);
  });

  it('continues from an earlier message, keeping what came after it as a version', async () => {
    const harness = localService();
    const chat = session(harness);
    await chat.send('One');
    await chat.send('Two');
    const firstUser = chat.getSnapshot().messages[0]!;
    const before = chat.getSnapshot().messages.slice(1);
    await chat.continueFrom(firstUser.id);
    expect(chat.getSnapshot().messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(chat.getSnapshot().branches[firstUser.id]).toEqual([before, null]);
    expect(harness.requests[2]!.body.messages).toEqual([{ role: 'user', content: 'One' }]);
  });

  it('edits, inserts, moves and deletes messages, including hand-written assistant turns', () => {
    let n = 0;
    const chat = openSession(localService().client, { model: 'm', createId: () => `id${n++}` });
    const a = chat.insertMessage(0, { role: 'user', content: 'Q1' });
    const b = chat.insertMessage(1, { role: 'assistant', content: 'A1 (few-shot)' });
    const c = chat.insertMessage(2, { role: 'user', content: 'Q2' });
    chat.editMessage(b, { content: 'A1 edited' });
    chat.moveMessage(c, 0);
    expect(chat.getSnapshot().messages.map((m) => m.content)).toEqual(['Q2', 'Q1', 'A1 edited']);
    chat.deleteMessage(a);
    expect(chat.getSnapshot().messages.map((m) => m.id)).toEqual([c, b]);
    expect(() => chat.deleteMessage('missing')).toThrow(/No message with id "missing"/);
    expect(() => chat.insertMessage(9, { role: 'user', content: 'x' })).toThrow(/between 0 and 2/);
  });

  it('gives React the same snapshot until something changes', async () => {
    const chat = session(localService());
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(ChatStoresProvider, { stores: chat.stores, children });
    const { result, rerender } = renderHook(() => useChatSession(chat.id, (s) => s), { wrapper });
    const first = result.current;
    // A re-render with nothing changed must hand back the very same snapshot object.
    rerender();
    expect(result.current).toBe(first);
    expect(chat.getSnapshot()).toBe(first);
    await act(() => chat.send('Hi'));
    expect(result.current).not.toBe(first);
    expect(result.current.messages).toHaveLength(2);
    expect(result.current.status).toBe('ready');
  });
});

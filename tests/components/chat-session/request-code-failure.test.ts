import { describe, expect, it, vi } from 'vitest';
import { localService, session } from './session-harness';

vi.mock('../../../src/features/chat/session/reply-machinery', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a request whose code does not load', () => {
  it('says so on the reply, sends nothing, and leaves the conversation usable', async () => {
    const harness = localService();
    const chat = session(harness);
    await chat.send('Hi');
    expect(harness.requests).toHaveLength(0);
    const reply = chat.getSnapshot().messages[1]!;
    expect(reply.status).toBe('error');
    expect(reply.error?.message).toMatch(/request code did not load \(.+\); nothing was sent\./);
    expect(reply.error?.hint).toMatch(/reload/i);
    expect(chat.getSnapshot().status).toBe('error');
    chat.editMessage(chat.getSnapshot().messages[0]!.id, { content: 'Edited' });
    expect(chat.getSnapshot().messages[0]!.content).toBe('Edited');
  });

  it('lets a conversation closed while the code was awaited go, once the failure is published', async () => {
    const chat = session(localService());
    const done = chat.send('Hi');
    chat.stores.sessions.getState().actions.close(chat.id);
    await done;
    expect(chat.stores.sessions.getState().sessions[chat.id]).toBeUndefined();
  });
});

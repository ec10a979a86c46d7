import { describe, expect, it } from 'vitest';
import { localService, session } from './session-harness';

// A file of its own: the request code must not have been fetched yet when the first Send comes.
describe('a request stopped while its code is still arriving', () => {
  it('sends nothing, and marks the reply stopped', async () => {
    const harness = localService();
    const chat = session(harness);
    const done = chat.send('Hi');
    expect(chat.getSnapshot().status).toBe('submitted');
    await expect(chat.send('again')).rejects.toThrow(/stop it first/);
    chat.stop();
    await done;
    expect(harness.requests).toHaveLength(0);
    expect(chat.getSnapshot()).toMatchObject({
      status: 'ready',
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', status: 'stopped', content: '' },
      ],
    });
    // The code came meanwhile: the next Send goes.
    await chat.send('Now');
    expect(harness.requests).toHaveLength(1);
  });
});

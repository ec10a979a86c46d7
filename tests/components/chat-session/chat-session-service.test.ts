import { describe, expect, it } from 'vitest';
import { localService, session } from './session-harness';

describe('ChatSession against the local service', () => {
  it('round-trips a multi-turn conversation, sending earlier replies back', async () => {
    const harness = localService();
    const chat = session(harness, { systemPrompt: 'Be brief.' });
    await chat.send('Hello there');
    const first = chat.getSnapshot().messages[1]!;
    expect(first).toMatchObject({
      role: 'assistant',
      status: 'complete',
      finish_reason: 'stop',
      model: 'svc-chat',
    });
    expect(first.content.length).toBeGreaterThan(0);
    expect(first.usage?.completion_tokens).toBeGreaterThan(0);
    expect(first.timings?.firstTokenAt).not.toBeNull();
    expect(first.timings?.endedAt).not.toBeNull();

    await chat.send('And a second question?');
    const snapshot = chat.getSnapshot();
    expect(snapshot.status).toBe('ready');
    expect(snapshot.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(harness.requests[1]!.body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hello there' },
      { role: 'assistant', content: first.content },
      { role: 'user', content: 'And a second question?' },
    ]);
  });

  it('shows partial text while streaming, then the final text', async () => {
    const harness = localService({ slow: true });
    const chat = session(harness);
    const seen: { status: string; content: string }[] = [];
    chat.subscribe(() => {
      const s = chat.getSnapshot();
      seen.push({ status: s.status, content: s.messages.at(-1)!.content });
    });
    await chat.send('Tell me something');
    const final = chat.getSnapshot().messages.at(-1)!;
    expect(final.status).toBe('complete');
    expect(seen[1]).toEqual({ status: 'submitted', content: '' });
    const partial = seen.filter((s) => s.status === 'streaming' && s.content.length > 0);
    expect(partial.length).toBeGreaterThan(1);
    expect(
      partial.some((s) => s.content.length < final.content.length && final.content.startsWith(s.content)),
    ).toBe(true);
    expect(seen.at(-1)).toEqual({ status: 'ready', content: final.content });
  }, 20_000); // a paced stream: slow on a busy machine, not a timing assertion

  it('gets a whole reply when streaming is off', async () => {
    const harness = localService();
    const chat = session(harness, { stream: false });
    await chat.send('Hi');
    expect('stream' in chat.getSnapshot().lastRequest!).toBe(false);
    expect(harness.requests[0]!.body.stream).toBe(false); // the client states the spec's default
    expect(chat.getSnapshot().messages[1]).toMatchObject({ status: 'complete', finish_reason: 'stop' });
    expect(chat.getSnapshot().messages[1]!.content.length).toBeGreaterThan(0);
  });

  it('stop aborts the request for real and keeps the partial reply marked stopped', async () => {
    const harness = localService({ slow: true });
    const chat = session(harness);
    let stopped = false;
    chat.subscribe(() => {
      const reply = chat.getSnapshot().messages.at(-1)!;
      if (!stopped && reply.status === 'streaming' && reply.content.length > 0) {
        stopped = true;
        chat.stop();
      }
    });
    await chat.send('Tell me something long');
    expect(harness.requests[0]!.signal.aborted).toBe(true);
    const reply = chat.getSnapshot().messages.at(-1)!;
    expect(reply.status).toBe('stopped');
    expect(reply.content.length).toBeGreaterThan(0);
    expect(reply.finish_reason).toBeUndefined();
    expect(chat.getSnapshot().status).toBe('ready');
    expect(chat.busy).toBe(false);
  }, 20_000); // a paced stream: slow on a busy machine, not a timing assertion

  it('puts the reasoner thinking in reasoning and never sends it back', async () => {
    const harness = localService();
    const chat = session(harness, { model: 'svc-reasoner' });
    await chat.send('Why is the sky blue?');
    const reply = chat.getSnapshot().messages[1]!;
    expect(reply.reasoning?.text.length).toBeGreaterThan(0);
    expect(reply.reasoning?.tokens).toBeGreaterThan(0);
    expect(reply.reasoning?.startedAt).not.toBeNull();
    expect(reply.reasoning?.endedAt).not.toBeNull();
    expect(reply.content).not.toContain(reply.reasoning!.text);

    await chat.send('Thanks');
    const body = harness.requests[1]!.body;
    expect(JSON.stringify(body)).not.toContain(reply.reasoning!.text.slice(0, 40));
    expect((body.messages as unknown[])[1]).toEqual({ role: 'assistant', content: reply.content });
  });

  it('sends each parameter only when it is set', async () => {
    const harness = localService();
    const chat = session(harness, { parameters: { temperature: 0.3, stop: ['ZZZ'] } });
    await chat.send('Hi');
    chat.setOptions({ parameters: {} });
    await chat.send('Again');
    expect(harness.requests[0]!.body).toMatchObject({ temperature: 0.3, stop: ['ZZZ'], stream: true });
    expect(Object.keys(harness.requests[0]!.body).sort()).toEqual([
      'messages',
      'model',
      'stop',
      'stream',
      'temperature',
    ]);
    expect(Object.keys(harness.requests[1]!.body).sort()).toEqual(['messages', 'model', 'stream']);
  });

  it.each([
    ['an invalid key', { apiKey: 'wrong' }, {}, { status: 401, code: 'invalid_api_key' }],
    ['an unknown model', {}, { model: 'svc-nope' }, { status: 404, code: 'model_not_found' }],
    [
      'an out-of-range parameter',
      {},
      { parameters: { temperature: 5 } },
      { status: 400, param: 'temperature' },
    ],
  ] as const)('records %s with its status, code and param', async (_name, service, options, expected) => {
    const chat = session(localService(service), options);
    await chat.send('Hi');
    const snapshot = chat.getSnapshot();
    expect(snapshot.status).toBe('error');
    expect(snapshot.error).toMatchObject({ kind: 'http', ...expected });
    expect(snapshot.error!.message.length).toBeGreaterThan(0);
    expect(snapshot.messages[1]).toMatchObject({ status: 'error', content: '', error: snapshot.error });
  });

  it('records a rate-limit refusal with its reset time', async () => {
    const chat = session(localService({ env: { SVC_RATE_LIMITS: 'chat=1' } }));
    await chat.send('Hi');
    await chat.send('Again');
    const { error } = chat.getSnapshot();
    expect(error).toMatchObject({ kind: 'http', status: 429, rateLimit: { limit: 1, remaining: 0 } });
    expect(error!.rateLimit!.resetAt).toBeGreaterThan(0);
    expect(error!.code).toMatch(/rate_limit_exceeded|insufficient_quota/);
  });

  it('does not send an empty failed reply back when the user tries again', async () => {
    const harness = localService();
    const chat = session(harness, { model: 'svc-nope' });
    await chat.send('Hi');
    chat.setOptions({ model: 'svc-chat' });
    await chat.send('Hi again');
    expect(harness.requests[1]!.body.messages).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'user', content: 'Hi again' },
    ]);
    expect(chat.getSnapshot().messages.map((m) => m.status ?? m.role)).toEqual([
      'user',
      'error',
      'user',
      'complete',
    ]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, DEFAULT_SLOW_TIMEOUT_MS, DEFAULT_TIMEOUT_MS } from '../../../../src/lib/api';
import { fakeFetch, never } from './fake-fetch';

afterEach(() => vi.useRealTimers());

const audio = { file: new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/wav' }), model: 'svc-audio' };

describe('request time-outs', () => {
  it('gives transcription and image analysis the long limit, and chat the short one', async () => {
    vi.useFakeTimers();
    const { fetch } = fakeFetch(never);
    const client = createClient({ baseURL: 'http://h/v1', apiKey: 'k', fetch, maxRetries: 0 });
    const chat = client.createChat({ model: 'svc-chat', messages: [] }).catch((e: unknown) => e);
    const transcription = client.transcribe(audio).catch((e: unknown) => e);
    let settled = false;
    void transcription.then(() => (settled = true));

    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    expect(await chat).toMatchObject({ kind: 'timeout' });
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(DEFAULT_SLOW_TIMEOUT_MS - DEFAULT_TIMEOUT_MS);
    expect(await transcription).toMatchObject({ kind: 'timeout', message: /300 seconds/ });
  });

  it('applies a caller’s own timeoutMs to every endpoint', async () => {
    vi.useFakeTimers();
    const { fetch } = fakeFetch(never);
    const client = createClient({ baseURL: 'http://h/v1', fetch, maxRetries: 0, timeoutMs: 2000 });
    const transcription = client.transcribe(audio).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await transcription).toMatchObject({ kind: 'timeout' });
  });
});

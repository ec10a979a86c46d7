import { describe, expect, it } from 'vitest';
import { fixedAudioEngine } from '../support/fake-engines';
import { CHAT, errorOf, KEY, OTHER_KEY, postJson, testApp } from '../support/test-app';

/** A clock the test moves by hand. */
function manualClock(start = Date.UTC(2026, 0, 1, 12, 0, 0)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const LIMITED = { SVC_RATE_LIMITS: 'chat=3,code=2' };

describe('rate limits (sliding window, per key and endpoint)', () => {
  it('lets exactly N requests through, then answers 429 rate_limit_exceeded with headers and Retry-After', async () => {
    const clock = manualClock();
    const { app } = testApp(LIMITED, { now: clock.now });
    const t0 = clock.now();
    for (let i = 1; i <= 3; i += 1) {
      const response = await postJson(app, '/v1/chat/completions', CHAT);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe('3');
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(3 - i));
      // Reset: when the oldest counted request (at t0) leaves the window, in epoch seconds.
      expect(response.headers.get('x-ratelimit-reset')).toBe(String(t0 / 1000 + 60));
      clock.advance(1000);
    }
    const refused = await postJson(app, '/v1/chat/completions', CHAT);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('3');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    // The oldest request (at t0) leaves the window at t0 + 60 s; it is now t0 + 3 s.
    expect(refused.headers.get('x-ratelimit-reset')).toBe(String(t0 / 1000 + 60));
    expect(refused.headers.get('retry-after')).toBe('57');
    const error = await errorOf(refused);
    expect(error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded', param: null });
    expect(error.message).toMatch(/3 requests per 60 s.*Try again in 57 s/);
  });

  it('frees one request when the oldest leaves the window (sliding, not fixed)', async () => {
    const clock = manualClock();
    const { app } = testApp(LIMITED, { now: clock.now });
    await postJson(app, '/chat/completions', CHAT); // t0
    clock.advance(30_000);
    await postJson(app, '/chat/completions', CHAT); // t0+30
    await postJson(app, '/chat/completions', CHAT); // t0+30
    clock.advance(29_999);
    expect((await postJson(app, '/chat/completions', CHAT)).status).toBe(429);
    clock.advance(1); // t0+60: the first request leaves
    const freed = await postJson(app, '/chat/completions', CHAT);
    expect(freed.status).toBe(200);
    expect(freed.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await postJson(app, '/chat/completions', CHAT)).status).toBe(429);
    clock.advance(30_000); // all of t0+30 gone
    const reset = await postJson(app, '/chat/completions', CHAT);
    expect(reset.headers.get('x-ratelimit-remaining')).toBe('1');
  });

  it('gives every key its own budget', async () => {
    const { app } = testApp(LIMITED, { now: manualClock().now });
    for (let i = 0; i < 3; i += 1) await postJson(app, '/v1/chat/completions', CHAT, KEY);
    expect((await postJson(app, '/v1/chat/completions', CHAT, KEY)).status).toBe(429);
    const other = await postJson(app, '/v1/chat/completions', CHAT, OTHER_KEY);
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('gives every endpoint its own budget, whichever prefix is used', async () => {
    const { app } = testApp(LIMITED, { now: manualClock().now });
    for (let i = 0; i < 2; i += 1) await postJson(app, '/v1/chat/completions', CHAT);
    expect((await postJson(app, '/chat/completions', CHAT)).headers.get('x-ratelimit-remaining')).toBe('0');
    const code = await postJson(app, '/v1/code/completions', { model: 'svc-coder', prompt: 'def f():' });
    expect(code.status).toBe(200);
    expect(code.headers.get('x-ratelimit-limit')).toBe('2');
    expect(code.headers.get('x-ratelimit-remaining')).toBe('1');
  });

  it('never lets N+1 of 2×N concurrent requests through', async () => {
    const { app } = testApp({ SVC_RATE_LIMITS: 'chat=10' }, { now: manualClock().now });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => postJson(app, '/v1/chat/completions', CHAT)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('counts failed requests and puts the headers on their errors too', async () => {
    const { app } = testApp(LIMITED, { now: manualClock().now });
    const invalid = await postJson(app, '/v1/chat/completions', { model: 'svc-chat', messages: [] });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('limits vision and audio with their own defaults (30 and 20), even when no engine serves them', async () => {
    const { app } = testApp({}, { now: manualClock().now });
    const vision = await postJson(app, '/v1/vision/analyze', {
      model: 'svc-vision',
      messages: [
        { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.test/a.png' } }] },
      ],
    });
    expect(vision.status).toBe(503);
    expect(vision.headers.get('x-ratelimit-limit')).toBe('30');
    const audio = testApp(
      {},
      {
        now: manualClock().now,
        engines: { 'svc-audio': fixedAudioEngine({ text: 'hi', segments: [] }).engine },
      },
    );
    const form = new FormData();
    form.set('model', 'svc-audio');
    form.set('file', new File([new Uint8Array([1, 2, 3])], 'a.wav', { type: 'audio/wav' }));
    const response = await audio.app.request('/v1/audio/transcriptions', {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}` },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('20');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('19');
  });

  it('does not limit the model routes', async () => {
    const { app } = testApp({ SVC_RATE_LIMITS: 'chat=1' });
    const response = await app.request('/v1/models', { headers: { authorization: `Bearer ${KEY}` } });
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

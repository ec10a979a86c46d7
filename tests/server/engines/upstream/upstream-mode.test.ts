/**
 * Upstream mode through the service's own routes: the models it lists and accepts, the model an
 * unmapped svc-* id is sent as, /__local/health, subtitles without timings, code completion from an
 * upstream that does not stream; and, with no upstream, what the reference engine now reads
 * (`max_completion_tokens`, `developer`, a tool result in parts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { resolveConfig } from '../../../../server/config';
import { canonicalWav } from '../../../../server/engines/audio-local/wav-header';
import type { EngineError } from '../../../../server/engines/engine';
import { createUpstreamEngines } from '../../../../server/engines/upstream';
import { defaultUpstreamModel } from '../../../../server/engines/upstream/upstream-models';
import { ask, startScriptedUpstream, type ScriptedUpstream } from '../../interop/scripted-upstream';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream';

const KEY = 'mode-key';
const auth = { authorization: `Bearer ${KEY}` };
const json = { ...auth, 'content-type': 'application/json' };

function appFor(upstreamUrl: string | null, extra: Record<string, string> = {}) {
  return createApp(
    resolveConfig({
      SVC_API_KEYS: KEY,
      ...(upstreamUrl ? { SVC_UPSTREAM_URL: upstreamUrl, SVC_UPSTREAM_API_KEY: 'up-key' } : {}),
      ...extra,
    }),
    { log: () => undefined },
  );
}

describe('models in upstream mode', () => {
  let up: ScriptedUpstream;
  beforeAll(async () => {
    up = await startScriptedUpstream('ollama');
  });
  afterAll(async () => {
    await up.close();
  });

  it('lists the upstream’s models with the svc-* aliases SVC_UPSTREAM_MODELS maps beside them', async () => {
    const app = appFor(up.url, { SVC_UPSTREAM_MODELS: 'svc-coder=qwen2.5-coder:7b' });
    const list = (await (await app.request('/v1/models', { headers: auth })).json()) as {
      data: { id: string; owned_by: string; upstream_model?: string }[];
    };
    expect(list.data.map((m) => m.id)).toEqual(['svc-coder', 'llama3.1:8b', 'qwen2.5-coder:7b']);
    expect(list.data[0]).toMatchObject({ owned_by: 'svc', upstream_model: 'qwen2.5-coder:7b' });
    expect(list.data[1]).toMatchObject({ owned_by: 'ollama' });
    const one = (await (await app.request('/v1/models/llama3.1:8b', { headers: auth })).json()) as Record<
      string,
      unknown
    >;
    expect(one).toMatchObject({ id: 'llama3.1:8b', owned_by: 'ollama' });
    expect(one.description).toContain(up.url);
  });

  it('refuses an id the upstream does not list with a 404 naming what it lists', async () => {
    const app = appFor(up.url);
    const response = await app.request('/v1/chat/completions', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ model: 'gpt-5', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(404);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('model_not_found');
    expect(error.message).toContain('llama3.1:8b');
  });

  it('sends an unmapped svc-chat as a model the upstream lists, and an upstream id as it is', async () => {
    const app = appFor(up.url);
    const listed = up.received.filter((r) => r.method === 'GET').length;
    for (const [model, sent] of [
      ['svc-chat', 'llama3.1:8b'],
      ['qwen2.5-coder:7b', 'qwen2.5-coder:7b'],
    ] as const) {
      const response = await app.request('/v1/chat/completions', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ model, messages: [{ role: 'user', content: ask('hello') }] }),
      });
      expect(response.status).toBe(200);
      expect(up.chats().at(-1)?.body?.model).toBe(sent);
      expect(((await response.json()) as { model: string }).model).toBe(sent);
    }
    // The list was fetched once for both (kept briefly), not once per request.
    expect(up.received.filter((r) => r.method === 'GET').length).toBe(listed + 1);
  });

  it('passes image parts in chat to an upstream’s own model as sent, and refuses them for svc-chat', async () => {
    const app = appFor(up.url);
    const content = [
      { type: 'text', text: ask('hello') },
      { type: 'image_url', image_url: { url: 'https://images.example/cat.png', detail: 'low' } },
    ];
    const post = (model: string) =>
      app.request('/v1/chat/completions', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ model, messages: [{ role: 'user', content }] }),
      });
    const chats = up.chats().length;
    const forwarded = await post('llama3.1:8b');
    expect(forwarded.status).toBe(200);
    // The upstream decides whether its model reads images: the parts reach it untouched.
    expect(up.chats()).toHaveLength(chats + 1);
    expect(up.chats().at(-1)?.body?.messages).toEqual([{ role: 'user', content }]);

    const refused = await post('svc-chat');
    expect(refused.status).toBe(400);
    const { error } = (await refused.json()) as { error: { param: string; message: string } };
    expect(error.param).toBe('messages[0].content[1]');
    expect(error.message).toContain('Chat models do not read images');
    expect(up.chats()).toHaveLength(chats + 1);
  });

  it('falls back to a whole code completion when the upstream refuses to stream one', async () => {
    const app = appFor(up.url, { SVC_UPSTREAM_MODELS: 'svc-coder=qwen2.5-coder:7b' });
    const response = await app.request('/v1/code/completions', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        model: 'svc-coder',
        prompt: 'def add(a, b):\n',
        language: 'python',
        suffix: '',
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { choices: { text: string }[]; usage: unknown; model: string };
    expect(body.choices[0]?.text).toBe('    return a + b\n');
    expect(body.usage).toEqual({ prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 });
    const [streamed, whole] = up.chats().slice(-2);
    expect(streamed?.body).toMatchObject({ model: 'qwen2.5-coder:7b', stream: true, suffix: '' });
    expect(whole?.body).toMatchObject({ model: 'qwen2.5-coder:7b', stream: false, suffix: '' });
    expect(whole?.body).not.toHaveProperty('language');
  });
});

describe('the model an unmapped svc-* id is sent as', () => {
  it('is the id itself when listed, else the first whose name fits the kind, else the first', () => {
    expect(defaultUpstreamModel('svc-chat', ['x', 'svc-chat'])).toBe('svc-chat');
    expect(defaultUpstreamModel('svc-coder', ['llama3.1:8b', 'qwen2.5-coder:7b'])).toBe('qwen2.5-coder:7b');
    expect(defaultUpstreamModel('svc-vision', ['llama3.1', 'Qwen2.5-VL-7B'])).toBe('Qwen2.5-VL-7B');
    expect(defaultUpstreamModel('svc-chat', ['whisper-1', 'gpt-4o-mini'])).toBe('gpt-4o-mini');
    expect(defaultUpstreamModel('svc-audio', ['gpt-4o-mini'])).toBeUndefined();
    expect(defaultUpstreamModel('svc-chat', [])).toBeUndefined();
  });

  it('is read from a model list no larger than SVC_UPSTREAM_MAX_EVENT_BYTES, however it is sent', async () => {
    const endless = await startFakeUpstream(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`data: ${'x'.repeat(4096)}\n`);
      },
      { models: false },
    );
    try {
      const engines = createUpstreamEngines({ url: endless.url, models: {}, maxEventBytes: 2048 });
      const error = (await engines.listModels().catch((e: unknown) => e)) as EngineError;
      expect(error.body.code).toBe('upstream_oversized');
    } finally {
      await endless.close();
    }
  });
});

describe('GET /__local/health', () => {
  let fake: FakeUpstream | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it('says ok with no upstream, and needs the key', async () => {
    const app = appFor(null);
    expect((await app.request('/__local/health')).status).toBe(401);
    const response = await app.request('/__local/health', { headers: auth });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ status: 'ok', mode: 'local', upstream: null });
  });

  it('reports a reachable upstream with its latency and model count', async () => {
    const up = await startScriptedUpstream('vllm');
    try {
      const report = (await (await appFor(up.url).request('/__local/health', { headers: auth })).json()) as {
        status: string;
        upstream: { ok: boolean; reachable: boolean; latency_ms: number; models: number };
      };
      expect(report.status).toBe('ok');
      expect(report.upstream).toMatchObject({ ok: true, reachable: true, models: 1, url: up.url });
      expect(report.upstream.latency_ms).toBeGreaterThanOrEqual(0);
    } finally {
      await up.close();
    }
  });

  it('reports an upstream that refuses the key, and one that is down', async () => {
    fake = await startFakeUpstream(
      (_req, res) => {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'bad key', code: 'invalid_api_key' } }));
      },
      { models: false },
    );
    const refused = (await (await appFor(fake.url).request('/__local/health', { headers: auth })).json()) as {
      status: string;
      upstream: { reachable: boolean; error: { code: string; message: string } };
    };
    expect(refused.status).toBe('upstream_error');
    expect(refused.upstream.reachable).toBe(true);
    expect(refused.upstream.error.code).toBe('upstream_auth_failed');
    expect(refused.upstream.error.message).not.toContain('up-key');
    const url = fake.url;
    await fake.close();
    fake = undefined;
    const down = (await (await appFor(url).request('/__local/health', { headers: auth })).json()) as {
      status: string;
      upstream: { reachable: boolean; latency_ms: number | null; error: { code: string } };
    };
    expect(down.status).toBe('upstream_unreachable');
    expect(down.upstream).toMatchObject({
      reachable: false,
      latency_ms: null,
      error: { code: 'upstream_unreachable' },
    });
  });
});

describe('transcripts without timings', () => {
  let fake: FakeUpstream;
  beforeAll(async () => {
    fake = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text: 'hello world' }));
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  const transcribe = (file: Blob, name: string, format: string) => {
    const form = new FormData();
    form.append('file', file, name);
    form.append('model', 'svc-audio');
    form.append('response_format', format);
    form.append('prompt', 'Names: Oslo, Bergen.');
    return appFor(fake.url).request('/v1/audio/transcriptions', {
      method: 'POST',
      headers: auth,
      body: form,
    });
  };

  it('are one cue spanning the audio when its length is in the WAV header', async () => {
    const pcm = new Uint8Array(16_000 * 2 * 2.5); // 2.5 s of 16 kHz mono 16-bit silence
    const info = { audioFormat: 1, channels: 1, sampleRate: 16_000, bitsPerSample: 16, dataOffset: 0 };
    const wav = canonicalWav(pcm, { ...info, dataLength: pcm.length });
    const response = await transcribe(new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'a.wav', 'srt');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('1\n00:00:00,000 --> 00:00:02,500\nhello world\n');
    // A field the service does not read reaches the upstream as sent.
    expect(fake.received.at(-1)?.body).toMatch(/name="prompt"\r\n\r\nNames: Oslo, Bergen\.\r\n/);
  });

  it('are a clear 502 when nothing tells the length', async () => {
    const mp3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, ...new Array(64).fill(0)]);
    const response = await transcribe(new Blob([mp3], { type: 'audio/mpeg' }), 'a.mp3', 'vtt');
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('upstream_no_timings');
  });
});

describe('the reference engine reads the newer shapes of the format', () => {
  const app = appFor(null);
  const chat = (body: Record<string, unknown>) =>
    app.request('/v1/chat/completions', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ model: 'svc-chat', temperature: 0, ...body }),
    });

  it('honours max_completion_tokens as max_tokens, and refuses both at once naming both', async () => {
    const response = await chat({
      messages: [{ role: 'user', content: 'write 2000 words' }],
      max_completion_tokens: 7,
    });
    const body = (await response.json()) as {
      usage: { completion_tokens: number };
      choices: { finish_reason: string }[];
    };
    expect(body.usage.completion_tokens).toBe(7);
    expect(body.choices[0]?.finish_reason).toBe('length');
    const both = await chat({
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 5,
      max_completion_tokens: 7,
    });
    expect(both.status).toBe(400);
    const { error } = (await both.json()) as { error: { param: string; message: string } };
    expect(error.param).toBe('max_tokens');
    expect(error.message).toMatch(/'max_tokens' and 'max_completion_tokens'/);
  });

  it('reads a developer message as the system message, and a tool result given as text parts', async () => {
    const developer = await chat({
      messages: [
        { role: 'developer', content: 'Answer in JSON.' },
        { role: 'user', content: 'hi' },
      ],
    });
    expect(developer.status).toBe(200);
    const parts = await chat({
      messages: [
        { role: 'user', content: 'weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'text', text: '-3 °C' }] },
      ],
    });
    expect(parts.status).toBe(200);
    const image = await chat({
      messages: [
        { role: 'user', content: 'weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } },
          ],
        },
        {
          role: 'tool',
          tool_call_id: 'call_1',
          content: [{ type: 'image_url', image_url: { url: 'https://x/y.png' } }],
        },
      ],
    });
    expect(image.status).toBe(400);
  });
});

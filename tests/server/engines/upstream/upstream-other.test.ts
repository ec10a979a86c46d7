import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../../../server/engines/engine';
import { createUpstreamEngines } from '../../../../server/engines/upstream';
import { collect } from '../reference/collect';
import { sse, startFakeUpstream, type FakeUpstream } from './fake-upstream';

let upstream: FakeUpstream | undefined;
afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});
const signal = () => new AbortController().signal;

describe('upstream code engine', () => {
  it('streams from POST /completions with the mapped model when the model maps to another id', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        sse([
          { choices: [{ index: 0, text: '    return ', finish_reason: null }] },
          { choices: [{ index: 0, text: 'a + b\n', finish_reason: 'stop' }] },
        ]),
      );
    });
    const engines = createUpstreamEngines({ url: upstream.url, models: { 'svc-coder': 'qwen-coder' } });
    const reply = await collect(
      engines.code.generate(
        {
          model: 'svc-coder',
          prompt: 'def add(a, b):\n',
          max_tokens: 20,
          temperature: 0,
          stop: ['\n\n'],
          language: 'python',
        },
        { signal: signal() },
      ),
    );
    expect(upstream.received[0]?.url).toBe('/v1/completions');
    expect(JSON.parse(upstream.received[0]?.body ?? '{}')).toEqual({
      model: 'qwen-coder',
      prompt: 'def add(a, b):\n',
      max_tokens: 20,
      temperature: 0,
      stop: ['\n\n'],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(reply.events.filter((e) => e.type === 'text')).toHaveLength(2);
    expect(reply.content).toBe('    return a + b\n');
    // The upstream sent no usage: none is made up.
    expect(reply.finish).not.toHaveProperty('usage');
  });

  it('uses POST /code/completions of a service of this interface (unmapped svc- id)', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'codecmpl-1',
          object: 'code.completion',
          choices: [{ index: 0, text: 'x = 1', finish_reason: 'length' }],
          usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
        }),
      );
    });
    const engines = createUpstreamEngines({ url: upstream.url, models: {} });
    const reply = await collect(
      engines.code.generate({ model: 'svc-coder', prompt: '# go', language: 'python' }, { signal: signal() }),
    );
    expect(upstream.received[0]?.url).toBe('/v1/code/completions');
    expect(JSON.parse(upstream.received[0]?.body ?? '{}')).toEqual({
      model: 'svc-coder',
      prompt: '# go',
      language: 'python',
    });
    expect(reply.content).toBe('x = 1');
    expect(reply.finish).toEqual({
      type: 'finish',
      finish_reason: 'length',
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
    });
  });
});

describe('upstream vision engine', () => {
  const messages = [
    {
      role: 'user' as const,
      content: [
        { type: 'text' as const, text: 'what is this?' },
        { type: 'image_url' as const, image_url: { url: 'https://example.com/cat.png' } },
      ],
    },
  ];

  it('sends image parts to /chat/completions with the mapped model', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(sse([{ choices: [{ index: 0, delta: { content: 'A cat.' }, finish_reason: 'stop' }] }]));
    });
    const engines = createUpstreamEngines({ url: upstream.url, models: { 'svc-vision': 'llava' } });
    const reply = await collect(
      engines.vision.generate({ model: 'svc-vision', messages, max_tokens: 50 }, { signal: signal() }),
    );
    expect(upstream.received[0]?.url).toBe('/v1/chat/completions');
    expect(JSON.parse(upstream.received[0]?.body ?? '{}')).toMatchObject({
      model: 'llava',
      messages,
      max_tokens: 50,
    });
    // Image analysis is never streamed to the client, so it is not asked of the upstream either.
    expect(JSON.parse(upstream.received[0]?.body ?? '{}').stream).not.toBe(true);
    expect(reply.content).toBe('A cat.');
  });

  it('uses /vision/analyze of a service of this interface and reads a { text } answer', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text: 'A small cat.' }));
    });
    const engines = createUpstreamEngines({ url: upstream.url, models: {} });
    const reply = await collect(
      engines.vision.generate({ model: 'svc-vision', messages }, { signal: signal() }),
    );
    expect(upstream.received[0]?.url).toBe('/v1/vision/analyze');
    expect(reply.content).toBe('A small cat.');
    expect(reply.finish?.finish_reason).toBe('stop');
  });
});

describe('upstream audio engine', () => {
  const input = {
    file: new Uint8Array([82, 73, 70, 70, 1, 2, 3]),
    filename: 'clip.wav',
    contentType: 'audio/wav',
    model: 'svc-audio',
    language: 'en',
    temperature: 0,
  };

  it('posts multipart verbose_json with the mapped model and returns timed segments', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          text: ' Hello world. ',
          duration: 2.5,
          segments: [
            { id: 0, start: 0, end: 1.2, text: ' Hello' },
            { id: 1, start: 1.2, end: 2.5, text: ' world.' },
          ],
        }),
      );
    });
    const engines = createUpstreamEngines({
      url: upstream.url,
      apiKey: 'k',
      models: { 'svc-audio': 'whisper-1' },
    });
    const transcript = await engines.audio.transcribe(input, { signal: signal() });
    const sent = upstream.received[0];
    expect(sent?.url).toBe('/v1/audio/transcriptions');
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.body).toContain('name="model"\r\n\r\nwhisper-1');
    expect(sent?.body).toContain('name="response_format"\r\n\r\nverbose_json');
    expect(sent?.body).toContain('name="language"\r\n\r\nen');
    expect(sent?.body).toContain('filename="clip.wav"');
    expect(transcript).toEqual({
      text: 'Hello world.',
      duration: 2.5,
      segments: [
        { start: 0, end: 1.2, text: 'Hello' },
        { start: 1.2, end: 2.5, text: 'world.' },
      ],
    });
  });

  it('asks again for json when the upstream rejects verbose_json with 400', async () => {
    upstream = await startFakeUpstream((req, res) => {
      if (req.body.includes('verbose_json')) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            error: { message: 'response_format verbose_json not supported', type: 'invalid_request_error' },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text: 'plain' }));
    });
    const transcript = await createUpstreamEngines({ url: upstream.url, models: {} }).audio.transcribe(
      input,
      { signal: signal() },
    );
    expect(upstream.received).toHaveLength(2);
    expect(transcript).toEqual({ text: 'plain', segments: [] });
  });

  it('passes other upstream errors through', async () => {
    upstream = await startFakeUpstream((_req, res) => {
      res.writeHead(413, { 'content-type': 'text/plain' });
      res.end('file too large');
    });
    const error = await createUpstreamEngines({ url: upstream.url, models: {} })
      .audio.transcribe(input, { signal: signal() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).status).toBe(413);
    expect((error as EngineError).body.message).toContain('file too large');
  });
});

describe('upstream model list', () => {
  it('returns the ids of GET /models', async () => {
    upstream = await startFakeUpstream(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ object: 'list', data: [{ id: 'llama-3' }, { id: 'qwen' }, { name: 'no id' }] }),
        );
      },
      { models: false },
    );
    expect(await createUpstreamEngines({ url: upstream.url, models: {} }).listModels()).toEqual([
      'llama-3',
      'qwen',
    ]);
    expect(upstream.received[0]).toMatchObject({ method: 'GET', url: '/v1/models' });
  });

  it('says so when the answer has no model list', async () => {
    upstream = await startFakeUpstream(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>hello</html>');
      },
      { models: false },
    );
    const error = await createUpstreamEngines({ url: upstream.url, models: {} })
      .listModels()
      .catch((e: unknown) => e);
    expect((error as EngineError).status).toBe(502);
    expect((error as EngineError).body.message).toContain('"data" list');
  });
});

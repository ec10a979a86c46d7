import { describe, expect, it } from 'vitest';
import { createClient } from '../../../../src/lib/api/client';
import { ApiError } from '../../../../src/lib/api/errors';
import type { ResponseInfo } from '../../../../src/lib/api/types';
import { errorBody, fakeFetch, json, type FetchHandler } from './fake-fetch';

const chatCompletion = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'svc-chat',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
};

function setup(
  handler: FetchHandler = () => json({}),
  baseURL = 'http://127.0.0.1:8787/v1/',
  apiKey = 'sk-test',
) {
  const infos: ResponseInfo[] = [];
  const { fetch, calls } = fakeFetch(handler);
  const client = createClient({ baseURL, apiKey, fetch, onResponse: (info) => infos.push(info) });
  return { client, calls, infos };
}

const sentJson = (body: unknown) => JSON.parse(String(body)) as unknown;

describe('createClient requests', () => {
  it('normalises the base URL it exposes', () => {
    expect(setup().client.baseURL).toBe('http://127.0.0.1:8787/v1');
  });

  it('throws a config error for a base URL without http(s)', () => {
    expect(() => createClient({ baseURL: 'localhost:8787' })).toThrow(ApiError);
  });

  it('lists models with GET, the Bearer key and Accept, and no body', async () => {
    const { client, calls } = setup(() => json({ object: 'list', data: [] }));
    expect(await client.listModels()).toEqual({ object: 'list', data: [], skipped: 0 });
    const call = calls[0];
    expect(call?.url).toBe('http://127.0.0.1:8787/v1/models');
    expect(call?.method).toBe('GET');
    expect(call?.headers.get('authorization')).toBe('Bearer sk-test');
    expect(call?.headers.get('accept')).toBe('application/json');
    expect(call?.headers.has('content-type')).toBe(false);
    expect(call?.body ?? null).toBeNull();
  });

  it('leaves out Authorization when the key is empty', async () => {
    const { client, calls } = setup(() => json({ object: 'list', data: [] }), 'http://h', '');
    await client.listModels();
    expect(calls[0]?.headers.has('authorization')).toBe(false);
    expect(calls[0]?.url).toBe('http://h/models');
  });

  it('URL-encodes the model id', async () => {
    const { client, calls } = setup(() => json({ id: 'a/b c' }));
    await client.retrieveModel('a/b c');
    expect(calls[0]?.url).toBe('http://127.0.0.1:8787/v1/models/a%2Fb%20c');
  });

  it('sends a chat body exactly as given plus stream:false, adding no defaults', async () => {
    const { client, calls } = setup(() => json(chatCompletion));
    const body = { model: 'svc-chat', messages: [{ role: 'user' as const, content: 'Hi' }], temperature: 0 };
    expect(await client.createChat(body)).toEqual(chatCompletion);
    expect(calls[0]?.url).toBe('http://127.0.0.1:8787/v1/chat/completions');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(sentJson(calls[0]?.body)).toEqual({ ...body, stream: false });
  });

  it('sends a code completion body exactly as given', async () => {
    const { client, calls } = setup(() => json({ id: 'codecmpl-1', choices: [] }));
    const body = { model: 'svc-coder', prompt: 'def f(', stop: ['\n\n'] };
    await client.createCodeCompletion(body);
    expect(calls[0]?.url).toBe('http://127.0.0.1:8787/v1/code/completions');
    expect(sentJson(calls[0]?.body)).toEqual(body);
  });

  it('analyses an image and keeps JSON as data plus the raw body', async () => {
    const raw = JSON.stringify(chatCompletion);
    const { client, calls } = setup(
      () => new Response(raw, { headers: { 'content-type': 'application/json' } }),
    );
    const body = {
      model: 'svc-vision',
      messages: [
        {
          role: 'user' as const,
          content: [
            { type: 'text' as const, text: 'What is this?' },
            { type: 'image_url' as const, image_url: { url: 'https://example.com/cat.png' } },
          ],
        },
      ],
      detail: 'low' as const,
    };
    const result = await client.analyzeImage(body);
    expect(calls[0]?.url).toBe('http://127.0.0.1:8787/v1/vision/analyze');
    expect(sentJson(calls[0]?.body)).toEqual(body);
    expect(result).toEqual({ data: chatCompletion, raw, contentType: 'application/json' });
  });

  it('keeps a plain-text vision answer raw with null data', async () => {
    const { client } = setup(() => new Response('A cat.', { headers: { 'content-type': 'text/plain' } }));
    expect(await client.analyzeImage({ model: 'svc-vision', messages: [] })).toEqual({
      data: null,
      raw: 'A cat.',
      contentType: 'text/plain',
    });
  });

  it('builds a transcription form with the file and only the fields set', async () => {
    const { client, calls } = setup(() => json({ text: 'hello' }));
    const file = new Blob([Uint8Array.of(1, 2, 3)], { type: 'audio/wav' });
    const result = await client.transcribe({
      file,
      filename: 'clip.wav',
      model: 'svc-audio',
      temperature: 0,
    });
    const form = calls[0]?.body as FormData;
    expect(calls[0]?.url).toBe('http://127.0.0.1:8787/v1/audio/transcriptions');
    expect([...form.keys()].sort()).toEqual(['file', 'model', 'temperature']);
    expect(form.get('model')).toBe('svc-audio');
    expect(form.get('temperature')).toBe('0');
    expect((form.get('file') as File).name).toBe('clip.wav');
    expect(new Uint8Array(await (form.get('file') as File).arrayBuffer())).toEqual(Uint8Array.of(1, 2, 3));
    expect(calls[0]?.headers.has('content-type')).toBe(false);
    expect(result).toEqual({ format: 'json', data: { text: 'hello' }, raw: '{"text":"hello"}' });
  });

  it('returns text formats as text with their content type', async () => {
    const srt = '1\n00:00:00,000 --> 00:00:01,000\nhello\n';
    const { client, calls } = setup(
      () => new Response(srt, { headers: { 'content-type': 'application/x-subrip' } }),
    );
    const result = await client.transcribe({
      file: new Blob(['x']),
      model: 'svc-audio',
      language: 'en',
      response_format: 'srt',
    });
    const form = calls[0]?.body as FormData;
    expect([...form.keys()].sort()).toEqual(['file', 'language', 'model', 'response_format']);
    expect((form.get('file') as File).name).toBe('audio');
    expect(result).toEqual({ format: 'srt', text: srt, raw: srt, contentType: 'application/x-subrip' });
    expect(result.text).toContain('hello');
  });

  it('lets per-request headers override the client’s, case-insensitively', async () => {
    const { client, calls } = setup(() => json({ object: 'list', data: [] }));
    await client.listModels({ headers: { authorization: 'Bearer other', 'X-Trace': '1' } });
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer other');
    expect(calls[0]?.headers.get('x-trace')).toBe('1');
  });

  it('reports each response with endpoint, rate limit and request id', async () => {
    const { client, infos } = setup(() =>
      json({ object: 'list', data: [] }, 200, {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '12',
        'x-request-id': 'r1',
      }),
    );
    await client.listModels();
    expect(infos).toHaveLength(1);
    expect(infos[0]).toMatchObject({
      endpoint: 'models',
      method: 'GET',
      url: 'http://127.0.0.1:8787/v1/models',
      status: 200,
      requestId: 'r1',
      rateLimit: { limit: 60, remaining: 12 },
    });
  });

  it('reports error responses too, and rejects with the ApiError', async () => {
    const { client, infos } = setup(() => errorBody(401, 'invalid_api_key'));
    await expect(client.createChat({ model: 'svc-chat', messages: [] })).rejects.toMatchObject({
      kind: 'http',
      status: 401,
      code: 'invalid_api_key',
    });
    expect(infos.map((i) => [i.endpoint, i.status])).toEqual([['chat', 401]]);
  });

  it('says so when a 200 body is not JSON', async () => {
    const { client } = setup(
      () => new Response('<html>index</html>', { headers: { 'content-type': 'text/html' } }),
    );
    await expect(client.listModels()).rejects.toMatchObject({
      kind: 'http',
      status: 200,
      message: /not valid JSON/,
    });
  });
});

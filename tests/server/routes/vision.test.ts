import { describe, expect, it } from 'vitest';
import type { ChatCompletion } from '../../../src/lib/api/wire';
import { scriptedChatEngine, TEXT_REPLY } from '../support/fake-engines';
import { errorOf, postJson, testApp } from '../support/test-app';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const VISION = {
  model: 'svc-vision',
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in this image?' },
        { type: 'image_url', image_url: { url: PNG } },
        { type: 'image_url', image_url: { url: 'https://example.test/cat.jpg', detail: 'high' } },
      ],
    },
  ],
};

describe('POST /vision/analyze', () => {
  it('turns the request into a chat request with detail on each image and answers a chat completion', async () => {
    const vision = scriptedChatEngine(TEXT_REPLY);
    const { app } = testApp({}, { engines: { 'svc-vision': vision.engine } });
    const response = await postJson(app, '/v1/vision/analyze', { ...VISION, detail: 'low' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ChatCompletion;
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'svc-vision',
      choices: [{ message: { content: 'Hello, world' } }],
    });
    const request = vision.calls[0]!.request;
    expect(request.max_tokens).toBe(300);
    const parts = request.messages[0]!.content as { type: string; image_url?: { detail?: string } }[];
    expect(parts[1]!.image_url!.detail).toBe('low');
    expect(parts[2]!.image_url!.detail).toBe('high'); // a part's own detail wins
  });

  it('answers 503 engine_unavailable saying what to configure when no engine serves vision', async () => {
    const { app } = testApp();
    const response = await postJson(app, '/vision/analyze', VISION);
    expect(response.status).toBe(503);
    const error = await errorOf(response);
    expect(error).toMatchObject({ type: 'server_error', code: 'engine_unavailable' });
    expect(error.message).toMatch(/SVC_UPSTREAM_URL.*SVC_UPSTREAM_MODELS=svc-vision=/);
  });

  it.each([
    [
      'a user message with string content',
      { messages: [{ role: 'user', content: 'describe it' }] },
      'messages[0].content',
      /array of content parts/,
    ],
    [
      'no image at all',
      { messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] },
      'messages',
      /at least one image_url/,
    ],
    [
      'an image without url',
      { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: {} }] }] },
      'messages[0].content[0].image_url.url',
      /non-empty string/,
    ],
    [
      'a file: URL',
      {
        messages: [
          { role: 'user', content: [{ type: 'image_url', image_url: { url: 'file:///etc/passwd' } }] },
        ],
      },
      'messages[0].content[0].image_url.url',
      /http\(s\) URL or a data:image/,
    ],
    [
      'a data URL that is not an image',
      {
        messages: [
          {
            role: 'user',
            content: [{ type: 'image_url', image_url: { url: 'data:text/html;base64,PGI+' } }],
          },
        ],
      },
      'messages[0].content[0].image_url.url',
      /base64-encoded image/,
    ],
    [
      'a bad part detail',
      {
        messages: [
          { role: 'user', content: [{ type: 'image_url', image_url: { url: PNG, detail: 'max' } }] },
        ],
      },
      'messages[0].content[0].image_url.detail',
      /'low', 'high' or 'auto'/,
    ],
    ['a bad detail', { detail: 'ultra' }, 'detail', /'low', 'high', 'auto'/],
    ['a chat model', { model: 'svc-chat' }, 'model', /use svc-vision here/],
    ['max_tokens zero', { max_tokens: 0 }, 'max_tokens', /at least 1/],
  ])('rejects %s naming the param', async (_case, overrides, param, message) => {
    const { app } = testApp();
    const response = await postJson(app, '/v1/vision/analyze', { ...VISION, ...overrides });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.param).toBe(param);
    expect(error.message).toMatch(message);
  });

  it('accepts data URLs up to the 25 MiB vision limit and refuses larger bodies with 413', async () => {
    const vision = scriptedChatEngine(TEXT_REPLY);
    const { app } = testApp(
      { SVC_BODY_LIMITS: 'vision=64KiB' },
      { engines: { 'svc-vision': vision.engine } },
    );
    const image = (size: number) => `data:image/png;base64,${'A'.repeat(size)}`;
    const body = (url: string) => ({
      model: 'svc-vision',
      messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url } }] }],
    });
    expect((await postJson(app, '/v1/vision/analyze', body(image(60_000)))).status).toBe(200);
    const refused = await postJson(app, '/v1/vision/analyze', body(image(70_000)));
    expect(refused.status).toBe(413);
    expect(await errorOf(refused)).toMatchObject({
      code: 'request_too_large',
      type: 'invalid_request_error',
    });
  });
});

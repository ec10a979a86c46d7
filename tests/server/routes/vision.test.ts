import { decode } from 'gpt-tokenizer/encoding/o200k_base';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as tokens from '../../../server/tokens';
import { MAX_CHARS_PER_TOKEN, promptTokensAtLeast } from '../../../server/validation/context';
import type { ChatCompletion } from '../../../src/protocol/wire';
import { scriptedChatEngine, TEXT_REPLY } from '../support/fake-engines';
import { errorOf, postJson, testApp } from '../support/test-app';

// The tokenizer's entry points, wrapped so a test can see what the vision path hands them.
vi.mock('../../../server/tokens', async (importOriginal) => {
  const real = await importOriginal<typeof tokens>();
  return {
    ...real,
    countTokens: vi.fn(real.countTokens),
    countTokensYielding: vi.fn(real.countTokensYielding),
    countMessageTokens: vi.fn(real.countMessageTokens),
    countMessageTokensYielding: vi.fn(real.countMessageTokensYielding),
    encodeTokens: vi.fn(real.encodeTokens),
  };
});

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

/** A vision body whose one user message has `text` and the 1×1 PNG. */
function withText(text: string, extra: Record<string, unknown> = {}) {
  return {
    model: 'svc-vision',
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text },
          { type: 'image_url', image_url: { url: PNG } },
        ],
      },
    ],
    ...extra,
  };
}

const TOKENIZER = [
  tokens.countTokens,
  tokens.countTokensYielding,
  tokens.countMessageTokens,
  tokens.countMessageTokensYielding,
  tokens.encodeTokens,
] as unknown as ReturnType<typeof vi.fn>[];

describe('POST /vision/analyze context check', () => {
  beforeEach(() => {
    for (const fn of TOKENIZER) fn.mockClear();
  });

  it('bounds every token of the vocabulary by MAX_CHARS_PER_TOKEN, so length / 128 is a lower bound', () => {
    let longest = 0;
    for (let id = 0; id < 201_000; id += 1) {
      try {
        // Bytes of the decoded text bound its UTF-16 length, and a partial UTF-8 token decodes longer, not shorter.
        longest = Math.max(longest, Buffer.byteLength(decode([id])));
      } catch {
        // Ids past the vocabulary.
      }
    }
    expect(longest).toBe(MAX_CHARS_PER_TOKEN);
    const text = 'hello world, '.repeat(5000);
    const messages = withText(text).messages as Parameters<typeof promptTokensAtLeast>[0];
    expect(promptTokensAtLeast(messages)).toBeLessThanOrEqual(tokens.countMessageTokens(messages));
  });

  it('refuses 24 million characters as context_length_exceeded without tokenizing them', async () => {
    const vision = scriptedChatEngine(TEXT_REPLY);
    const { app } = testApp({}, { engines: { 'svc-vision': vision.engine } });
    const response = await postJson(app, '/v1/vision/analyze', withText('x'.repeat(24_000_000)));
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toMatchObject({
      type: 'invalid_request_error',
      code: 'context_length_exceeded',
      param: 'messages',
    });
    expect(error.message).toBe(
      "This model's maximum context length is 131072 tokens. However, you requested at least 187800 tokens " +
        '(at least 187500 in the messages, 300 in the completion). Please reduce the length of the messages or max_tokens.',
    );
    for (const fn of TOKENIZER) expect(fn).not.toHaveBeenCalled();
    expect(vision.calls).toHaveLength(0);
  });

  it('counts a text under the bound exactly and refuses 4.9 million tokens with chat’s wording', async () => {
    const vision = scriptedChatEngine(TEXT_REPLY);
    const { app } = testApp({}, { engines: { 'svc-vision': vision.engine } });
    // 9.8 million characters: under 128 per token of context, so only the tokenizer can tell.
    const response = await postJson(app, '/v1/vision/analyze', withText('a '.repeat(4_900_000)));
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('context_length_exceeded');
    expect(error.message).toMatch(
      /^This model's maximum context length is 131072 tokens\. However, you requested 49\d{5} tokens \(49\d{5} in the messages, 300 in the completion\)\./,
    );
    expect(vision.calls).toHaveLength(0);
  });

  it('never hands the tokenizer more than 128 characters per token of context', async () => {
    const { app } = testApp({}, { engines: { 'svc-vision': scriptedChatEngine(TEXT_REPLY).engine } });
    const bound = 131_072 * MAX_CHARS_PER_TOKEN;
    const under = bound - 400 * MAX_CHARS_PER_TOKEN;
    // Spaces are the one text near 128 characters a token: 16.7 million of them fit; the others do not.
    const texts = [' '.repeat(under), 'ab '.repeat(under / 3), 'x'.repeat(bound)];
    const statuses = [];
    for (const text of texts)
      statuses.push((await postJson(app, '/v1/vision/analyze', withText(text))).status);
    expect(statuses).toEqual([200, 400, 400]);
    const handed = TOKENIZER.flatMap((fn) => fn.mock.calls).map(([arg]) =>
      typeof arg === 'string' ? arg.length : JSON.stringify(arg).length,
    );
    expect(handed.length).toBeGreaterThan(0);
    expect(Math.max(...handed)).toBeLessThanOrEqual(bound);
  });

  it('counts the vision default of 300 max_tokens, and a smaller max_tokens lets the same text fit', async () => {
    const vision = scriptedChatEngine(TEXT_REPLY);
    const { app } = testApp({}, { engines: { 'svc-vision': vision.engine } });
    // 130,993 prompt tokens: 130,900 words, the image's 85 and the framing.
    const text = 'word '.repeat(130_900);
    const refused = await postJson(app, '/v1/vision/analyze', withText(text));
    expect(await errorOf(refused)).toMatchObject({ code: 'context_length_exceeded' });
    expect((await errorOf(await postJson(app, '/v1/vision/analyze', withText(text)))).message).toContain(
      '(130993 in the messages, 300 in the completion)',
    );
    const fits = await postJson(app, '/v1/vision/analyze', withText(text, { max_tokens: 79 }));
    expect(fits.status).toBe(200);
    expect(vision.calls).toHaveLength(1);
  });
});

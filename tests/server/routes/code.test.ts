import { describe, expect, it } from 'vitest';
import type { CodeCompletion } from '../../../src/protocol/wire';
import { errorOf, postJson, testApp } from '../support/test-app';

const CODE = { model: 'svc-coder', prompt: 'def add(a, b):\n' };

describe('POST /code/completions', () => {
  it('answers a code.completion with text, finish_reason and usage', async () => {
    const { app, code } = testApp();
    const response = await postJson(app, '/v1/code/completions', {
      ...CODE,
      max_tokens: 20,
      temperature: 0.2,
      language: 'python',
      stop: ['\n\n'],
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as CodeCompletion;
    expect(body.id).toMatch(/^codecmpl-[A-Za-z0-9]{24}$/);
    expect(body).toMatchObject({
      object: 'code.completion',
      model: 'svc-coder',
      choices: [{ text: '    return a + b\n', index: 0, finish_reason: 'stop' }],
      usage: { prompt_tokens: 4, completion_tokens: 6, total_tokens: 10 },
    });
    expect(code.calls[0]).toEqual({
      ...CODE,
      max_tokens: 20,
      temperature: 0.2,
      language: 'python',
      stop: ['\n\n'],
    });
  });

  it.each([
    [{ prompt: undefined }, 'prompt', /'prompt' is required/],
    [{ prompt: ['a'] }, 'prompt', /must be a string/],
    [{ model: 'svc-chat' }, 'model', /use svc-coder here/],
    [{ max_tokens: -1 }, 'max_tokens', /at least 1/],
    [{ temperature: 3 }, 'temperature', /from 0 to 2/],
    [{ language: 'py thon' }, 'language', /language name/],
    [{ stop: 5 }, 'stop', /string or an array/],
    [{ stream: true }, 'stream', /not streamed/],
  ])('rejects %j naming the param', async (overrides, param, message) => {
    const { app } = testApp();
    const body: Record<string, unknown> = { ...CODE, ...overrides };
    if ('prompt' in overrides && overrides.prompt === undefined) delete body.prompt;
    const response = await postJson(app, '/code/completions', body);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.param).toBe(param);
    expect(error.message).toMatch(message);
  });

  it('answers context_length_exceeded naming prompt when max_tokens leaves no room', async () => {
    const { app } = testApp();
    const response = await postJson(app, '/code/completions', { ...CODE, max_tokens: 131_072 });
    expect(await errorOf(response)).toMatchObject({ code: 'context_length_exceeded', param: 'prompt' });
  });
});

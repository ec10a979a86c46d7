/**
 * Small, valid-looking chat and code requests that once crashed or froze the service (each case is a
 * finding of an attack with a valid key). Every one must answer a 4xx or a bounded reply, while a
 * GET /models sent meanwhile answers within a second.
 */
import { describe, expect, it } from 'vitest';
import { createReferenceEngines } from '../../../server/engines/reference/index';
import { authHeaders, errorOf, postJson, testApp } from '../support/test-app';
import { LOOP_BUDGET_MS, underLoad } from './under-load';

const reference = createReferenceEngines();
const { app } = testApp(
  { SVC_RATE_LIMITS: 'chat=100000,code=100000' },
  { engines: { 'svc-chat': reference.chat, 'svc-reasoner': reference.chat, 'svc-coder': reference.code } },
);

function fn(parameters: unknown, name = 'fill') {
  return { name, parameters };
}

function chat(content: string, extra: Record<string, unknown> = {}) {
  return { model: 'svc-chat', messages: [{ role: 'user', content }], ...extra };
}

/** Posts `body` under load and checks the loop stayed responsive; returns the response. */
async function send(path: string, body: unknown): Promise<Response> {
  const report = await underLoad(app, async () => {
    const response =
      typeof body === 'string'
        ? await app.request(path, { method: 'POST', headers: authHeaders(), body })
        : await postJson(app, path, body);
    await response.clone().arrayBuffer();
    return response;
  });
  expect(report.probes).toBeGreaterThan(0);
  expect(report.slowestModelsMs).toBeLessThan(LOOP_BUDGET_MS);
  expect(report.maxLoopDelayMs).toBeLessThan(LOOP_BUDGET_MS);
  return report.result;
}

describe('hostile chat requests', () => {
  it('refuses a schema demanding 50,000 strings of 100,000 characters, naming the keyword', async () => {
    const parameters = {
      type: 'object',
      properties: {
        tags: { type: 'array', minItems: 50_000, items: { type: 'string', minLength: 100_000 } },
      },
      required: ['tags'],
    };
    const response = await send('/v1/chat/completions', chat('fill', { functions: [fn(parameters)] }));
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    // Each string fits; fifty thousand of them do not.
    expect(error.param).toBe('functions[0].parameters.properties.tags.minItems');
    expect(error.message).toMatch(/256 KiB of arguments/);
  });

  it('refuses a nested 20,000 × 20,000 array demand at the outer minItems', async () => {
    const parameters = {
      type: 'object',
      properties: {
        grid: {
          type: 'array',
          minItems: 20_000,
          items: { type: 'array', minItems: 20_000, items: { type: 'integer' } },
        },
      },
      required: ['grid'],
    };
    const response = await send('/v1/chat/completions', chat('fill', { functions: [fn(parameters)] }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).param).toBe('functions[0].parameters.properties.grid.items.minItems');
  });

  it('refuses minLength 20,000,000 before writing a character', async () => {
    const parameters = {
      type: 'object',
      properties: { text: { type: 'string', minLength: 20_000_000 } },
      required: ['text'],
    };
    const response = await send('/v1/chat/completions', chat('fill', { functions: [fn(parameters)] }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).param).toBe('functions[0].parameters.properties.text.minLength');
  });

  it('still fills a large schema that fits the budget, with valid arguments', async () => {
    const parameters = {
      type: 'object',
      properties: { tags: { type: 'array', minItems: 1000, items: { type: 'string', minLength: 100 } } },
      required: ['tags'],
    };
    const response = await send('/v1/chat/completions', chat('fill', { functions: [fn(parameters)] }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      choices: { message: { function_call: { arguments: string } } }[];
    };
    const args = JSON.parse(body.choices[0]!.message.function_call.arguments) as { tags: string[] };
    expect(args.tags).toHaveLength(1000);
    expect(args.tags.every((tag) => tag.length >= 100)).toBe(true);
  });

  it('answers a 260 KB message of "111," (the long-reply detector) within the loop budget', async () => {
    const response = await send('/v1/chat/completions', chat('111,'.repeat(65_000), { max_tokens: 100 }));
    expect(response.status).toBe(200);
  });

  it("counts a 1 MB message of the tokenizer's slowest text without stalling (once 0.65 s)", async () => {
    for (const content of ['!a'.repeat(500_000), 'a.'.repeat(500_000)]) {
      const response = await send('/v1/chat/completions', chat(content, { max_tokens: 10 }));
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toMatch(/maximum context length is 131072 tokens/);
    }
  });

  it('answers an e-mail-like argument scan over "a." × 40,000', async () => {
    const parameters = { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] };
    const response = await send(
      '/v1/chat/completions',
      chat(`send_mail ${'a.'.repeat(40_000)}`, { functions: [fn(parameters, 'send_mail')] }),
    );
    expect(response.status).toBe(200);
  });

  it('refuses an enum of 30,000 values, and matches 1,000 values against a 120 KB message in bounded time', async () => {
    const many = {
      type: 'object',
      properties: { v: { type: 'string', enum: Array.from({ length: 30_000 }, (_, i) => `value ${i}`) } },
      required: ['v'],
    };
    const refused = await send('/v1/chat/completions', chat('fill', { functions: [fn(many)] }));
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).param).toBe('functions[0].parameters.properties.v.enum');

    const allowed = {
      type: 'object',
      properties: { v: { type: 'string', enum: Array.from({ length: 1000 }, (_, i) => `value ${i}`) } },
      required: ['v'],
    };
    const response = await send(
      '/v1/chat/completions',
      chat(`fill ${'value x '.repeat(15_000)}`, { functions: [fn(allowed)] }),
    );
    expect(response.status).toBe(200);
  });

  it('refuses a 10,000-deep array under an unknown schema keyword with a 400, not a 500', async () => {
    // Sent as text: JSON.stringify itself cannot write 10,000 levels.
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const body = `{"model":"svc-chat","messages":[{"role":"user","content":"fill"}],"functions":[{"name":"fill","parameters":{"type":"object","properties":{"x":{"type":"string","x-extra":${deep}}}}}]}`;
    const response = await send('/v1/chat/completions', body);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.param).toMatch(/^functions\[0\]\.parameters\.properties\.x\.x-extra(\[0\])+$/);
    expect(error.message).toMatch(/more than 64 levels deep/);
  });

  it('validates a schema of 5,000 properties without compiling it (once 0.45 s per 1,000)', async () => {
    const properties = Object.fromEntries(
      Array.from({ length: 5000 }, (_, i) => [`p${i}`, { type: 'string' }]),
    );
    const response = await send(
      '/v1/chat/completions',
      chat('hello', { functions: [fn({ type: 'object', properties })] }),
    );
    expect(response.status).toBe(200);
  });

  it('answers 128 functions against a 440 KB message within the loop budget', async () => {
    const functions = Array.from({ length: 128 }, (_, i) => ({
      name: `tool_${i}`,
      description: 'look up the weather forecast for a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
    }));
    const response = await send(
      '/v1/chat/completions',
      chat('weather forecast city '.repeat(20_000), { functions }),
    );
    expect(response.status).toBe(200);
  });
});

describe('hostile code requests', () => {
  it('continues a prompt of 200,000 spaces then x (once a 35 s trim)', async () => {
    const response = await send('/v1/code/completions', {
      model: 'svc-coder',
      prompt: `${' '.repeat(200_000)}x`,
    });
    expect(response.status).toBe(200);
  });

  it('continues prompts of up to 1 MB of spaces, newlines, arrows and selects in bounded time', async () => {
    for (const prompt of [
      `${' '.repeat(1_000_000)}x`,
      '\n'.repeat(500_000),
      `fn f() ${'->'.repeat(60_000)}`,
      'select '.repeat(120_000),
    ]) {
      const response = await send('/v1/code/completions', { model: 'svc-coder', prompt });
      expect(response.status).toBe(200);
    }
  });
});

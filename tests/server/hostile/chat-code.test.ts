/**
 * Small, valid-looking chat and code requests that once crashed or froze the service (each case is a
 * finding of an attack with a valid key). Every one must answer a 4xx or a bounded reply, doing
 * bounded work: the engine reads a bounded part of the message, and the tokenizer gets at most
 * MOST_TOKENIZED_IN_ONE_TURN characters between two turns of the event loop, so a GET /models sent
 * meanwhile is answered. The milliseconds are in `npm run bench` (hostile requests); the time-outs
 * here only catch a hang, as the freezes these requests once caused would be.
 */
import Ajv from 'ajv';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONTEXT_LENGTH } from '../../../server/config';
import { CODE_TAIL_CHARS } from '../../../server/engines/reference/code-engine';
import { createReferenceEngines } from '../../../server/engines/reference/index';
import { SCANNED_CHARS } from '../../../server/engines/reference/request-analysis';
import { authHeaders, errorOf, postJson, testApp } from '../support/test-app';
import { meterWork, type WorkReport } from './work-meter';

vi.mock('gpt-tokenizer/encoding/o200k_base', async (importOriginal) =>
  (await import('./turn-meter')).meteredTokenizer(importOriginal),
);

/**
 * A prompt whose bytes fit the context is counted in one go (the byte bound lets the context check
 * skip it, and the engine counts it); a longer one is counted in turns of 16K characters.
 */
const MOST_TOKENIZED_IN_ONE_TURN = DEFAULT_CONTEXT_LENGTH;

const reference = createReferenceEngines();
const { app } = testApp(
  { SVC_RATE_LIMITS: 'chat=100000,code=100000' },
  { engines: { 'svc-chat': reference.chat, 'svc-reasoner': reference.chat, 'svc-coder': reference.code } },
);

afterEach(() => vi.restoreAllMocks());

function fn(parameters: unknown, name = 'fill') {
  return { name, parameters };
}

function chat(content: string, extra: Record<string, unknown> = {}) {
  return { model: 'svc-chat', messages: [{ role: 'user', content }], ...extra };
}

/** Posts `body` while counting its work; checks the tokenizer let the loop turn. */
async function sendCounted(path: string, body: unknown): Promise<WorkReport<Response>> {
  const report = await meterWork(app, async () => {
    const response =
      typeof body === 'string'
        ? await app.request(path, { method: 'POST', headers: authHeaders(), body })
        : await postJson(app, path, body);
    await response.clone().arrayBuffer();
    return response;
  });
  expect(report.mostTokenizedInOneTurn).toBeLessThanOrEqual(MOST_TOKENIZED_IN_ONE_TURN);
  return report;
}

async function send(path: string, body: unknown): Promise<Response> {
  return (await sendCounted(path, body)).result;
}

/** A reply's text, or its function call's arguments. */
async function replyOf(
  response: Response,
): Promise<{ content: string | null; args: string | null; finish: string }> {
  const body = (await response.json()) as {
    choices: {
      message: { content: string | null; function_call?: { arguments: string } };
      finish_reason: string;
    }[];
  };
  const choice = body.choices[0]!;
  return {
    content: choice.message.content,
    args: choice.message.function_call?.arguments ?? null,
    finish: choice.finish_reason,
  };
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

  it('answers a 260 KB message of "111," counting it in turns, and looks for a long-reply request only in its first SCANNED_CHARS', async () => {
    // The old long-reply pattern took 35 s over this message.
    const filler = '111,'.repeat(65_000);
    const counted = await sendCounted('/v1/chat/completions', chat(filler, { max_tokens: 100 }));
    expect(counted.result.status).toBe(200);
    expect(counted.tokenized).toBeGreaterThanOrEqual(filler.length);
    expect(counted.probesMeanwhile).toBeGreaterThan(0);

    // A shorter filler, so the whole reply fits the context: a long reply ends the ordinary one.
    const longer = '111,'.repeat(SCANNED_CHARS / 4);
    const asked = await replyOf(await send('/v1/chat/completions', chat(`write 3 words ${longer}`)));
    expect(asked.content).toContain('## The long reply you asked for');
    const past = await replyOf(await send('/v1/chat/completions', chat(`${longer} write 3 words`)));
    expect(past.finish).toBe('stop');
    expect(past.content).not.toContain('## The long reply you asked for');
  });

  it("counts a 1 MB message of the tokenizer's slowest text in turns, answering GET /models meanwhile (once a 0.65 s stall)", async () => {
    for (const content of ['!a'.repeat(500_000), 'a.'.repeat(500_000)]) {
      const counted = await sendCounted('/v1/chat/completions', chat(content, { max_tokens: 10 }));
      expect(counted.result.status).toBe(400);
      expect((await errorOf(counted.result)).message).toMatch(/maximum context length is 131072 tokens/);
      expect(counted.tokenized).toBeGreaterThanOrEqual(content.length);
      expect(counted.probesMeanwhile).toBeGreaterThan(0);
    }
  });

  it('takes an e-mail argument from the first SCANNED_CHARS of a message of "a." × 40,000, and not from past them', async () => {
    // The old e-mail pattern took 13 s over this message.
    const filler = 'a.'.repeat(40_000);
    const parameters = { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] };
    const email = async (content: string) => {
      const response = await send(
        '/v1/chat/completions',
        chat(content, { functions: [fn(parameters, 'send_mail')] }),
      );
      expect(response.status).toBe(200);
      return (JSON.parse((await replyOf(response)).args!) as { email: string }).email;
    };
    expect(await email(`send_mail to ann@example.com ${filler}`)).toBe('ann@example.com');
    expect(await email(`send_mail ${filler} to ann@example.com`)).not.toBe('ann@example.com');
  });

  it('refuses an enum of 30,000 values, and matches 1,000 values against the first SCANNED_CHARS of a 120 KB message', async () => {
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
    // Each value was once a regex run over the whole message: 17 s for 30,000 of them.
    const filler = 'value x '.repeat(15_000);
    const chosen = async (content: string) => {
      const response = await send('/v1/chat/completions', chat(content, { functions: [fn(allowed)] }));
      expect(response.status).toBe(200);
      return (JSON.parse((await replyOf(response)).args!) as { v: string }).v;
    };
    expect(await chosen(`fill value 7 ${filler}`)).toBe('value 7');
    expect(await chosen(`fill ${filler} value 7`)).toBe('value 0');
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
    const compile = vi.spyOn(Ajv.prototype, 'compile');
    const properties = Object.fromEntries(
      Array.from({ length: 5000 }, (_, i) => [`p${i}`, { type: 'string' }]),
    );
    const response = await send(
      '/v1/chat/completions',
      chat('hello', { functions: [fn({ type: 'object', properties })] }),
    );
    expect(response.status).toBe(200);
    expect(compile).not.toHaveBeenCalled();
  });

  it('answers 128 functions against a 440 KB message, counting it in turns and matching names in its first SCANNED_CHARS', async () => {
    const functions = Array.from({ length: 128 }, (_, i) => ({
      name: `tool_${i}`,
      description: 'look up the weather forecast for a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
    }));
    const filler = 'weather forecast city '.repeat(20_000);
    const called = async (content: string) => {
      const counted = await sendCounted('/v1/chat/completions', chat(content, { functions }));
      expect(counted.result.status).toBe(200);
      expect(counted.tokenized).toBeGreaterThanOrEqual(filler.length);
      expect(counted.probesMeanwhile).toBeGreaterThan(0);
      const body = (await counted.result.json()) as {
        choices: { message: { function_call: { name: string } } }[];
      };
      return body.choices[0]!.message.function_call.name;
    };
    // Named, the function is called; named past the scanned part, the description match picks the first.
    expect(await called(`tool_5 ${filler}`)).toBe('tool_5');
    expect(await called(`${filler} tool_5`)).toBe('tool_0');
  });
});

describe('hostile code requests', () => {
  it('continues a prompt of 200,000 spaces then x reading only its last CODE_TAIL_CHARS (once a 35 s trim)', async () => {
    const early = 'def early(x):\n    return x\n';
    const code = async (prompt: string) => {
      const counted = await sendCounted('/v1/code/completions', {
        model: 'svc-coder',
        language: 'python',
        prompt,
      });
      expect(counted.result.status).toBe(200);
      return counted;
    };
    const near = await code(`${early}x`);
    expect(((await near.result.json()) as { choices: { text: string }[] }).choices[0]!.text).toContain(
      'early(1)',
    );
    const far = await code(`${early}${' '.repeat(200_000)}x`);
    expect(CODE_TAIL_CHARS).toBeLessThan(200_000);
    expect(((await far.result.json()) as { choices: { text: string }[] }).choices[0]!.text).not.toContain(
      'early',
    );
    expect(far.tokenized).toBeGreaterThanOrEqual(200_000);
    expect(far.probesMeanwhile).toBeGreaterThan(0);
  });

  it('continues prompts of 200 KB to 1 MB of spaces, newlines, arrows and selects, counting them in turns', async () => {
    for (const prompt of [
      `${' '.repeat(1_000_000)}y`,
      '\n'.repeat(500_000),
      `fn f() ${'->'.repeat(100_000)}`,
      'select '.repeat(120_000),
    ]) {
      const counted = await sendCounted('/v1/code/completions', { model: 'svc-coder', prompt });
      expect(counted.result.status).toBe(200);
      expect(counted.tokenized).toBeGreaterThanOrEqual(prompt.length);
      expect(counted.probesMeanwhile).toBeGreaterThan(0);
    }
  });
});

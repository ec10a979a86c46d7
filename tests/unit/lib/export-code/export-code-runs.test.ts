/**
 * The generated code must run: the curl and TypeScript forms are executed against the local service
 * on 127.0.0.1 (ephemeral port), with the key only in the environment.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { resolveConfig } from '../../../../server/config';
import { toCurl, toTypeScript, type CodeRequest } from '../../../../src/lib/export-code';

const run = promisify(execFile);
const KEY = 'export-test-key-9876';
let server: ServerType;
let base = '';
let dir = '';

beforeAll(async () => {
  const app = createApp(resolveConfig({ SVC_API_KEYS: KEY }), { log: () => {} });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Inside the project so that `import 'openai'` resolves to the installed package.
  dir = await mkdtemp(path.join(process.cwd(), 'node_modules', '.export-code-test-'));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const env = { ...process.env, SVC_API_KEY: KEY };
const chatRequest = (body: object): CodeRequest => ({
  method: 'POST',
  url: `${base}/v1/chat/completions`,
  body: { kind: 'text', text: JSON.stringify(body) },
});

async function curlAvailable(): Promise<void> {
  try {
    await run('curl', ['--version']);
  } catch {
    throw new Error(
      'curl is not installed, so the generated curl command cannot be tested; install curl (apt-get install curl).',
    );
  }
}

describe('generated code runs against the local service', () => {
  it('curl: a chat request with an apostrophe in a message answers 200 with a completion', async () => {
    await curlAvailable();
    const command = toCurl(
      chatRequest({ model: 'svc-chat', messages: [{ role: 'user', content: "What's up?" }], max_tokens: 20 }),
    );
    expect(command).not.toContain(KEY);
    const { stdout } = await run('sh', ['-c', `${command} -w '\\n%{http_code}'`], { env });
    const [json, status] = [
      stdout.slice(0, stdout.lastIndexOf('\n')),
      stdout.slice(stdout.lastIndexOf('\n') + 1),
    ];
    expect(status).toBe('200');
    expect(JSON.parse(json)).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant' } }],
    });
  });

  it('curl: a streamed request prints data lines ending in [DONE]', async () => {
    await curlAvailable();
    const command = toCurl(
      chatRequest({ model: 'svc-chat', messages: [{ role: 'user', content: 'Hi' }], stream: true }),
    );
    const { stdout } = await run('sh', ['-c', command], { env });
    expect(stdout).toMatch(/^data: \{/m);
    expect(stdout.trim().endsWith('data: [DONE]')).toBe(true);
  });

  it('TypeScript (openai npm, npx tsx): a completion and a function call come back', async () => {
    const file = path.join(dir, 'chat.mts');
    const body = {
      model: 'svc-chat',
      messages: [{ role: 'user', content: 'Use get_current_weather for Paris' }],
      functions: [
        {
          name: 'get_current_weather',
          description: 'Weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      ],
      function_call: 'auto',
    };
    const code = toTypeScript(chatRequest(body));
    expect(code).not.toContain(KEY);
    await writeFile(file, code);
    const { stdout } = await run('npx', ['tsx', file], { env, timeout: 120_000 });
    const completion = JSON.parse(stdout) as {
      choices: { finish_reason: string; message: { function_call?: { name: string } } }[];
    };
    expect(completion.choices[0]?.finish_reason).toBe('function_call');
    expect(completion.choices[0]?.message.function_call?.name).toBe('get_current_weather');
  }, 90_000);

  it('TypeScript: a streamed reply is printed, and without the key the service refuses it', async () => {
    const file = path.join(dir, 'stream.mts');
    await writeFile(
      file,
      toTypeScript(
        chatRequest({
          model: 'svc-chat',
          messages: [{ role: 'user', content: 'Hi' }],
          stream: true,
          max_tokens: 30,
        }),
      ),
    );
    const { stdout } = await run('npx', ['tsx', file], { env, timeout: 120_000 });
    expect(stdout.trim().length).toBeGreaterThan(0);
    await expect(
      run('npx', ['tsx', file], { env: { ...env, SVC_API_KEY: 'wrong' }, timeout: 120_000 }),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/401/),
    });
  }, 120_000);
});

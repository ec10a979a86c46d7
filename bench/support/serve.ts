/**
 * Starts one server for the benchmark in its own process, so the load generator does not share its
 * event loop: `tsx bench/support/serve.ts local|bare`. Prints `port <n>` once listening.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../server/app';
import { resolveConfig } from '../../server/config';

export const BENCH_KEY = 'bench-key';

const kind = process.argv[2];

function bareApp(): Hono {
  // The same model list the local service returns, with no auth, limits, validation or logging: the
  // floor that the local service's own overhead is measured against.
  const models = ['svc-chat', 'svc-reasoner', 'svc-coder', 'svc-vision', 'svc-audio'].map((id) => ({
    id,
    object: 'model',
    created: 1_763_000_000,
    owned_by: 'svc',
    permission: [],
    root: id,
    parent: null,
  }));
  const app = new Hono();
  app.get('/v1/models', (c) => c.json({ object: 'list', data: models }));
  app.post('/v1/chat/completions', async (c) => {
    const body = (await c.req.json()) as { model: string };
    return c.json({
      id: 'chatcmpl-bare',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  });
  return app;
}

if (kind === 'local' || kind === 'bare') {
  const app =
    kind === 'bare'
      ? bareApp()
      : createApp(resolveConfig({ ...process.env, SVC_API_KEYS: BENCH_KEY }));
  serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
    console.log(`port ${info.port}`);
  });
}

import { createApp, type AppDeps } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import { scriptedChatEngine, scriptedCodeEngine, TEXT_REPLY } from './fake-engines';

export const KEY = 'test-key';
export const OTHER_KEY = 'other-key';

/** An app with two keys, fake engines (override any) and a silent log. */
export function testApp(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}) {
  const chat = scriptedChatEngine(TEXT_REPLY);
  const code = scriptedCodeEngine([
    { type: 'text', text: '    return a + b\n' },
    {
      type: 'finish',
      finish_reason: 'stop',
      usage: { prompt_tokens: 4, completion_tokens: 6, total_tokens: 10 },
    },
  ]);
  const logs: string[] = [];
  const app = createApp(resolveConfig({ SVC_API_KEYS: `${KEY},${OTHER_KEY}`, ...env }), {
    log: (line) => logs.push(line),
    ...deps,
    engines: {
      'svc-chat': chat.engine,
      'svc-reasoner': chat.engine,
      'svc-coder': code.engine,
      'svc-vision': null,
      'svc-audio': null,
      ...deps.engines,
    },
  });
  return { app, chat, code, logs };
}

export function authHeaders(key = KEY): Record<string, string> {
  return { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
}

/** POSTs a JSON body with the test key. */
export function postJson(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  path: string,
  body: unknown,
  key = KEY,
) {
  return app.request(path, { method: 'POST', headers: authHeaders(key), body: JSON.stringify(body) });
}

export const CHAT = { model: 'svc-chat', messages: [{ role: 'user', content: 'Hi' }] };

/** The spec's error object from a response, after checking its shape. */
export async function errorOf(
  response: Response,
): Promise<{ message: string; type: string; param: string | null; code: string | null }> {
  const body = (await response.json()) as {
    error: { message: string; type: string; param: string | null; code: string | null };
  };
  if (typeof body.error?.message !== 'string' || !('type' in body.error) || !('code' in body.error)) {
    throw new Error(`not an error body: ${JSON.stringify(body)}`);
  }
  return body.error;
}

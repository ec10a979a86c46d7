import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { createConversationStore } from '../../../src/features/chat/storage';
import type { ChatParameters } from '../../../src/lib/chat/chat-parameters';
import { chatService, finishedReply, openChat, send, type ChatServiceOptions } from './chat-harness';
import { failingEngine, midStreamFailingEngine, refusingEngine } from './engines';

/**
 * Sends one message and returns the failed reply's row and its error panel. `stored` is a
 * conversation's model and parameters saved before the page opens (as an import or another tab
 * could leave them, where no control refuses a value): the page opens it.
 */
async function failOnce(
  options: ChatServiceOptions & {
    apiKey?: string;
    stored?: { model?: string; parameters?: Record<string, unknown> };
  } = {},
) {
  const service = chatService(options);
  globalThis.indexedDB = new IDBFactory();
  if (options.stored) {
    await createConversationStore().create({
      model: options.stored.model ?? 'svc-chat',
      parameters: (options.stored.parameters ?? {}) as ChatParameters,
    });
  }
  const { user } = await openChat(service, {
    keepStorage: true,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
  });
  await send(user, 'Trigger it');
  const reply = await finishedReply('error', 30_000);
  const panel = within(reply).getByRole('alert');
  return { service, user, reply, panel };
}

describe('chat page: errors appear where they happened', () => {
  it('401: a wrong key shows the code and message', async () => {
    const { panel, reply } = await failOnce({ apiKey: 'wrong-key' });
    expect(panel).toHaveTextContent('invalid_api_key');
    expect(panel).toHaveTextContent('401');
    // Refused before any reply: worded as the request's failure, with no partial reply to speak of.
    expect(reply).toHaveTextContent('failed: the request got no reply');
    expect(reply).not.toHaveTextContent('partial');
  });

  it('404: an unknown model shows model_not_found and outlines the model control', async () => {
    const { panel } = await failOnce({
      stored: { model: 'no-such-model' },
    });
    expect(panel).toHaveTextContent('model_not_found');
    expect(panel).toHaveTextContent('404');
    expect(document.querySelector('[data-param="model"]')).toHaveAttribute('data-error-highlight', 'true');
  });

  it('400 with param: the parameter named in the error is highlighted on its control', async () => {
    const { panel } = await failOnce({
      // A server stricter than the page's checks: it refuses a value the page lets through.
      engines: { 'svc-chat': refusingEngine('top_p') },
    });
    expect(panel).toHaveTextContent('400');
    expect(panel).toHaveTextContent('top_p');
    const control = document.querySelector('[data-param="top_p"]')!;
    expect(control).toHaveAttribute('data-error-highlight', 'true');
    expect(control).toHaveTextContent('The server refused this parameter');
    expect(document.querySelector('[data-param="temperature"]')).not.toHaveAttribute('data-error-highlight');
  });

  it('429: a rate limit shows the code and when it resets', async () => {
    const service = chatService({ env: { SVC_RATE_LIMITS: 'chat=1' } });
    const { user } = await openChat(service);
    await send(user, 'One');
    await finishedReply();
    await send(user, 'Two');
    const reply = await finishedReply('error', 30_000);
    const panel = within(reply).getByRole('alert');
    expect(panel).toHaveTextContent('429');
    expect(panel).toHaveTextContent(/Rate limit resets in \d/);
  });

  it('500: an engine failure shows server_error', async () => {
    const { panel } = await failOnce({ engines: { 'svc-chat': failingEngine } });
    expect(panel).toHaveTextContent('500');
    expect(panel).toHaveTextContent('server_error');
  });

  it('context_length_exceeded: shows the code and the message', async () => {
    const { panel } = await failOnce({
      stored: { parameters: { max_tokens: 500_000 } },
    });
    expect(panel).toHaveTextContent('context_length_exceeded');
    expect(panel).toHaveTextContent(/maximum context length/);
  });

  it('HTML 502 from a gateway: says an HTML page came instead of a JSON error', async () => {
    const { panel } = await failOnce({
      intercept: (request) =>
        request.url.endsWith('/chat/completions')
          ? new Response('<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>', {
              status: 502,
              headers: { 'content-type': 'text/html' },
            })
          : null,
    });
    expect(panel).toHaveTextContent('502');
    expect(panel).toHaveTextContent(/HTML page/);
    expect(panel).not.toContainHTML('<title>');
  });

  it('network down: says the server could not be reached', async () => {
    const { panel } = await failOnce({
      intercept: (request) =>
        request.url.endsWith('/chat/completions') ? Promise.reject(new TypeError('Failed to fetch')) : null,
    });
    expect(panel.textContent).toMatch(/reach|connect|network/i);
  });

  it('an error mid-stream keeps the partial text, marked failed, with the error under it', async () => {
    const { panel, reply } = await failOnce({ engines: { 'svc-chat': midStreamFailingEngine } });
    expect(reply).toHaveTextContent('Partial answer before the failure');
    expect(reply).toHaveTextContent('failed: partial reply kept');
    expect(panel).toHaveTextContent('server_error');
  });
});

/** The upstream's model list (`GET <url>/models`), as ids. */
import { EngineError } from '../engine';
import type { UpstreamClient } from './upstream-client';
import { displayUrl } from './upstream-errors';

export async function listUpstreamModels(client: UpstreamClient, signal?: AbortSignal): Promise<string[]> {
  const response = await client.request('/models', { method: 'GET', signal });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const data = (body as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) {
    throw new EngineError(502, {
      message: `The upstream server at ${displayUrl(client.url)} answered GET /models without a "data" list of models.`,
      type: 'server_error',
      param: null,
      code: 'server_error',
    });
  }
  return data.flatMap((model) => {
    const id = (model as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? [id] : [];
  });
}

import { createClient } from './client';
import { isApiError } from './errors';
import type { ClientOptions } from './types';

export type BaseURLProbe =
  | { kind: 'ok'; modelCount: number }
  /** The URL as typed answers 404, and the same URL with `/v1` lists models: offer that fix. */
  | { kind: 'needs-v1'; suggestion: string; modelCount: number }
  | { kind: 'failed'; error: unknown };

/**
 * Tests a base URL by listing its models. Servers that serve the API only under `/v1` (llama.cpp,
 * vLLM, Ollama's OpenAI API) answer 404 when the `/v1` is left off, which tells a person nothing; so
 * a 404 at a URL without `/v1` is tried again with it, and a success becomes a suggestion.
 */
export async function probeBaseURL(
  options: Pick<ClientOptions, 'baseURL' | 'apiKey' | 'fetch'> & {
    signal?: AbortSignal;
  },
): Promise<BaseURLProbe> {
  const list = (baseURL: string) =>
    createClient({ ...options, baseURL, maxRetries: 0 }).listModels(
      options.signal ? { signal: options.signal } : {},
    );
  try {
    const models = await list(options.baseURL);
    return { kind: 'ok', modelCount: models.data?.length ?? 0 };
  } catch (error) {
    const base = options.baseURL.trim().replace(/\/+$/, '');
    if (!isApiError(error) || error.status !== 404 || /\/v1$/.test(base)) return { kind: 'failed', error };
    const suggestion = `${base}/v1`;
    try {
      const models = await list(suggestion);
      return { kind: 'needs-v1', suggestion, modelCount: models.data?.length ?? 0 };
    } catch {
      return { kind: 'failed', error };
    }
  }
}

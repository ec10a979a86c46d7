import { useQuery } from '@tanstack/react-query';
import { contextLength } from '../lib/models/context-length';
import { localHealthQueryOptions } from './model-queries';
import { useApi } from './use-api-client';

/**
 * The local service's context limit (server/config.ts, DEFAULT_CONTEXT_LENGTH), which it enforces
 * on every request but its `/models` does not send (the spec's model object has no such field).
 */
export const LOCAL_SERVICE_CONTEXT_LENGTH = 131_072;

/** What the page can say of a model's context: the server's own word, the local service's known limit, or nothing. */
export type ContextLength = { tokens: number; source: 'server' | 'local-service' } | null;

/**
 * A function from a model to its context length: the server's field when it sends one; else, for
 * the local service's own models (its local mode, not models it forwards from an upstream), its
 * known limit.
 */
export function useContextLength(): (model: Record<string, unknown> & { id: string }) => ContextLength {
  const api = useApi();
  const local = useQuery(localHealthQueryOptions(api));
  const ownModels = api.localService && local.data?.mode === 'local';
  return (model) => {
    const tokens = contextLength(model);
    if (tokens !== null) return { tokens, source: 'server' };
    return ownModels ? { tokens: LOCAL_SERVICE_CONTEXT_LENGTH, source: 'local-service' } : null;
  };
}

/** "131,072 tokens", with where the figure comes from when it is not the server's own word. */
export function describeContextLength(context: ContextLength): string {
  if (context === null) return 'not reported by this server';
  const tokens = `${context.tokens.toLocaleString('en-US')} tokens`;
  return context.source === 'server' ? tokens : `${tokens} (the local service's limit)`;
}

/**
 * The upstream engines: forward every request to the OpenAI-compatible server named in the
 * service's own configuration (never in a request), streaming through chunk by chunk. The URL is used
 * exactly as configured, minus a trailing slash: include `/v1` if the server needs it
 * (e.g. http://127.0.0.1:8080/v1 for llama.cpp, http://127.0.0.1:11434/v1 for Ollama).
 */
import type { UpstreamConfig } from '../../config';
import type { AudioEngine, ChatEngine, CodeEngine } from '../engine';
import { generateUpstreamChat } from './upstream-chat';
import { createUpstreamClient } from './upstream-client';
import { generateUpstreamCode } from './upstream-code';
import { transcribeUpstream } from './upstream-audio';
import { displayUrl } from './upstream-errors';
import { listUpstreamModels } from './upstream-models';
import { generateUpstreamVision } from './upstream-vision';

export interface UpstreamEngines {
  chat: ChatEngine;
  code: CodeEngine;
  vision: ChatEngine;
  audio: AudioEngine;
  /** Model ids the upstream lists (GET /models). */
  listModels(signal?: AbortSignal): Promise<string[]>;
}

/** Creates the engines that forward to `upstream`; `deps.fetch` replaces the global fetch (tests). */
export function createUpstreamEngines(
  upstream: UpstreamConfig,
  deps: { fetch?: typeof fetch } = {},
): UpstreamEngines {
  const client = createUpstreamClient(upstream, deps.fetch);
  const describe = (modelId: string): string =>
    `Forwarded to the upstream server at ${displayUrl(client.url)} as model "${client.model(modelId)}" ` +
    "(configured with SVC_UPSTREAM_URL and SVC_UPSTREAM_MODELS); what it answers is that server's model.";
  return {
    chat: { describe, generate: (request, options) => generateUpstreamChat(client, request, options) },
    code: { describe, generate: (request, options) => generateUpstreamCode(client, request, options) },
    vision: { describe, generate: (request, options) => generateUpstreamVision(client, request, options) },
    audio: { describe, transcribe: (input, options) => transcribeUpstream(client, input, options) },
    listModels: (signal) => listUpstreamModels(client, signal),
  };
}

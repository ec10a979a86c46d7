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
import { checkUpstreamHealth, type UpstreamHealth } from './upstream-health';
import { listUpstreamModels, type UpstreamModelCatalog } from './upstream-models';
import { generateUpstreamVision } from './upstream-vision';

export interface UpstreamEngines {
  chat: ChatEngine;
  code: CodeEngine;
  vision: ChatEngine;
  audio: AudioEngine;
  /** The upstream's URL as shown in messages (no credentials, query or fragment). */
  displayUrl: string;
  /** Model ids the upstream lists (GET /models), fetched afresh. */
  listModels(signal?: AbortSignal): Promise<string[]>;
  /** The upstream's models, fetched when needed and kept briefly (GET /models of this service). */
  catalog: UpstreamModelCatalog;
  /** The upstream's `svc-*` mapping (SVC_UPSTREAM_MODELS). */
  aliases: Readonly<Record<string, string>>;
  /** Asks the upstream now whether it answers, and how fast (GET /__local/health). */
  health(): Promise<UpstreamHealth>;
}

/**
 * Creates the engines that forward to `upstream`; `deps.fetch` replaces the global fetch (tests),
 * `deps.now` the clock the model list is kept by.
 */
export function createUpstreamEngines(
  upstream: UpstreamConfig,
  deps: { fetch?: typeof fetch; now?: () => number } = {},
): UpstreamEngines {
  const client = createUpstreamClient(upstream, deps.fetch, deps.now);
  const describe = (modelId: string): string =>
    `Forwarded to the upstream server at ${displayUrl(client.url)} as model "${client.model(modelId)}" ` +
    "(configured with SVC_UPSTREAM_URL and SVC_UPSTREAM_MODELS); what it answers is that server's model.";
  return {
    chat: { describe, generate: (request, options) => generateUpstreamChat(client, request, options) },
    code: { describe, generate: (request, options) => generateUpstreamCode(client, request, options) },
    vision: { describe, generate: (request, options) => generateUpstreamVision(client, request, options) },
    audio: { describe, transcribe: (input, options) => transcribeUpstream(client, input, options) },
    displayUrl: displayUrl(client.url),
    listModels: (signal) => listUpstreamModels(client, signal),
    catalog: client.catalog,
    aliases: { ...upstream.models },
    health: () => checkUpstreamHealth(client),
  };
}

/**
 * The local service's configuration, read from environment variables (and, in `npm start`, from an
 * optional JSON config file merged under them, see config-file.ts). `resolveConfig` is pure: it reads
 * only its argument.
 */
import { readLocalEngineConfig, type LocalEngineConfig } from './config-local-engines';
import { fail, optionalInteger, readInteger } from './config-values';

/** Where the upstream engine forwards: an OpenAI-compatible server named by the operator, never by a browser. */
export interface UpstreamConfig {
  /** Base URL, used exactly as given (minus a trailing slash): include `/v1` if the server needs it. */
  url: string;
  apiKey?: string;
  /**
   * `svc-*` id → upstream model id. An unmapped `svc-*` id is sent as a model the upstream lists
   * (see upstream-models.ts); any other id is one of the upstream's own and is sent as it is.
   */
  models: Record<string, string>;
  /**
   * How function calling is spoken to the upstream: `tools` (default; what OpenAI, vLLM, llama.cpp
   * and Ollama speak) or `legacy` (`functions`/`function_call`, the spec's). A request in the other
   * dialect is rewritten; the reply comes back in the client's.
   */
  dialect?: 'tools' | 'legacy';
  /** Longest silence allowed from the upstream (before its headers, and between stream reads); default 60 s. */
  idleTimeoutMs?: number;
  /** Longest one upstream exchange may last, headers to last byte; default 10 min. */
  timeoutMs?: number;
  /** Largest single stream event (or non-stream body) accepted from the upstream, in bytes; default 8 MiB. */
  maxEventBytes?: number;
}

/** The four rate-limited endpoints. */
export type { LimitedEndpoint } from '../src/protocol/endpoints';
import type { LimitedEndpoint } from '../src/protocol/endpoints';

/** `sse`: `data: ` lines ending with `data: [DONE]`; `jsonl`: bare JSON lines, no [DONE]. */
export type StreamFormat = 'sse' | 'jsonl';

/** Everything the service reads from its environment, resolved and checked. */
export interface ServiceConfig {
  port: number;
  host: string;
  /** Accepted API keys. Empty means every request is refused (main.ts fills in the generated local key). */
  apiKeys: string[];
  /** Requests per window per key and endpoint. */
  rateLimits: Record<LimitedEndpoint, number>;
  rateLimitWindowMs: number;
  streamFormat: StreamFormat;
  upstream: UpstreamConfig | null;
  /** Largest accepted request body in bytes, per endpoint. */
  bodyLimits: Record<LimitedEndpoint, number>;
  /** Prompt tokens + max_tokens may not exceed this. */
  contextLength: number;
  /** The completion budget assumed by the context check when a chat request sets no `max_tokens`. */
  defaultMaxTokens: number;
  /** Where the generated local key lives; null means the platform default (see keys.ts). */
  dataDir: string | null;
  /**
   * Pace of the reference engine's replies; null sends tokens as fast as they are made. Unset means
   * null here (tests, benches); `npm start` alone puts a model-like pace in its place (start-options.ts).
   */
  referenceTokensPerSecond: number | null;
  /** Limits of the local vision (OCR) and audio (speech recognition) engines. */
  localEngines: LocalEngineConfig;
  /** Time a client has to send its request headers, and its whole request (body included). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_RATE_LIMITS: Readonly<Record<LimitedEndpoint, number>> = {
  chat: 60,
  code: 100,
  vision: 30,
  audio: 20,
};
const MIB = 1024 * 1024;
/** Chat and code bodies are text; vision carries images as data URLs; audio carries the file. */
export const DEFAULT_BODY_LIMITS: Readonly<Record<LimitedEndpoint, number>> = {
  chat: 1 * MIB,
  code: 1 * MIB,
  vision: 25 * MIB,
  audio: 25 * MIB,
};
/** "128K" read as 128 × 1024 tokens. */
export const DEFAULT_CONTEXT_LENGTH = 131_072;
export const DEFAULT_MAX_TOKENS = 4096;

const ENDPOINTS: readonly LimitedEndpoint[] = ['chat', 'code', 'vision', 'audio'];
/**
 * RFC 6750's token characters (letters, digits, `-._~+/`, then any `=`): what Hono's bearerAuth reads
 * after "Bearer ", so a key outside them could never be sent; refused here, at start, instead.
 */
const KEY_PATTERN = /^(?=.{1,256}$)[A-Za-z0-9._~+/-]+=*$/;

function readKeys(raw: string): string[] {
  const accepted =
    'expected comma-separated API keys, each 1-256 characters of letters, digits and - . _ ~ + / (then any =), e.g. SVC_API_KEYS=key-one,key-two';
  const keys = raw
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key.length > 0);
  if (keys.length === 0 || keys.some((key) => !KEY_PATTERN.test(key))) fail('SVC_API_KEYS', raw, accepted);
  return [...new Set(keys)];
}

/** Parses `chat=60,audio=5` style lists where every value goes through `parse`. */
function readEndpointMap(
  variable: string,
  raw: string,
  defaults: Readonly<Record<LimitedEndpoint, number>>,
  parse: (value: string) => number | null,
  accepted: string,
): Record<LimitedEndpoint, number> {
  const result = { ...defaults };
  const entries = raw.split(',').filter((entry) => entry.trim().length > 0);
  if (entries.length === 0) fail(variable, raw, accepted);
  for (const entry of entries) {
    const match = /^\s*(\w+)\s*=\s*(\S+)\s*$/.exec(entry);
    const name = match?.[1] as LimitedEndpoint | undefined;
    if (!match || name === undefined || !ENDPOINTS.includes(name)) fail(variable, raw, accepted);
    const value = parse(match[2] ?? '');
    if (value === null) fail(variable, raw, accepted);
    result[name] = value;
  }
  return result;
}

function parseLimit(value: string): number | null {
  if (!/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 1_000_000 ? n : null;
}

const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, kb: 1000, kib: 1024, mb: 1000 ** 2, mib: MIB };

function parseSize(value: string): number | null {
  const match = /^(\d+)(b|kb|kib|mb|mib)?$/i.exec(value);
  if (!match) return null;
  const bytes = Number(match[1]) * (SIZE_UNITS[(match[2] ?? '').toLowerCase()] ?? 1);
  return bytes >= 1024 && bytes <= 512 * MIB ? bytes : null;
}

function readUpstreamModels(raw: string): Record<string, string> {
  const accepted =
    'expected svc-id=upstream-id pairs separated by commas (SVC_UPSTREAM_MODELS=svc-chat=llama3.1,svc-coder=qwen2.5-coder) or a JSON object of strings';
  const models: Record<string, string> = {};
  if (raw.trim().startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      fail('SVC_UPSTREAM_MODELS', raw, accepted);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      fail('SVC_UPSTREAM_MODELS', raw, accepted);
    for (const [id, target] of Object.entries(parsed)) {
      if (typeof target !== 'string' || target.trim() === '' || id.trim() === '')
        fail('SVC_UPSTREAM_MODELS', raw, accepted);
      models[id.trim()] = target.trim();
    }
    return models;
  }
  for (const entry of raw.split(',').filter((e) => e.trim().length > 0)) {
    const at = entry.indexOf('=');
    const id = entry.slice(0, at).trim();
    const target = entry.slice(at + 1).trim();
    if (at < 0 || id === '' || target === '') fail('SVC_UPSTREAM_MODELS', raw, accepted);
    models[id] = target;
  }
  return models;
}

function readUpstream(env: Record<string, string | undefined>): UpstreamConfig | null {
  const url = env.SVC_UPSTREAM_URL?.trim();
  if (!url) {
    for (const dependent of [
      'SVC_UPSTREAM_API_KEY',
      'SVC_UPSTREAM_MODELS',
      'SVC_UPSTREAM_DIALECT',
    ] as const) {
      if (env[dependent]?.trim()) {
        throw new Error(
          `${dependent} is set but SVC_UPSTREAM_URL is not: set SVC_UPSTREAM_URL to the upstream's base URL too`,
        );
      }
    }
    return null;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    fail('SVC_UPSTREAM_URL', url, 'expected an absolute http(s) URL such as http://127.0.0.1:8080/v1');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    fail('SVC_UPSTREAM_URL', url, 'expected an absolute http(s) URL such as http://127.0.0.1:8080/v1');
  }
  const apiKey = env.SVC_UPSTREAM_API_KEY?.trim();
  const dialect = (env.SVC_UPSTREAM_DIALECT?.trim().toLowerCase() || 'tools') as 'tools' | 'legacy';
  if (dialect !== 'tools' && dialect !== 'legacy') {
    fail(
      'SVC_UPSTREAM_DIALECT',
      env.SVC_UPSTREAM_DIALECT ?? '',
      'expected tools (tools/tool_choice/tool_calls, the default) or legacy (functions/function_call)',
    );
  }
  return {
    dialect,
    url: url.replace(/\/+$/, ''),
    ...(apiKey ? { apiKey } : {}),
    models: env.SVC_UPSTREAM_MODELS?.trim() ? readUpstreamModels(env.SVC_UPSTREAM_MODELS) : {},
    idleTimeoutMs: optionalInteger(
      env,
      'SVC_UPSTREAM_IDLE_TIMEOUT_MS',
      60_000,
      100,
      3_600_000,
      'of milliseconds',
    ),
    timeoutMs: optionalInteger(env, 'SVC_UPSTREAM_TIMEOUT_MS', 600_000, 1000, 86_400_000, 'of milliseconds'),
    maxEventBytes: optionalInteger(env, 'SVC_UPSTREAM_MAX_EVENT_BYTES', 8 * MIB, 1024, 512 * MIB, 'of bytes'),
  };
}

/**
 * A pace of the reference engine as given in `variable` (the environment's, or `npm start`'s
 * --pace): null for 0, which sends tokens as fast as they are made.
 */
export function readTokensPerSecond(variable: string, raw: string): number | null {
  const rate = readInteger(
    variable,
    raw,
    0,
    100_000,
    'expected an integer number of tokens per second from 0 (unpaced) to 100000',
  );
  return rate === 0 ? null : rate;
}

/**
 * Builds the service configuration from environment variables. Pure: reads nothing but `env`.
 * Throws an Error naming the variable and the accepted form when a value is invalid.
 */
export function resolveConfig(env: Record<string, string | undefined>): ServiceConfig {
  const has = (name: string): boolean => (env[name]?.trim() ?? '') !== '';
  const streamFormat = (env.SVC_STREAM_FORMAT?.trim().toLowerCase() || 'sse') as StreamFormat;
  if (streamFormat !== 'sse' && streamFormat !== 'jsonl') {
    fail(
      'SVC_STREAM_FORMAT',
      env.SVC_STREAM_FORMAT ?? '',
      'expected sse (data: lines ending in [DONE]) or jsonl (bare JSON lines)',
    );
  }
  const host = env.HOST?.trim() || DEFAULT_HOST;
  if (/\s|\//.test(host)) fail('HOST', host, 'expected a host name or IP address such as 127.0.0.1');
  return {
    port: has('PORT')
      ? readInteger(
          'PORT',
          env.PORT ?? '',
          0,
          65535,
          'expected an integer port from 0 to 65535 (0 picks a free port)',
        )
      : DEFAULT_PORT,
    host,
    apiKeys: has('SVC_API_KEYS') ? readKeys(env.SVC_API_KEYS ?? '') : [],
    rateLimits: has('SVC_RATE_LIMITS')
      ? readEndpointMap(
          'SVC_RATE_LIMITS',
          env.SVC_RATE_LIMITS ?? '',
          DEFAULT_RATE_LIMITS,
          parseLimit,
          'expected endpoint=requests-per-minute pairs for chat, code, vision or audio, e.g. SVC_RATE_LIMITS=chat=120,audio=10 (1 to 1000000)',
        )
      : { ...DEFAULT_RATE_LIMITS },
    rateLimitWindowMs: 60_000,
    streamFormat,
    upstream: readUpstream(env),
    bodyLimits: has('SVC_BODY_LIMITS')
      ? readEndpointMap(
          'SVC_BODY_LIMITS',
          env.SVC_BODY_LIMITS ?? '',
          DEFAULT_BODY_LIMITS,
          parseSize,
          'expected endpoint=size pairs for chat, code, vision or audio, sizes in bytes or with KiB/MiB/KB/MB, 1 KiB to 512 MiB, e.g. SVC_BODY_LIMITS=vision=50MiB',
        )
      : { ...DEFAULT_BODY_LIMITS },
    contextLength: DEFAULT_CONTEXT_LENGTH,
    defaultMaxTokens: has('SVC_DEFAULT_MAX_TOKENS')
      ? readInteger(
          'SVC_DEFAULT_MAX_TOKENS',
          env.SVC_DEFAULT_MAX_TOKENS ?? '',
          1,
          DEFAULT_CONTEXT_LENGTH,
          `expected an integer from 1 to ${DEFAULT_CONTEXT_LENGTH}`,
        )
      : DEFAULT_MAX_TOKENS,
    dataDir: env.SVC_DATA_DIR?.trim() || null,
    referenceTokensPerSecond: has('SVC_REFERENCE_TOKENS_PER_SECOND')
      ? readTokensPerSecond('SVC_REFERENCE_TOKENS_PER_SECOND', env.SVC_REFERENCE_TOKENS_PER_SECOND ?? '')
      : null,
    localEngines: readLocalEngineConfig(env),
    headersTimeoutMs: optionalInteger(env, 'SVC_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000, 'of milliseconds'),
    requestTimeoutMs: optionalInteger(
      env,
      'SVC_REQUEST_TIMEOUT_MS',
      60_000,
      100,
      3_600_000,
      'of milliseconds',
    ),
  };
}

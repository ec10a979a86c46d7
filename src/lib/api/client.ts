import { ENDPOINT_PATHS, LOCAL_HEALTH_PATH, type LimitedEndpoint } from '../../protocol/endpoints';
import { normalizeBaseURL } from './base-url';
import { createChatStream, type ChatStream } from './chat-stream';
import { ApiError } from './errors';
import { readModelList, readRetrievedModel, type ListedModel, type ListedModels } from './model-list';
import { readLocalHealth, type LocalHealth } from './local-health';
import { acceptFor, buildTranscriptionForm } from './multipart';
import { DEFAULT_MAX_RETRIES } from './retry';
import {
  openStream,
  parseJsonBody,
  readJson,
  readSuccessText,
  send,
  type RequestSpec,
  type Transport,
} from './transport';
import type {
  ClientOptions,
  RequestOptions,
  StreamOptions,
  TranscriptionInput,
  TranscriptionResult,
  VisionResult,
} from './types';
import type {
  ChatCompletion,
  ChatCompletionRequest,
  CodeCompletion,
  CodeCompletionRequest,
  TranscriptionFormat,
  TranscriptionJson,
  VisionRequest,
  VisionResponse,
} from '../../protocol/wire';

export const DEFAULT_TIMEOUT_MS = 60_000;
/**
 * Image analysis and transcription without a `timeoutMs` of the caller's: the local speech engine alone
 * may take two minutes on a long file, and a client that gives up first also cancels the server's work.
 */
export const DEFAULT_SLOW_TIMEOUT_MS = 300_000;

/** Typed methods for every endpoint of the spec. Request bodies are sent exactly as given. */
export interface ApiClient {
  /** The normalised base URL: as given (with or without `/v1`), without a trailing slash. */
  readonly baseURL: string;
  /** `GET /models`, checked at the edge (see `model-list.ts`). */
  listModels(opts?: RequestOptions): Promise<ListedModels>;
  /** The local service's `GET /__local/health`; null when the answer is not its report. */
  localHealth(opts?: RequestOptions): Promise<LocalHealth | null>;
  /** `GET /models/{id}`, checked; the id is URL-encoded. */
  retrieveModel(id: string, opts?: RequestOptions): Promise<ListedModel>;
  /** `POST /chat/completions` with `stream: false`. */
  createChat(body: ChatCompletionRequest, opts?: RequestOptions): Promise<ChatCompletion>;
  /** `POST /chat/completions` with `stream: true`; see `ChatStream` for when the request starts. */
  streamChat(body: ChatCompletionRequest, opts?: StreamOptions): ChatStream;
  /** `POST /code/completions`. */
  createCodeCompletion(body: CodeCompletionRequest, opts?: RequestOptions): Promise<CodeCompletion>;
  /** `POST /vision/analyze`; the body is unspecified, so it is kept raw and parsed when it is JSON. */
  analyzeImage(body: VisionRequest, opts?: RequestOptions): Promise<VisionResult>;
  /** `POST /audio/transcriptions` as multipart; the result's shape follows `response_format`. */
  transcribe<F extends TranscriptionFormat = 'json'>(
    input: TranscriptionInput<F>,
    opts?: RequestOptions,
  ): Promise<TranscriptionResult<F>>;
}

function jsonSpec(endpoint: LimitedEndpoint, body: unknown, opts: RequestOptions = {}): RequestSpec {
  return {
    endpoint,
    method: 'POST',
    path: ENDPOINT_PATHS[endpoint],
    body: JSON.stringify(body),
    contentType: 'application/json',
    accept: 'application/json',
    signal: opts.signal,
    headers: opts.headers,
  };
}

function getSpec(path: string, opts: RequestOptions = {}): RequestSpec {
  return {
    endpoint: 'models',
    method: 'GET',
    path,
    accept: 'application/json',
    signal: opts.signal,
    headers: opts.headers,
  };
}

function contentTypeOf(response: Response): string {
  return response.headers.get('content-type') ?? '';
}

async function readTranscription(response: Response, format: TranscriptionFormat): Promise<unknown> {
  const raw = await readSuccessText(response);
  if (format === 'json') return { format, data: parseJsonBody<TranscriptionJson>(response, raw), raw };
  return { format, text: raw, raw, contentType: contentTypeOf(response) };
}

/**
 * Creates a client for one server.
 * @throws ApiError of kind `config` when `baseURL` is not a usable http(s) URL.
 */
export function createClient(options: ClientOptions): ApiClient {
  const fetchFn = options.fetch ?? globalThis.fetch?.bind(globalThis);
  if (!fetchFn) {
    throw new ApiError({
      kind: 'config',
      message: 'No fetch function is available; pass one in the options.',
    });
  }
  const t: Transport = {
    baseURL: normalizeBaseURL(options.baseURL),
    apiKey: options.apiKey ?? '',
    fetch: fetchFn,
    maxRetries: Math.max(0, Math.floor(options.maxRetries ?? DEFAULT_MAX_RETRIES)),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    slowTimeoutMs: options.timeoutMs ?? DEFAULT_SLOW_TIMEOUT_MS,
    onResponse: options.onResponse,
    onExchange: options.onExchange,
  };

  return {
    baseURL: t.baseURL,
    listModels: (opts) =>
      send(t, getSpec(ENDPOINT_PATHS.models, opts), async (r) => readModelList(await readJson<unknown>(r))),
    localHealth: (opts) =>
      send(t, { ...getSpec(LOCAL_HEALTH_PATH, opts), fromOrigin: true }, async (r) =>
        readLocalHealth(await readJson<unknown>(r)),
      ),
    retrieveModel: (id, opts) =>
      send(t, getSpec(`${ENDPOINT_PATHS.models}/${encodeURIComponent(id)}`, opts), async (r) =>
        readRetrievedModel(await readJson<unknown>(r), r),
      ),
    createChat: (body, opts) =>
      send(t, jsonSpec('chat', { ...body, stream: false }, opts), (r) => readJson<ChatCompletion>(r)),
    streamChat: (body, opts = {}) => {
      const spec = jsonSpec('chat', { ...body, stream: true }, opts);
      spec.accept = 'text/event-stream, application/x-ndjson;q=0.9, application/json;q=0.8';
      return createChatStream((signal) => openStream(t, { ...spec, signal }), opts.signal, opts.onRead);
    },
    createCodeCompletion: (body, opts) =>
      send(t, jsonSpec('code', body, opts), (r) => readJson<CodeCompletion>(r)),
    analyzeImage: (body, opts) =>
      send(t, jsonSpec('vision', body, opts), async (r) => {
        const raw = await readSuccessText(r);
        let data: VisionResponse | null = null;
        try {
          const parsed: unknown = JSON.parse(raw);
          if (parsed !== null && typeof parsed === 'object') data = parsed as VisionResponse;
        } catch {
          // Not JSON: the raw text is the result (a server may answer plain text).
        }
        return { data, raw, contentType: contentTypeOf(r) };
      }),
    transcribe: <F extends TranscriptionFormat = 'json'>(
      input: TranscriptionInput<F>,
      opts: RequestOptions = {},
    ) => {
      const format: TranscriptionFormat = input.response_format ?? 'json';
      const spec: RequestSpec = {
        endpoint: 'audio',
        method: 'POST',
        path: ENDPOINT_PATHS.audio,
        body: buildTranscriptionForm(input),
        accept: acceptFor(format),
        signal: opts.signal,
        headers: opts.headers,
      };
      return send(t, spec, (r) => readTranscription(r, format)) as Promise<TranscriptionResult<F>>;
    },
  };
}

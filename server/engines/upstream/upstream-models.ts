/**
 * The upstream's models (`GET <url>/models`): fetched when first needed, kept for a short while
 * (a model pulled into Ollama shows within `UPSTREAM_MODELS_TTL_MS`), one fetch at a time. Which
 * upstream model an `svc-*` id is sent as comes from here when SVC_UPSTREAM_MODELS does not name one.
 */
import { UPSTREAM_ERROR_CODES, UPSTREAM_ERROR_TYPE } from '../../../src/protocol/upstream-errors';
import { EngineError } from '../engine';
import type { UpstreamClient } from './upstream-client';
import { displayUrl } from './upstream-errors';

/** How long a fetched list is used before the upstream is asked again. */
export const UPSTREAM_MODELS_TTL_MS = 30_000;

/** How long a failed model list is not asked for again when choosing a model. */
const FAILED_RETRY_MS = 5_000;

/** At most this many of the upstream's models are kept (a listing is bounded like any reply). */
const MAX_MODELS = 5000;

/** A model as the upstream listed it: its own object, of which only a text `id` is required. */
export type UpstreamModel = Record<string, unknown> & { id: string };

/**
 * The body as text, up to `max` bytes: a model list answered as an endless stream must not be read
 * without end (the guarded fetch bounds only bodies it knows to be whole JSON).
 */
async function boundedText(response: Response, max: number, url: string): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        throw new EngineError(
          502,
          {
            message: `The upstream server at ${displayUrl(url)} answered GET /models with more than ${max} bytes (SVC_UPSTREAM_MAX_EVENT_BYTES); it was not read further.`,
            type: UPSTREAM_ERROR_TYPE,
            param: null,
            code: UPSTREAM_ERROR_CODES.oversized,
          },
          { 'x-error-source': 'upstream' },
        );
      }
      parts.push(decoder.decode(value, { stream: true }));
    }
    parts.push(decoder.decode());
    return parts.join('');
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

export async function fetchUpstreamModels(
  client: Pick<UpstreamClient, 'request' | 'url' | 'eventLimits'>,
  signal?: AbortSignal,
): Promise<UpstreamModel[]> {
  const response = await client.request('/models', { method: 'GET', signal });
  const text = await boundedText(response, client.eventLimits.maxEventBytes, client.url);
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
      type: UPSTREAM_ERROR_TYPE,
      param: null,
      code: UPSTREAM_ERROR_CODES.badReply,
    });
  }
  const seen = new Set<string>();
  const models: UpstreamModel[] = [];
  for (const entry of data) {
    if (models.length >= MAX_MODELS) break;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const id = (entry as { id?: unknown }).id;
    if (typeof id !== 'string' || id === '' || id.length > 256 || seen.has(id)) continue;
    seen.add(id);
    models.push({ ...(entry as Record<string, unknown>), id });
  }
  return models;
}

/** The model ids the upstream lists. */
export async function listUpstreamModels(
  client: Pick<UpstreamClient, 'request' | 'url' | 'eventLimits'>,
  signal?: AbortSignal,
): Promise<string[]> {
  return (await fetchUpstreamModels(client, signal)).map((model) => model.id);
}

/**
 * Which of the upstream's models serves an `svc-*` id that SVC_UPSTREAM_MODELS leaves unmapped: the
 * id itself when the upstream lists it (a service of this interface), else the first listed model
 * whose name fits the kind (`whisper` for audio, `coder` for code, `vl`/`vision`/`llava` for images),
 * else the first listed model.
 */
export function defaultUpstreamModel(svcId: string, listed: readonly string[]): string | undefined {
  if (listed.includes(svcId)) return svcId;
  const hints: Record<string, RegExp> = {
    'svc-audio': /whisper|transcri|speech|audio|asr/i,
    'svc-coder': /cod(e|er|ing)|starcoder|deepseek-coder/i,
    'svc-vision': /vision|(^|[^a-z])vl([^a-z]|$)|llava|gpt-4o|pixtral|moondream/i,
  };
  const hint = hints[svcId];
  const fitting = hint ? listed.find((id) => hint.test(id)) : undefined;
  if (fitting) return fitting;
  // Audio has no sensible fallback: a chat model cannot transcribe. Send the id, let the upstream say.
  if (svcId === 'svc-audio') return undefined;
  return listed.find((id) => !/whisper|embed|tts|rerank/i.test(id)) ?? listed[0];
}

/** The upstream's model list, fetched on demand and kept for `ttlMs`; concurrent callers share one fetch. */
export class UpstreamModelCatalog {
  private cached: { at: number; models: UpstreamModel[] } | null = null;
  private pending: Promise<UpstreamModel[]> | null = null;
  /** When a fetch last failed: choosing a model does not ask again for a while (see `ids`). */
  private failedAt: number | null = null;

  constructor(
    private readonly client: Pick<UpstreamClient, 'request' | 'url' | 'eventLimits'>,
    private readonly now: () => number = Date.now,
    private readonly ttlMs: number = UPSTREAM_MODELS_TTL_MS,
  ) {}

  /** The list, fresh within the TTL; throws the upstream's error when it cannot be fetched. */
  async models(): Promise<UpstreamModel[]> {
    if (this.cached && this.now() - this.cached.at < this.ttlMs) return this.cached.models;
    this.pending ??= fetchUpstreamModels(this.client)
      .then((models) => {
        this.cached = { at: this.now(), models };
        this.failedAt = null;
        return models;
      })
      .catch((error: unknown) => {
        this.failedAt = this.now();
        throw error;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /**
   * The list's ids, or null when the upstream could not be asked (callers then go on without it).
   * After a failure the list is not asked for again within `FAILED_RETRY_MS`, so an upstream whose
   * /models is broken costs one extra request per few seconds, not one per chat request.
   */
  async ids(): Promise<string[] | null> {
    if (this.failedAt !== null && this.now() - this.failedAt < FAILED_RETRY_MS && !this.cached) return null;
    try {
      return (await this.models()).map((model) => model.id);
    } catch {
      return null;
    }
  }
}

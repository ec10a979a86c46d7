/**
 * `GET /models` and `GET /models/{id}` read at the edge. A server's list is untrusted: an entry that
 * is not an object or has no usable id is left out (and counted, so the page can say so), a repeated
 * id keeps its first entry (ids key rows and options), and `created` that no calendar date matches
 * (1e13, a string) becomes null, shown as unknown. Other fields are kept as sent, typed `unknown`:
 * the detail page shows every field, and servers put the context length under names of their own.
 */
import { ApiError } from './errors';

/** A model as the pages may rely on it. */
export interface ListedModel {
  id: string;
  object: 'model';
  /** Unix seconds, or null when the server sent none a date can be made of. */
  created: number | null;
  /** '' when the server sent no string. */
  owned_by: string;
  /** Present only when a single model is retrieved, and only when it is text. */
  description?: string;
  [extra: string]: unknown;
}

export interface ListedModels {
  object: 'list';
  data: ListedModel[];
  /** Entries left out: not an object, no usable id, an id already listed, or past `MAX_MODELS`. */
  skipped: number;
}

/** More than any server lists (OpenRouter lists a few hundred); a table of a million rows is a freeze. */
export const MAX_MODELS = 5000;
/** Longer ids are not model names; they would also make unusable links and options. */
export const MAX_MODEL_ID_LENGTH = 512;
/** 9999-12-31T23:59:59Z: past it a date stops being a calendar date people read. */
const LATEST_CREATED_S = 253_402_300_799;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A model entry checked, or null when it cannot be one (no string id). */
export function readModel(value: unknown): ListedModel | null {
  if (!isRecord(value)) return null;
  const { id, created, owned_by: owner, description } = value;
  if (typeof id !== 'string' || id === '' || id.length > MAX_MODEL_ID_LENGTH) return null;
  const model: ListedModel = {
    ...value,
    id,
    object: 'model',
    created:
      typeof created === 'number' && Number.isFinite(created) && created >= 0 && created <= LATEST_CREATED_S
        ? created
        : null,
    owned_by: typeof owner === 'string' ? owner : '',
  };
  if (typeof description === 'string') model.description = description;
  else delete model.description;
  return model;
}

/** A model list checked; a body with no `data` array is an empty list (as before, for the health check). */
export function readModelList(body: unknown): ListedModels {
  const entries = isRecord(body) && Array.isArray(body.data) ? (body.data as unknown[]) : [];
  const seen = new Set<string>();
  const data: ListedModel[] = [];
  for (const entry of entries) {
    if (data.length >= MAX_MODELS) break;
    const model = readModel(entry);
    if (model === null || seen.has(model.id)) continue;
    seen.add(model.id);
    data.push(model);
  }
  return { object: 'list', data, skipped: entries.length - data.length };
}

/** `GET /models/{id}`: an answer that is no model is the server's fault, said as an error. */
export function readRetrievedModel(body: unknown, response: Response): ListedModel {
  const model = readModel(body);
  if (model) return model;
  throw new ApiError({
    kind: 'http',
    status: response.status,
    message: `The server answered ${response.status} with something that is not a model (no string "id").`,
    headers: response.headers,
    body: JSON.stringify(body) ?? null,
  });
}

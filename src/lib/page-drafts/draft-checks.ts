/**
 * Reads back what the Vision and Audio pages stored: nothing in IndexedDB is trusted (another
 * version, another tab, a hand in DevTools may have written it). A record is checked whole, and
 * what the page gets is built afresh from the fields known here; a result is read again from the
 * body the server sent, as the response was. Loaded with the first read, not with the page.
 */
import type { TranscriptionFormat, TranscriptionResult, VisionResponse, VisionResult } from '../api';
import { buildMessageError, checkMessageError } from '../chat/conversation-checks';
import { describeIssues } from '../chat/describe-issues';
import {
  capIssues,
  checkArray,
  checkBoolean,
  checkEnum,
  checkNullable,
  checkNumber,
  checkObject,
  checkOptional,
  checkString,
  type Checker,
  type Issue,
} from '../chat/json-checks';
import { toApiError } from '../chat/message-error';
import {
  DRAFT_VERSION,
  MAX_KEPT_AUDIO_BYTES,
  MAX_KEPT_IMAGE_BYTES,
  type StoredAudioBytes,
  type StoredAudioFile,
  type StoredImage,
  type StoredRun,
  type StoredTranscript,
} from './page-draft-types';
import type { PageDraftStore } from './page-draft-store';

/** More images than a page could show; a record with more is damaged, not drawn. */
const MAX_IMAGES = 100;
/** Longest text kept of a prompt, URL or response body (characters); longer is damage. */
const MAX_TEXT = 32 * 1024 * 1024;

type Raw = Record<string, unknown>;
export type DraftRead<T> = { ok: true; draft: T } | { ok: false; issues: Issue[] };

/**
 * A page's stored record, read and checked: the draft, or what the page starts with instead —
 * nothing when none was kept, a notice when the record is damaged (it is then dropped).
 */
export async function readStoredDraft<T>(
  store: PageDraftStore,
  check: (raw: unknown) => DraftRead<T>,
  /** What the record held, for the notice: "Vision request". */
  what: string,
): Promise<{ draft: T } | { restored: null; notices: string[] }> {
  const raw = await store.readRecord();
  if (raw === undefined) return { restored: null, notices: [] };
  const result = check(raw);
  if (result.ok) return { draft: result.draft };
  return {
    restored: null,
    notices: [
      `Your last ${what} could not be restored and was dropped: its saved record is damaged (${describeIssues(result.issues)}).`,
    ],
  };
}

/** A run as the page shows it again: a stored error is an error object once more. */
export type RestoredRun<R> =
  | { status: 'idle' | 'pending' | 'cancelled' }
  | { status: 'done'; result: R }
  | { status: 'error'; error: Error };

const text: Checker = (value, path, issues) => {
  if (!checkString(value, path, issues)) return false;
  if ((value as string).length <= MAX_TEXT) return true;
  issues.push({ path, reason: `is longer than the ${MAX_TEXT.toLocaleString('en-US')} characters kept` });
  return false;
};

const count: Checker = (value, path, issues) => {
  if (!checkNumber(value, path, issues)) return false;
  if (Number.isInteger(value) && (value as number) >= 0) return true;
  issues.push({ path, reason: 'must be a whole number, 0 or more' });
  return false;
};

const key: Checker = (value, path, issues) => {
  if (!checkString(value, path, issues)) return false;
  if (/^[\w-]{1,100}$/.test(value as string)) return true;
  issues.push({ path, reason: 'must be 1 to 100 letters, digits, _ or -' });
  return false;
};

const version: Checker = (value, path, issues) => {
  if (value === DRAFT_VERSION) return true;
  const newer = typeof value === 'number' && value > DRAFT_VERSION;
  issues.push({
    path,
    reason: newer
      ? `is ${value}: written by a newer version of the playground than this one`
      : `must be ${DRAFT_VERSION}`,
  });
  return false;
};

/** A list of at most `max` items, each checked, their `key` fields distinct. */
function distinctList(item: Checker, max: number, field: string): Checker {
  return (value, path, issues) => {
    if (Array.isArray(value) && value.length > max) {
      issues.push({ path, reason: `holds ${value.length} entries; at most ${max} are kept` });
      return false;
    }
    if (!checkArray(item)(value, path, issues)) return false;
    const seen = new Set<unknown>();
    for (const [index, entry] of (value as Raw[]).entries()) {
      if (seen.has(entry[field])) {
        issues.push({ path: `${path}[${index}].${field}`, reason: 'is the same as an earlier entry’s' });
        return false;
      }
      seen.add(entry[field]);
    }
    return true;
  };
}

function checkRun(result: Checker): Checker {
  const statuses = ['idle', 'pending', 'cancelled', 'done', 'error'];
  return (value, path, issues) => {
    if (!checkObject({ status: checkEnum(statuses) }, true)(value, path, issues)) return false;
    const fields: Record<string, Checker> = { status: checkString };
    const status = (value as Raw).status;
    if (status === 'done') fields.result = result;
    if (status === 'error') fields.error = checkMessageError;
    return checkObject(fields)(value, path, issues);
  };
}

function buildRun<S, R>(raw: Raw, build: (stored: S) => R): RestoredRun<R> {
  const run = raw as StoredRun<S>;
  switch (run.status) {
    case 'done':
      return { status: 'done', result: build(run.result) };
    case 'error':
      return { status: 'error', error: toApiError(buildMessageError(raw.error as Raw)) };
    default:
      return { status: run.status };
  }
}

/** Runs `check` over `raw`; the issues, capped, when it fails. */
function check(checker: Checker, raw: unknown): Issue[] {
  const issues: Issue[] = [];
  return checker(raw, '$', issues)
    ? []
    : capIssues(issues.length > 0 ? issues : [{ path: '$', reason: 'is not valid' }]);
}

// ---- Vision ----

const fileFacts = checkObject({ name: text, size: count, type: text, kept: checkBoolean });
const image = checkObject({ key, url: text, file: checkOptional(fileFacts) });
const images = distinctList(image, MAX_IMAGES, 'key');
const visionResult = checkObject({ raw: text, contentType: text });
const visionRecord = checkObject({
  version,
  prompt: text,
  images,
  privateAllowed: checkBoolean,
  run: checkRun(visionResult),
  sent: checkNullable(checkObject({ parts: checkArray(checkNullable(count)), images })),
});

export interface VisionDraftRead {
  prompt: string;
  images: StoredImage[];
  privateAllowed: boolean;
  run: RestoredRun<VisionResult>;
  sent: { parts: (number | null)[]; images: StoredImage[] } | null;
}

const buildImage = (raw: Raw): StoredImage => {
  const file = raw.file as Raw | undefined;
  return {
    key: raw.key as string,
    url: raw.url as string,
    ...(file
      ? {
          file: {
            name: file.name as string,
            size: file.size as number,
            type: file.type as string,
            kept: file.kept as boolean,
          },
        }
      : {}),
  };
};

/** An analysis read again from the body the server sent, as the client read it (JSON, else text). */
function visionResultOf(stored: Raw): VisionResult {
  const raw = stored.raw as string;
  let data: VisionResponse | null = null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed !== null && typeof parsed === 'object') data = parsed as VisionResponse;
  } catch {
    // Not JSON: the text is the result, as it was when it arrived.
  }
  return { data, raw, contentType: stored.contentType as string };
}

export function readVisionDraft(raw: unknown): DraftRead<VisionDraftRead> {
  const issues = check(visionRecord, raw);
  if (issues.length > 0) return { ok: false, issues };
  const record = raw as Raw;
  const sent = record.sent as Raw | null;
  return {
    ok: true,
    draft: {
      prompt: record.prompt as string,
      images: (record.images as Raw[]).map(buildImage),
      privateAllowed: record.privateAllowed as boolean,
      run: buildRun(record.run as Raw, visionResultOf),
      sent: sent && {
        parts: [...(sent.parts as (number | null)[])],
        images: (sent.images as Raw[]).map(buildImage),
      },
    },
  };
}

/** A kept image's data URL, or null when what is stored is not one it could be. */
export function readImageData(raw: unknown): string | null {
  // Base64 grows by a third; the header and a little slack on top.
  const longest = Math.ceil(MAX_KEPT_IMAGE_BYTES / 3) * 4 + 1024;
  return typeof raw === 'string' && raw.startsWith('data:') && raw.length <= longest ? raw : null;
}

// ---- Audio ----

const FORMATS: readonly TranscriptionFormat[] = ['json', 'text', 'srt', 'vtt'];
const audioFile = checkObject({
  id: key,
  name: text,
  size: count,
  type: text,
  kept: checkBoolean,
  origin: checkEnum(['file', 'recording']),
});
const transcript: Checker = (value, path, issues) => {
  if (!checkObject({ format: checkEnum(FORMATS), raw: text, contentType: text })(value, path, issues))
    return false;
  const { format, raw } = value as Raw;
  if (format !== 'json' || isJsonObject(raw as string)) return true;
  issues.push({ path: `${path}.raw`, reason: 'is not the JSON object a json transcript is' });
  return false;
};
const audioRecord = checkObject({
  version,
  file: checkNullable(audioFile),
  run: checkRun(checkObject({ transcript, file: audioFile })),
});

function isJsonObject(raw: string): boolean {
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

export interface AudioDraftRead {
  file: StoredAudioFile | null;
  run: RestoredRun<{ result: TranscriptionResult<TranscriptionFormat>; file: StoredAudioFile }>;
}

const buildAudioFile = (raw: Raw): StoredAudioFile => ({
  id: raw.id as string,
  name: raw.name as string,
  size: raw.size as number,
  type: raw.type as string,
  kept: raw.kept as boolean,
  origin: raw.origin as StoredAudioFile['origin'],
});

/** A transcript read again from the body the server sent. */
function transcriptOf(stored: StoredTranscript): TranscriptionResult<TranscriptionFormat> {
  const { format, raw, contentType } = stored;
  if (format === 'json') return { format, data: JSON.parse(raw) as { text: string }, raw };
  return { format, text: raw, raw, contentType };
}

export function readAudioDraft(raw: unknown): DraftRead<AudioDraftRead> {
  const issues = check(audioRecord, raw);
  if (issues.length > 0) return { ok: false, issues };
  const record = raw as Raw;
  return {
    ok: true,
    draft: {
      file: record.file === null ? null : buildAudioFile(record.file as Raw),
      run: buildRun(record.run as Raw, (stored: Raw) => ({
        result: transcriptOf(stored.transcript as StoredTranscript),
        file: buildAudioFile(stored.file as Raw),
      })),
    },
  };
}

/** A kept audio file's bytes, or null when what is stored is not the file it names. */
export function readAudioBytes(raw: unknown, facts: StoredAudioFile): StoredAudioBytes | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { bytes, lastModified } = raw as Raw;
  // Checked by its tag, not instanceof: a value cloned out of IndexedDB may come from another realm.
  if (Object.prototype.toString.call(bytes) !== '[object ArrayBuffer]') return null;
  const buffer = bytes as ArrayBuffer;
  if (buffer.byteLength !== facts.size || buffer.byteLength > MAX_KEPT_AUDIO_BYTES) return null;
  return {
    bytes: buffer,
    lastModified: typeof lastModified === 'number' && Number.isFinite(lastModified) ? lastModified : 0,
  };
}

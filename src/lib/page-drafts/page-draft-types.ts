/**
 * The records the Vision and Audio pages keep (see `page-draft-store`). Written by this version,
 * read back by any: `draft-checks` checks every field before the page sees it.
 */
import type { TranscriptionFormat } from '../api';
import type { MessageError } from '../chat/conversation-types';

export const DRAFT_VERSION = 1;

/**
 * Local image files above this are not kept across a reload (they stay until then): the local
 * service's own limit for one image (SVC_VISION_MAX_IMAGE_BYTES), and a tenth of what many
 * browsers give a site at the least.
 */
export const MAX_KEPT_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * Audio files above this are not kept across a reload: the local service's limit for one request
 * (the spec names no size limit for audio).
 */
export const MAX_KEPT_AUDIO_BYTES = 25 * 1024 * 1024;

/**
 * Where the page's last request stood. `pending` read back means the page went away before its
 * answer came (a reload, or another page opened): it is shown as interrupted, never as running.
 */
export type StoredRun<R> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'cancelled' }
  | { status: 'done'; result: R }
  | { status: 'error'; error: MessageError };

/** A local file's facts; `kept` is false when it was too big to keep (its data was not stored). */
export interface StoredFileFacts {
  name: string;
  size: number;
  type: string;
  kept: boolean;
}

/**
 * One image of the Vision page: a URL as typed, or a local file (`url` empty) whose data URL is
 * stored apart, under the image's key.
 */
export interface StoredImage {
  key: string;
  url: string;
  file?: StoredFileFacts;
}

/** An analysis as it came over the wire: the page reads it again as it read the response. */
export interface StoredVisionResult {
  raw: string;
  contentType: string;
}

export interface VisionDraftRecord {
  version: typeof DRAFT_VERSION;
  prompt: string;
  images: StoredImage[];
  /** The person said the service fetches private addresses. */
  privateAllowed: boolean;
  run: StoredRun<StoredVisionResult>;
  /** What the last request was built from, to name the image its error points at. */
  sent: { parts: (number | null)[]; images: StoredImage[] } | null;
}

/** The Audio page's file: its bytes are stored apart, under `id`, when `kept`. */
export interface StoredAudioFile extends StoredFileFacts {
  id: string;
  origin: 'file' | 'recording';
}

/** A transcript as it came over the wire. */
export interface StoredTranscript {
  format: TranscriptionFormat;
  raw: string;
  contentType: string;
}

export interface AudioDraftRecord {
  version: typeof DRAFT_VERSION;
  file: StoredAudioFile | null;
  /** The transcript and the audio it was made from (which may no longer be the chosen one). */
  run: StoredRun<{ transcript: StoredTranscript; file: StoredAudioFile }>;
}

/** A stored audio file's bytes. */
export interface StoredAudioBytes {
  bytes: ArrayBuffer;
  lastModified: number;
}

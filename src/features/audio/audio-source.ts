import { formatBytes } from '../../lib/format-bytes';
import { MAX_KEPT_AUDIO_BYTES } from '../../lib/page-drafts/page-draft-types';

/** The audio the request will carry: a chosen, dropped or recorded file. */
export interface AudioSource {
  /** Names the file where it is kept across reloads (one id, one file's bytes). */
  id: string;
  file: File;
  origin: 'file' | 'recording';
  /**
   * Set on the audio of a transcript restored after a reload when the audio itself was not kept
   * (too big, or its stored bytes damaged): `file` is then empty, its name and type all that is left.
   */
  absent?: true;
}

/** Audio too big to keep across a reload (it is sent as long as the page stays open). */
export function tooBigToKeep(source: AudioSource): boolean {
  return source.file.size > MAX_KEPT_AUDIO_BYTES;
}

export const NOT_KEPT_NOTE = `Not kept if you reload or leave the page: audio files over ${formatBytes(MAX_KEPT_AUDIO_BYTES)} are not stored in this browser (its transcript is).`;

/** Extensions servers of this format commonly accept for transcription. */
export const AUDIO_EXTENSIONS = [
  'flac',
  'm4a',
  'mp3',
  'mp4',
  'mpeg',
  'mpga',
  'oga',
  'ogg',
  'opus',
  'wav',
  'weba',
  'webm',
  'aac',
];

// Containers that hold audio but are typed as video or generic by some browsers and systems.
const AUDIO_CONTAINER_TYPES = ['video/mp4', 'video/webm', 'video/mpeg', 'video/ogg', 'application/ogg'];

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Whether a file looks like audio by its MIME type or, when the type is missing or generic, by its
 * extension. Returns the reason in words when it does not, so the page can say it and offer to send
 * anyway (the server is the judge).
 */
export function checkAudioFile(file: { name: string; type: string }): string | null {
  const type = file.type.toLowerCase().split(';')[0]!.trim();
  const extension = extensionOf(file.name);
  if (type.startsWith('audio/') || AUDIO_CONTAINER_TYPES.includes(type)) return null;
  if ((type === '' || type === 'application/octet-stream') && AUDIO_EXTENSIONS.includes(extension))
    return null;
  const typeWords = type === '' ? 'no type' : `type ${type}`;
  const extensionWords = extension === '' ? 'no extension' : `extension .${extension}`;
  return `"${file.name}" does not look like audio (${typeWords}, ${extensionWords}). Servers usually accept ${AUDIO_EXTENSIONS.join(', ')}.`;
}

/** Seconds as `m:ss.s` for durations; an unknown (NaN/Infinity) duration says so. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'unknown (the file does not say)';
  const m = Math.floor(seconds / 60);
  const s = seconds - m * 60;
  return `${m}:${s.toFixed(1).padStart(4, '0')}`;
}

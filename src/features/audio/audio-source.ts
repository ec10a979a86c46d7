/** The audio the request will carry: a chosen, dropped or recorded file, with an object URL to play it. */
export interface AudioSource {
  file: File;
  /** `blob:` URL of the file for the players; revoked when the source is replaced or the page closes. */
  url: string;
  origin: 'file' | 'recording';
}

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

/** What a person can do about a microphone failure, by the DOMException name the browser gives. */
export function microphoneErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Microphone permission was denied. Allow the microphone for this page in the browser’s site settings, then press Record again — or choose a file instead.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No microphone was found. Connect one (or enable it in the system’s sound settings), then press Record again — or choose a file instead.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The microphone could not be started: another application may be using it. Close that application, then press Record again.';
    default: {
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return `The microphone could not be started (${detail}). Choose a file instead.`;
    }
  }
}

/** Why this page cannot record at all, or null when it can. */
export function recordingUnsupported(): string | null {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia)
    return 'This page cannot reach a microphone: browsers allow it only on https:// or localhost pages. Open the playground on localhost or https, or choose a file instead.';
  if (typeof MediaRecorder === 'undefined')
    return 'This browser cannot record audio (it has no MediaRecorder). Choose a file instead.';
  return null;
}

/** A file extension for a recorder's MIME type (`audio/webm;codecs=opus` → `webm`). */
export function recordingExtension(mimeType: string): string {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (type === 'audio/ogg') return 'ogg';
  if (type === 'audio/mp4' || type === 'video/mp4') return 'm4a';
  if (type === 'audio/wav' || type === 'audio/wave') return 'wav';
  return 'webm';
}

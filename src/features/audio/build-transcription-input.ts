import type { TranscriptionFormat, TranscriptionInput } from '../../lib/api';
import type { AudioParameters } from '../../stores';

/**
 * The transcription request: the file and model, plus exactly the parameters set. A language of
 * `auto` (or none) is not sent, which is what `auto` means to the server.
 */
export function buildTranscriptionInput(
  file: File,
  model: string,
  parameters: AudioParameters,
): TranscriptionInput<TranscriptionFormat> {
  // The part's filename is given explicitly: servers read the format from it, and a recording's
  // Blob would otherwise go as "audio".
  const input: TranscriptionInput<TranscriptionFormat> = { file, filename: file.name, model };
  const language = parameters.language?.trim();
  if (language && language.toLowerCase() !== 'auto') input.language = language;
  if (parameters.temperature !== undefined) input.temperature = parameters.temperature;
  if (parameters.response_format !== undefined) input.response_format = parameters.response_format;
  return input;
}

const EXTENSIONS: Record<TranscriptionFormat, string> = { json: 'json', text: 'txt', srt: 'srt', vtt: 'vtt' };
const TYPES: Record<TranscriptionFormat, string> = {
  json: 'application/json',
  text: 'text/plain',
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
};

/** The download name of a transcript: the audio's name with the format's extension. */
export function transcriptFileName(audioName: string, format: TranscriptionFormat): string {
  const base = audioName.replace(/\.[^./\\]*$/, '') || 'transcript';
  return `${base}.${EXTENSIONS[format]}`;
}

/** The MIME type a transcript of this format is saved with. */
export function transcriptMimeType(format: TranscriptionFormat): string {
  return TYPES[format];
}

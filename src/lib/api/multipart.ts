import type { TranscriptionInput } from './types';
import type { TranscriptionFormat } from '../../protocol/wire';

/** The multipart body of a transcription: the file and exactly the other fields that were set. */
export function buildTranscriptionForm<F extends TranscriptionFormat>(
  input: TranscriptionInput<F>,
): FormData {
  const form = new FormData();
  const ownName = typeof File !== 'undefined' && input.file instanceof File ? input.file.name : '';
  form.append('file', input.file, input.filename ?? (ownName || 'audio'));
  form.append('model', input.model);
  if (input.language !== undefined) form.append('language', input.language);
  if (input.response_format !== undefined) form.append('response_format', input.response_format);
  if (input.temperature !== undefined) form.append('temperature', String(input.temperature));
  return form;
}

/** What to ask for in `Accept` for each transcription format. */
export function acceptFor(format: TranscriptionFormat): string {
  switch (format) {
    case 'json':
      return 'application/json';
    case 'srt':
      return 'application/x-subrip, text/plain;q=0.9, */*;q=0.5';
    case 'vtt':
      return 'text/vtt, text/plain;q=0.9, */*;q=0.5';
    default:
      return 'text/plain, */*;q=0.5';
  }
}

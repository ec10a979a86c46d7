import type { AudioInput } from '../engines/engine';
import type { TranscriptionFormat } from '../../src/protocol/wire';
import { invalidParam } from '../http/errors';
import { resolveModel, type ExtraModels } from './model';

export interface AudioRequest {
  input: AudioInput;
  responseFormat: TranscriptionFormat;
}

const FORMATS: readonly TranscriptionFormat[] = ['json', 'text', 'srt', 'vtt'];

function field(form: FormData, name: string): string | undefined {
  const values = form.getAll(name);
  if (values.length > 1) throw invalidParam(name, `'${name}' was sent ${values.length} times; send it once.`);
  const value = values[0];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(name, `'${name}' must be a text field, not a file.`);
  return value;
}

/** Validates the multipart fields of /audio/transcriptions. */
export async function readAudioRequest(form: FormData, extraModels?: ExtraModels): Promise<AudioRequest> {
  const model = field(form, 'model');
  if (model === undefined || model === '') throw invalidParam('model', `'model' is required (svc-audio).`);
  resolveModel({ model }, 'audio', extraModels);
  const files = form.getAll('file');
  if (files.length === 0)
    throw invalidParam('file', `'file' is required: attach the audio as a file part named "file".`);
  if (files.length > 1) throw invalidParam('file', `Send one audio file per request.`);
  const file = files[0];
  if (typeof file === 'string' || file === undefined)
    throw invalidParam('file', `'file' must be a file part, not a text field.`);
  if (file.size === 0) throw invalidParam('file', `'file' is empty.`);
  const responseFormat = (field(form, 'response_format') || 'json') as TranscriptionFormat;
  if (!FORMATS.includes(responseFormat)) {
    throw invalidParam('response_format', `'response_format' must be one of json, text, srt or vtt.`);
  }
  const input: AudioInput = {
    file: new Uint8Array(await file.arrayBuffer()),
    filename: file.name || 'audio',
    contentType: file.type,
    model,
  };
  const language = field(form, 'language');
  if (language !== undefined && language !== '' && language !== 'auto') {
    if (!/^[a-zA-Z]{2,3}([-_][a-zA-Z0-9]{2,8})?$/.test(language)) {
      throw invalidParam(
        'language',
        `'language' must be a language code such as "en" or "pt-BR", or "auto".`,
      );
    }
    input.language = language;
  }
  const temperature = field(form, 'temperature');
  if (temperature !== undefined && temperature !== '') {
    const value = Number(temperature);
    if (!/^\s*[\d.]+\s*$/.test(temperature) || !Number.isFinite(value) || value < 0 || value > 1) {
      throw invalidParam('temperature', `'temperature' must be a number from 0 to 1.`);
    }
    input.temperature = value;
  }
  const known = new Set(['file', 'model', 'language', 'temperature', 'response_format']);
  const others: [string, string][] = [];
  for (const [name, value] of form.entries()) {
    if (!known.has(name) && typeof value === 'string' && others.length < 64) others.push([name, value]);
  }
  if (others.length > 0) input.otherFields = others;
  return { input, responseFormat };
}

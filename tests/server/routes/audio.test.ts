import { describe, expect, it } from 'vitest';
import { fixedAudioEngine } from '../support/fake-engines';
import { errorOf, KEY, testApp } from '../support/test-app';

const TRANSCRIPT = {
  text: 'Hello there. General Kenobi.',
  segments: [
    { start: 0, end: 1.5, text: 'Hello there.' },
    { start: 1.5, end: 3.25, text: 'General Kenobi.' },
  ],
  duration: 3.25,
};

function form(fields: Record<string, string | File>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const wav = () => new File([new Uint8Array([82, 73, 70, 70, 0, 0])], 'hello.wav', { type: 'audio/wav' });

function audioApp(env: Record<string, string> = {}) {
  const audio = fixedAudioEngine(TRANSCRIPT);
  const { app } = testApp(env, { engines: { 'svc-audio': audio.engine } });
  const send = (body: BodyInit, headers: Record<string, string> = {}) =>
    app.request('/v1/audio/transcriptions', {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, ...headers },
      body,
    });
  return { send, audio };
}

describe('POST /audio/transcriptions', () => {
  it('answers json {text} by default and passes the file and fields to the engine', async () => {
    const { send, audio } = audioApp();
    const response = await send(
      form({ model: 'svc-audio', file: wav(), language: 'en', temperature: '0.2' }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ text: TRANSCRIPT.text });
    expect(audio.calls[0]).toEqual({
      file: new Uint8Array([82, 73, 70, 70, 0, 0]),
      filename: 'hello.wav',
      contentType: 'audio/wav',
      model: 'svc-audio',
      language: 'en',
      temperature: 0.2,
    });
  });

  it.each([
    ['text', /^text\/plain/, 'Hello there. General Kenobi.'],
    [
      'srt',
      /^application\/x-subrip/,
      '1\n00:00:00,000 --> 00:00:01,500\nHello there.\n\n2\n00:00:01,500 --> 00:00:03,250\nGeneral Kenobi.\n',
    ],
    [
      'vtt',
      /^text\/vtt/,
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nHello there.\n\n00:00:01.500 --> 00:00:03.250\nGeneral Kenobi.\n',
    ],
  ])('formats response_format=%s with its content type', async (format, type, body) => {
    const { send } = audioApp();
    const response = await send(form({ model: 'svc-audio', file: wav(), response_format: format }));
    expect(response.headers.get('content-type')).toMatch(type);
    expect(await response.text()).toBe(body);
  });

  it.each([
    ['no file', { model: 'svc-audio' }, 'file', /'file' is required/],
    ['a text field as file', { model: 'svc-audio', file: 'not a file' }, 'file', /must be a file part/],
    ['an empty file', { model: 'svc-audio', file: new File([], 'a.wav') }, 'file', /is empty/],
    ['no model', { file: wav() }, 'model', /'model' is required/],
    ['a chat model', { model: 'svc-chat', file: wav() }, 'model', /use svc-audio here/],
    [
      'a bad format',
      { model: 'svc-audio', file: wav(), response_format: 'verbose_json' },
      'response_format',
      /json, text, srt or vtt/,
    ],
    [
      'a bad temperature',
      { model: 'svc-audio', file: wav(), temperature: 'warm' },
      'temperature',
      /from 0 to 1/,
    ],
    [
      'a bad language',
      { model: 'svc-audio', file: wav(), language: 'english please' },
      'language',
      /language code/,
    ],
  ])('rejects %s naming the param', async (_case, fields, param, message) => {
    const { send } = audioApp();
    const response = await send(form(fields as Record<string, string | File>));
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.param).toBe(param);
    expect(error.message).toMatch(message);
  });

  it('answers 404 model_not_found for an unknown model', async () => {
    const { send } = audioApp();
    expect((await errorOf(await send(form({ model: 'whisper-1', file: wav() })))).code).toBe(
      'model_not_found',
    );
  });

  it('refuses a JSON body and a broken multipart body with 400', async () => {
    const { send } = audioApp();
    const json = await send(JSON.stringify({ model: 'svc-audio' }), { 'content-type': 'application/json' });
    expect(json.status).toBe(400);
    expect((await errorOf(json)).message).toMatch(/multipart\/form-data/);
    const broken = await send('--x\r\nnonsense', { 'content-type': 'multipart/form-data; boundary=x' });
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).message).toMatch(/could not be parsed/);
  });

  it('refuses files over the audio body limit with 413', async () => {
    const { send } = audioApp({ SVC_BODY_LIMITS: 'audio=8KiB' });
    const big = new File([new Uint8Array(9000)], 'big.wav');
    const response = await send(form({ model: 'svc-audio', file: big }));
    expect(response.status).toBe(413);
    expect((await errorOf(response)).message).toMatch(/8 KiB.*SVC_BODY_LIMITS/);
  });

  it('answers 503 engine_unavailable when no engine serves audio', async () => {
    const { app } = testApp();
    const response = await app.request('/audio/transcriptions', {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}` },
      body: form({ model: 'svc-audio', file: wav() }),
    });
    expect(response.status).toBe(503);
    expect((await errorOf(response)).message).toMatch(/SVC_UPSTREAM_URL/);
  });
});

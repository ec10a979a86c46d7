/**
 * What ffmpeg may read, and how long audio may be: uploads that name other files (playlists, concat
 * lists) are refused before ffmpeg runs, the same whether the named file exists or not; audio longer
 * than the limit is refused from its header, or when decoding reaches the limit if the header lies.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../../server/engines/engine';
import { createLocalAudioEngine } from '../../../server/engines/audio-local';
import { detectAudioFormat } from '../../../server/engines/audio-local/audio-format';
import { FliteAudio } from './support/flite-audio';
import { silentFlac } from './support/silence';

const dir = mkdtempSync(path.join(os.tmpdir(), 'audio-limits-'));
const audio = new FliteAudio();
let spoken = '';
let tenMinutes: Uint8Array = new Uint8Array();

beforeAll(() => {
  spoken = audio.speak('the weather will be sunny tomorrow');
  // An MP3 of speech that the service could transcribe if it followed a playlist to it.
  execFileSync('ffmpeg', ['-v', 'error', '-i', spoken, '-y', path.join(dir, 'secret.mp3')]);
  tenMinutes = silentFlac(dir, 600).bytes;
}, 60_000);

afterAll(() => {
  audio.remove();
  rmSync(dir, { recursive: true, force: true });
});

const signal = () => new AbortController().signal;

async function refusal(
  engine: ReturnType<typeof createLocalAudioEngine>,
  file: Uint8Array,
  filename: string,
) {
  const outcome = await engine
    .transcribe({ file, filename, contentType: '', model: 'svc-audio' }, { signal: signal() })
    .then(
      (transcript) => transcript,
      (e: unknown) => e,
    );
  if (!(outcome instanceof EngineError))
    throw new Error(`expected a refusal, got ${JSON.stringify(outcome)}`);
  return outcome;
}

const text = (value: string) => new TextEncoder().encode(value);

describe('what ffmpeg may read', () => {
  const engine = createLocalAudioEngine();

  it('refuses an HLS playlist naming a local file, exactly as one naming a missing file', async () => {
    const existing = await refusal(
      engine,
      text(`#EXTM3U\n#EXTINF:3,\n${path.join(dir, 'secret.mp3')}\n#EXT-X-ENDLIST\n`),
      'a.m3u8',
    );
    const missing = await refusal(
      engine,
      text(`#EXTM3U\n#EXTINF:3,\n${path.join(dir, 'nothing.mp3')}\n#EXT-X-ENDLIST\n`),
      'a.m3u8',
    );
    expect(existing.status).toBe(400);
    expect(existing.body.param).toBe('file');
    expect(existing.body.message).toMatch(/not in an accepted audio format/);
    expect(missing.status).toBe(existing.status);
    expect(missing.body).toEqual(existing.body);
  });

  it('refuses concat lists, SDP and other texts that make ffmpeg open files or URLs', async () => {
    for (const body of [
      `ffconcat version 1.0\nfile '${path.join(dir, 'secret.mp3')}'\n`,
      'v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nm=audio 5004 RTP/AVP 0\n',
      `file:${path.join(dir, 'secret.mp3')}`,
    ]) {
      const error = await refusal(engine, text(body), 'x.txt');
      expect(error.body.message).toMatch(/not in an accepted audio format/);
    }
  });

  it('knows the accepted containers by their first bytes', () => {
    expect(detectAudioFormat(readFileSync(path.join(dir, 'secret.mp3')))?.demuxer).toBe('mp3');
    expect(detectAudioFormat(tenMinutes)?.demuxer).toBe('flac');
    expect(detectAudioFormat(readFileSync(spoken))?.demuxer).toBe('wav');
    expect(detectAudioFormat(text('#EXTM3U\n'))).toBeNull();
  });
});

describe('how long audio may be', () => {
  it('refuses audio longer than maxSeconds from its header, naming file and the variable', async () => {
    const engine = createLocalAudioEngine({ maxSeconds: 60 });
    const error = await refusal(engine, tenMinutes, 'ten.flac');
    expect(error.status).toBe(400);
    expect(error.body.param).toBe('file');
    expect(error.body.message).toMatch(
      /The audio is 10 min long; this service transcribes at most 60 s \(SVC_AUDIO_MAX_SECONDS\)/,
    );
  });

  it('stops decoding at the limit when the length cannot be read first', async () => {
    // An ffmpeg with no ffprobe beside it: the header is not read, so decoding is what stops it.
    const bare = mkdtempSync(path.join(dir, 'bare-'));
    symlinkSync(execFileSync('sh', ['-c', 'command -v ffmpeg']).toString().trim(), path.join(bare, 'ffmpeg'));
    const engine = createLocalAudioEngine({ maxSeconds: 30, tools: { ffmpeg: path.join(bare, 'ffmpeg') } });
    const error = await refusal(engine, tenMinutes, 'ten.flac');
    expect(error.status).toBe(400);
    expect(error.body.message).toMatch(/longer than that; this service transcribes at most 30 s/);
  });

  it('still transcribes audio within the limit', async () => {
    const engine = createLocalAudioEngine({ maxSeconds: 60 });
    const transcript = await engine.transcribe(
      {
        file: readFileSync(path.join(dir, 'secret.mp3')),
        filename: 's.mp3',
        contentType: 'audio/mpeg',
        model: 'svc-audio',
      },
      { signal: signal() },
    );
    expect(transcript.text).toMatch(/weather/);
  });
});

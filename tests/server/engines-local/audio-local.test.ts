import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalAudioEngine } from '../../../server/engines/audio-local';
import { EngineError, type AudioInput, type Transcript } from '../../../server/engines/engine';
import { wordErrorRate } from './support/error-rates';
import { FliteAudio } from './support/flite-audio';

const SENTENCES = [
  'the quick brown fox jumps over the lazy dog',
  'please call me back after the meeting this afternoon',
  'we need three more chairs for the kitchen table',
  'the weather will be sunny and warm tomorrow',
  'turn left at the next traffic light',
];

const audio = new FliteAudio();
const clips: string[] = [];
let long = '';
const engine = createLocalAudioEngine({ maxConcurrent: 2, maxQueued: 4 });

beforeAll(() => {
  for (const sentence of SENTENCES) clips.push(audio.speak(sentence));
  long = audio.join([...clips, ...clips], 0.3);
}, 60_000);

afterAll(() => audio.remove());

function input(file: string, extra: Partial<AudioInput> = {}): AudioInput {
  return {
    file: audio.read(file),
    filename: file.split('/').pop() ?? 'audio',
    contentType: '',
    model: 'svc-audio',
    ...extra,
  };
}

const run = (
  file: string,
  extra: Partial<AudioInput> = {},
  signal = new AbortController().signal,
): Promise<Transcript> => engine.transcribe(input(file, extra), { signal });

async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

// Generous limits: recognition is CPU-bound and CI machines are shared; the figures that matter are in the bench.
describe('local audio engine', () => {
  it('transcribes flite speech with a word error rate under 15 %', async () => {
    const transcripts = await Promise.all(clips.map((clip) => run(clip, { language: 'en' })));
    const pairs = transcripts.map((t, i) => ({ reference: SENTENCES[i] ?? '', hypothesis: t.text }));
    const wer = wordErrorRate(pairs);
    console.info(`audio word error rate over ${pairs.length} flite sentences: ${(wer * 100).toFixed(1)} %`);
    for (const pair of pairs) console.info(`  ref: ${pair.reference}\n  hyp: ${pair.hypothesis}`);
    expect(wer).toBeLessThan(0.15);
  });

  it('converts FLAC with ffmpeg and gives segments that increase and cover the duration', async () => {
    const file = audio.join(clips.slice(0, 3), 1.5, 'flac');
    const duration = audio.duration(file);
    const transcript = await run(file, { language: 'en-US' });
    const { segments } = transcript;
    expect(transcript.duration).toBeCloseTo(duration, 1);
    expect(segments.length).toBeGreaterThanOrEqual(3);
    let previousEnd = 0;
    for (const segment of segments) {
      expect(segment.start).toBeGreaterThanOrEqual(previousEnd);
      expect(segment.end).toBeGreaterThan(segment.start);
      expect(segment.text).not.toBe('');
      previousEnd = segment.end;
    }
    expect(segments[0]?.start).toBeLessThan(0.6);
    expect(previousEnd).toBeGreaterThan(duration - 0.6);
    expect(previousEnd).toBeLessThanOrEqual(duration + 0.05);
    expect(transcript.text).toBe(segments.map((s) => s.text).join(' '));
  });

  it('converts 44.1 kHz stereo WAV to what the recogniser reads', async () => {
    const file = audio.join([clips[2] ?? ''], 0, 'wav', 44100, 2);
    const transcript = await run(file, { language: 'auto' });
    expect(wordErrorRate([{ reference: SENTENCES[2] ?? '', hypothesis: transcript.text }])).toBeLessThan(0.3);
  });

  it.each(['fr', 'de-DE', 'zh'])('refuses language %s with a 400 naming language', async (language) => {
    const error = await failure(run(clips[0] ?? '', { language }));
    expect(error.status).toBe(400);
    expect(error.body).toMatchObject({
      param: 'language',
      type: 'invalid_request_error',
      code: 'invalid_request_error',
    });
    expect(error.body.message).toContain(`"${language}"`);
  });

  it('refuses bytes that are not audio with a 400 naming file', async () => {
    const error = await failure(
      engine.transcribe(
        { ...input(clips[0] ?? ''), file: new TextEncoder().encode('not audio at all') },
        { signal: new AbortController().signal },
      ),
    );
    expect(error.status).toBe(400);
    expect(error.body.param).toBe('file');
    expect(error.body.message).toContain('not in an accepted audio format');
  });

  it('says exactly what to install when pocketsphinx is missing', async () => {
    const missing = createLocalAudioEngine({ tools: { pocketsphinx: 'pocketsphinx_not_installed_here' } });
    const error = await failure(
      missing.transcribe(input(clips[0] ?? ''), { signal: new AbortController().signal }),
    );
    expect(error.status).toBe(503);
    expect(error.body).toMatchObject({ type: 'server_error', code: 'engine_unavailable' });
    expect(error.body.message).toContain('pocketsphinx');
    expect(error.body.message).toContain('apt-get install -y pocketsphinx pocketsphinx-en-us ffmpeg');
  });

  it('reads 16 kHz mono WAV without ffmpeg, and asks for ffmpeg only when converting', async () => {
    const noFfmpeg = createLocalAudioEngine({ tools: { ffmpeg: 'ffmpeg_not_installed_here' } });
    const signal = new AbortController().signal;
    const native = await noFfmpeg.transcribe(input(clips[3] ?? ''), { signal });
    expect(native.text).toBe(SENTENCES[3]);
    const error = await failure(
      noFfmpeg.transcribe(input(audio.join([clips[3] ?? ''], 0, 'flac')), { signal }),
    );
    expect(error.status).toBe(503);
    expect(error.body.message).toContain('ffmpeg');
  });

  it('answers 429 when every slot and queue place is taken', async () => {
    const busy = createLocalAudioEngine({ maxConcurrent: 1, maxQueued: 1 });
    const controller = new AbortController();
    const first = busy.transcribe(input(long), { signal: controller.signal });
    const second = busy.transcribe(input(long), { signal: controller.signal });
    const error = await failure(busy.transcribe(input(clips[0] ?? ''), { signal: controller.signal }));
    expect(error.status).toBe(429);
    expect(error.body).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    controller.abort(new Error('test finished'));
    await Promise.allSettled([first, second]);
  });

  it('kills the recogniser when the client goes away', async () => {
    const controller = new AbortController();
    let pid = 0;
    const watched = createLocalAudioEngine({
      onSpawn: (command, childPid) => {
        if (command !== 'pocketsphinx') return;
        pid = childPid;
        controller.abort(new Error('client disconnected'));
      },
    });
    await expect(watched.transcribe(input(long), { signal: controller.signal })).rejects.toThrow(
      'client disconnected',
    );
    expect(pid).toBeGreaterThan(0);
    expect(processGone(pid)).toBe(true);
  });

  it('stops a transcription that runs past the time limit, with a server_error', async () => {
    let pid = 0;
    const hasty = createLocalAudioEngine({
      timeoutMs: 300,
      onSpawn: (_command, childPid) => (pid = childPid),
    });
    const error = await failure(hasty.transcribe(input(long), { signal: new AbortController().signal }));
    expect(error.status).toBe(500);
    expect(error.body).toMatchObject({ type: 'server_error', code: 'engine_timeout' });
    expect(processGone(pid)).toBe(true);
  });
});

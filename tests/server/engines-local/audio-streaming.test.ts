/**
 * Decoded audio goes from ffmpeg to the recogniser through a FIFO: it is never written to disk nor
 * held whole in memory, a header that lies about the length changes nothing, and the private
 * temporary folder is gone after every outcome. The engine's temporary folders go to a folder of
 * this test's own (TMPDIR, read by os.tmpdir() on each call), so they can be watched.
 */
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalAudioEngine, type LocalAudioOptions } from '../../../server/engines/audio-local';
import { EngineError, type Transcript } from '../../../server/engines/engine';
import { FliteAudio } from './support/flite-audio';
import { silentAudio, silentFlac, withoutLength } from './support/silence';

const fixtures = mkdtempSync(path.join(os.tmpdir(), 'audio-streaming-'));
const engineTmp = mkdtempSync(path.join(os.tmpdir(), 'audio-streaming-engine-'));
const previousTmp = process.env.TMPDIR;
const audio = new FliteAudio();
let speech: Uint8Array = new Uint8Array();
let tenMinutes = new Uint8Array(0);

/** A WAV whose RIFF and data chunk sizes claim about 4 GB, whatever it holds. */
function claimingFourGigabytes(wav: Uint8Array): Uint8Array {
  const copy = Buffer.from(wav);
  copy.writeUInt32LE(0xfffffff8, 4);
  copy.writeUInt32LE(0xfffffff0, copy.indexOf('data') + 4);
  return new Uint8Array(copy);
}

beforeAll(() => {
  speech = audio.read(audio.speak('the weather will be sunny tomorrow'));
  tenMinutes = silentFlac(fixtures, 600).bytes;
  process.env.TMPDIR = engineTmp;
}, 60_000);

afterAll(() => {
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  audio.remove();
  rmSync(fixtures, { recursive: true, force: true });
  rmSync(engineTmp, { recursive: true, force: true });
});

/** What the engine's temporary folders hold right now: regular-file bytes, and whether a FIFO is there. */
function tmpContents(): { fileBytes: number; fifo: boolean; entries: number } {
  let fileBytes = 0;
  let fifo = false;
  let entries = 0;
  for (const folder of readdirSync(engineTmp)) {
    entries += 1;
    const inside = path.join(engineTmp, folder);
    // The engine may remove the folder between the two reads.
    const names = (() => {
      try {
        return readdirSync(inside);
      } catch {
        return [];
      }
    })();
    for (const name of names) {
      const stats = lstatSync(path.join(inside, name), { throwIfNoEntry: false });
      if (stats?.isFIFO()) fifo = true;
      else if (stats?.isFile()) fileBytes += stats.size;
    }
  }
  return { fileBytes, fifo, entries };
}

async function outcome(
  file: Uint8Array,
  options: LocalAudioOptions = {},
  signal = new AbortController().signal,
): Promise<Transcript | EngineError | Error> {
  const engine = createLocalAudioEngine(options);
  return engine
    .transcribe({ file, filename: 'upload', contentType: '', model: 'svc-audio' }, { signal })
    .catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
}

describe('decoded audio streams to the recogniser', () => {
  it('stops a FLAC whose header gives no length once decoding passes the limit; only the upload is on disk', async () => {
    const bomb = withoutLength(tenMinutes);
    let most = { fileBytes: 0, fifo: false, entries: 0 };
    const watch = setInterval(() => {
      const now = tmpContents();
      most = { fileBytes: Math.max(most.fileBytes, now.fileBytes), fifo: most.fifo || now.fifo, entries: 0 };
    }, 5);
    const result = await outcome(bomb, { maxSeconds: 60 });
    clearInterval(watch);
    expect(result).toBeInstanceOf(EngineError);
    const error = result as EngineError;
    expect(error.status).toBe(400);
    expect(error.body.param).toBe('file');
    expect(error.body.message).toMatch(/longer than that; this service transcribes at most 60 s/);
    expect(most.fifo).toBe(true);
    // 60 s of decoded audio would be 1.9 MB; the upload is a fraction of that.
    expect(most.fileBytes).toBeLessThanOrEqual(bomb.length);
    expect(tmpContents().entries).toBe(0);
  });

  it('transcribes what a 16 kHz WAV holds when its header claims 4 GB, without allocating for the claim', async () => {
    const before = process.memoryUsage().rss;
    const result = await outcome(claimingFourGigabytes(speech));
    expect(result).not.toBeInstanceOf(Error);
    const transcript = result as Transcript;
    expect(transcript.text).toMatch(/weather/);
    expect(transcript.duration).toBeLessThan(10);
    expect((process.memoryUsage().rss - before) / 1e6).toBeLessThan(100);
  });

  it('decodes what an 8 kHz WAV holds when its header claims 4 GB', async () => {
    const narrow = silentAudio(fixtures, 2, 'wav').bytes;
    const result = await outcome(claimingFourGigabytes(narrow));
    expect(result).not.toBeInstanceOf(Error);
    expect((result as Transcript).duration).toBeCloseTo(2, 1);
  });
});

describe('the temporary folder', () => {
  const junkFlac = () => new TextEncoder().encode(`fLaC${'\u0000junk'.repeat(50)}`);
  it.each([
    ['a transcription', () => speech, {}, 200],
    ['audio refused from its header', () => tenMinutes, { maxSeconds: 60 }, 400],
    ['audio refused while decoding', () => withoutLength(tenMinutes), { maxSeconds: 60 }, 400],
    ['a file ffmpeg cannot decode', junkFlac, {}, 400],
    ['a time-out', () => withoutLength(tenMinutes), { timeoutMs: 150 }, 500],
  ] as const)('is removed after %s', async (_name, file, options, status) => {
    const result = await outcome(file(), options);
    expect(result instanceof EngineError ? result.status : result instanceof Error ? result : 200).toBe(
      status,
    );
    expect(tmpContents().entries).toBe(0);
  });

  it('is removed, and both children are gone, when the client leaves mid-decoding', async () => {
    const controller = new AbortController();
    const pids: number[] = [];
    const result = await outcome(
      withoutLength(tenMinutes),
      {
        onSpawn: (command, pid) => {
          pids.push(pid);
          if (command === 'pocketsphinx') setTimeout(() => controller.abort(new Error('client left')), 50);
        },
      },
      controller.signal,
    );
    expect(result).toEqual(new Error('client left'));
    expect(tmpContents().entries).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });

  it('says a file ffmpeg cannot decode is not decodable, without naming the temporary path', async () => {
    const result = await outcome(junkFlac());
    expect(result).toBeInstanceOf(EngineError);
    const error = result as EngineError;
    expect(error.status).toBe(400);
    expect(error.body.message).toMatch(/^The audio was not transcribed: the FLAC file could not be decoded/);
    expect(error.body.message).not.toContain(engineTmp);
  });
});

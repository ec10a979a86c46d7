/**
 * Audio uploads that once read local files or blew up memory (findings of an attack with a valid
 * key), through the whole service with the real local engine: a playlist naming a local file, and
 * 6.9 MB of FLAC holding 10 hours of silence (once a 1.13 GB temporary WAV read whole into memory),
 * with its length in its header and without. The work is counted in the tools the engine starts
 * (none for a playlist, only ffprobe for a length it can read) and in GET /models answered while an
 * upload is decoded (work-meter.ts); the milliseconds are in `npm run bench` (hostile requests).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalAudioEngine } from '../../../server/engines/audio-local';
import { silentFlac, transcriptionForm, withoutLength } from '../engines-local/support/silence';
import { errorOf, KEY, testApp } from '../support/test-app';
import { meterWork } from './work-meter';

const dir = mkdtempSync(path.join(os.tmpdir(), 'hostile-audio-'));
let bomb = new Uint8Array(0);

beforeAll(() => {
  bomb = silentFlac(dir, 36_000).bytes;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The tools the engine started, in order. */
let spawned: string[] = [];

const { app } = testApp(
  { SVC_RATE_LIMITS: 'audio=100000' },
  { engines: { 'svc-audio': createLocalAudioEngine({ onSpawn: (command) => spawned.push(command) }) } },
);

async function upload(bytes: Uint8Array<ArrayBuffer>, filename: string) {
  const before = process.memoryUsage().rss;
  spawned = [];
  const report = await meterWork(app, async () => {
    const response = await app.request('/v1/audio/transcriptions', {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}` },
      body: transcriptionForm(bytes, filename),
    });
    return { status: response.status, error: response.status >= 400 ? await errorOf(response) : null };
  });
  return {
    ...report.result,
    spawned,
    probesMeanwhile: report.probesMeanwhile,
    rssGrowthMb: (process.memoryUsage().rss - before) / 1e6,
  };
}

describe('hostile audio uploads', () => {
  it('refuses a playlist naming a local file before any tool reads it, saying nothing about whether it exists', async () => {
    const secret = path.join(dir, 'secret.wav');
    execFileSync('flite', ['-t', 'private words', '-o', secret]);
    const existing = await upload(
      new TextEncoder().encode(`#EXTM3U\n#EXTINF:2,\n${secret}\n#EXT-X-ENDLIST\n`),
      'x.m3u8',
    );
    const missing = await upload(
      new TextEncoder().encode(`#EXTM3U\n#EXTINF:2,\n${secret}.gone\n#EXT-X-ENDLIST\n`),
      'x.m3u8',
    );
    expect(existing.status).toBe(400);
    expect(existing.error?.param).toBe('file');
    expect(existing.error?.message).toMatch(/not in an accepted audio format/);
    expect(missing).toMatchObject({ status: existing.status, error: existing.error });
    expect([...existing.spawned, ...missing.spawned]).toEqual([]);
  });

  it('refuses 10 hours of FLAC from its header, decoding none of it', async () => {
    const result = await upload(bomb, 'ten-hours.flac');
    expect(result.status).toBe(400);
    expect(result.error?.param).toBe('file');
    expect(result.error?.message).toMatch(
      /10\.0 h long; this service transcribes at most 2\.0 h \(SVC_AUDIO_MAX_SECONDS\)/,
    );
    // Only the length probe ran: no decoder, no recogniser.
    expect(result.spawned).toEqual(['ffprobe']);
    expect(result.rssGrowthMb).toBeLessThan(100);
  });

  it('refuses 10 hours of FLAC whose header gives no length once decoding passes the limit, in bounded memory', async () => {
    // ffprobe can tell nothing, so the decoded bytes decide.
    const result = await upload(withoutLength(bomb), 'ten-hours.flac');
    expect(result.status).toBe(400);
    expect(result.error?.param).toBe('file');
    expect(result.error?.message).toMatch(
      /longer than that; this service transcribes at most 2\.0 h \(SVC_AUDIO_MAX_SECONDS\)/,
    );
    expect(result.spawned).toEqual(['ffprobe', 'ffmpeg', 'pocketsphinx']);
    // The decoding ran beside the event loop, not on it.
    expect(result.probesMeanwhile).toBeGreaterThan(0);
    expect(result.rssGrowthMb).toBeLessThan(100);
  });
});

/**
 * Audio uploads that once read local files or blew up memory (findings of an attack with a valid
 * key), through the whole service with the real local engine: a playlist naming a local file, and
 * 6.9 MB of FLAC holding 10 hours of silence (once a 1.13 GB temporary WAV read whole into memory),
 * with its length in its header and without.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalAudioEngine } from '../../../server/engines/audio-local';
import { silentFlac, transcriptionForm, withoutLength } from '../engines-local/support/silence';
import { errorOf, KEY, testApp } from '../support/test-app';
import { LOOP_BUDGET_MS, underLoad } from './under-load';

const dir = mkdtempSync(path.join(os.tmpdir(), 'hostile-audio-'));
let bomb = new Uint8Array(0);

beforeAll(() => {
  bomb = silentFlac(dir, 36_000).bytes;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { app } = testApp(
  { SVC_RATE_LIMITS: 'audio=100000' },
  { engines: { 'svc-audio': createLocalAudioEngine() } },
);

async function upload(bytes: Uint8Array<ArrayBuffer>, filename: string) {
  const before = process.memoryUsage().rss;
  const report = await underLoad(app, async () => {
    const response = await app.request('/v1/audio/transcriptions', {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}` },
      body: transcriptionForm(bytes, filename),
    });
    return { status: response.status, error: response.status >= 400 ? await errorOf(response) : null };
  });
  expect(report.maxLoopDelayMs).toBeLessThan(LOOP_BUDGET_MS);
  expect(report.slowestModelsMs).toBeLessThan(LOOP_BUDGET_MS);
  return { ...report.result, rssGrowthMb: (process.memoryUsage().rss - before) / 1e6 };
}

describe('hostile audio uploads', { timeout: 30_000 }, () => {
  it('refuses a playlist naming a local file, saying nothing about whether it exists', async () => {
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
  });

  it('refuses 10 hours of FLAC from its header, quickly and without the memory it would decode to', async () => {
    const started = performance.now();
    const result = await upload(bomb, 'ten-hours.flac');
    expect(result.status).toBe(400);
    expect(result.error?.param).toBe('file');
    expect(result.error?.message).toMatch(
      /10\.0 h long; this service transcribes at most 2\.0 h \(SVC_AUDIO_MAX_SECONDS\)/,
    );
    expect(performance.now() - started).toBeLessThan(10_000);
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
    expect(result.rssGrowthMb).toBeLessThan(100);
  });
});

/**
 * The hostile suite's vision, audio and upstream cases for the bench, with the engines they need.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { ModelEngines } from '../../server/app';
import { createApp } from '../../server/app';
import { resolveConfig } from '../../server/config';
import { createLocalAudioEngine } from '../../server/engines/audio-local';
import { closeOcrWorker, createLocalVisionEngine } from '../../server/engines/vision-local';
import {
  silentFlac,
  transcriptionForm,
  withoutLength,
} from '../../tests/server/engines-local/support/silence';
import { startUnterminatedEventUpstream } from '../../tests/server/hostile/hostile-upstream';
import { KEY } from '../../tests/server/support/test-app';
import { postStatus, type HostileCase } from '../hostile.bench';

async function blankPng(width: number, height: number): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export async function hostileMediaCases(): Promise<{
  engines: Partial<ModelEngines>;
  cases: HostileCase[];
  close: () => Promise<void>;
}> {
  const [big, large, small] = await Promise.all([blankPng(7000, 7000), blankPng(6000, 4000), blankPng(8, 8)]);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hostile-bench-'));
  const { file: flac, bytes: bomb } = silentFlac(dir, 36_000);
  const upload = async (
    app: Parameters<HostileCase['run']>[0],
    bytes: Uint8Array<ArrayBuffer>,
    filename: string,
  ) => {
    const response = await app.request('/v1/audio/transcriptions', {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}` },
      body: transcriptionForm(bytes, filename),
    });
    await response.arrayBuffer();
    return response.status;
  };
  const upstream = await startUnterminatedEventUpstream();
  const upstreamApp = createApp(resolveConfig({ SVC_API_KEYS: KEY, SVC_UPSTREAM_URL: upstream.url }), {
    log: () => undefined,
  });
  const image = (url: string, detail = 'auto') => ({ type: 'image_url', image_url: { url, detail } });
  const analyze = (content: unknown[]) => ({ model: 'svc-vision', messages: [{ role: 'user', content }] });
  const cases: HostileCase[] = [
    {
      name: 'vision: a 24,000,000-character text part',
      run: (app) =>
        postStatus(
          app,
          '/v1/vision/analyze',
          analyze([{ type: 'text', text: 'x'.repeat(24_000_000) }, image(small)]),
        ),
    },
    {
      name: 'vision: 3 requests of 8 × 49-megapixel images at once',
      run: async (app) => {
        const body = analyze(Array.from({ length: 8 }, () => image(big)));
        const statuses = await Promise.all([1, 2, 3].map(() => postStatus(app, '/v1/vision/analyze', body)));
        return Math.max(...statuses);
      },
    },
    {
      name: 'vision: 4.9 million tokens of text',
      run: (app) =>
        postStatus(
          app,
          '/v1/vision/analyze',
          analyze([{ type: 'text', text: 'a '.repeat(4_900_000) }, image(small)]),
        ),
    },
    {
      name: 'vision: 3 requests of one 24-megapixel image at once (read one at a time)',
      run: async (app) => {
        const body = analyze([image(large, 'low')]);
        const statuses = await Promise.all([1, 2, 3].map(() => postStatus(app, '/v1/vision/analyze', body)));
        return Math.max(...statuses);
      },
    },
    {
      name: 'audio: 6.9 MB of FLAC holding 10 hours of silence',
      run: (app) => upload(app, bomb, 'ten-hours.flac'),
    },
    {
      name: 'audio: the same FLAC with no length in its header (decoded up to the limit)',
      run: (app) => upload(app, withoutLength(bomb), 'ten-hours.flac'),
    },
    {
      name: 'audio: an HLS playlist naming a local file',
      run: (app) =>
        upload(app, new TextEncoder().encode(`#EXTM3U\n#EXTINF:1,\n${flac}\n#EXT-X-ENDLIST\n`), 'x.m3u8'),
    },
    {
      name: 'upstream: one unterminated event over 10 MB of lines',
      run: () =>
        postStatus(upstreamApp, '/v1/chat/completions', {
          model: 'svc-chat',
          messages: [{ role: 'user', content: 'hi' }],
        }),
    },
  ];
  return {
    engines: { 'svc-vision': createLocalVisionEngine(), 'svc-audio': createLocalAudioEngine() },
    cases,
    close: async () => {
      await upstream.close();
      await closeOcrWorker();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

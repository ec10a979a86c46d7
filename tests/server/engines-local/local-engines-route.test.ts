import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import { createLocalAudioEngine } from '../../../server/engines/audio-local';
import { closeOcrWorker, createLocalVisionEngine } from '../../../server/engines/vision-local';
import { FliteAudio } from './support/flite-audio';

// The local engines behind the real routes: error shapes and subtitle cue times as a client sees them.
const KEY = 'local-engines-key';
const app = createApp(resolveConfig({ SVC_API_KEYS: KEY }), {
  log: () => undefined,
  engines: { 'svc-vision': createLocalVisionEngine(), 'svc-audio': createLocalAudioEngine() },
});
const audio = new FliteAudio();
let speech = '';

beforeAll(() => {
  speech = audio.join(
    [
      audio.speak('turn left at the next traffic light'),
      audio.speak('the weather will be sunny and warm tomorrow'),
    ],
    1.2,
  );
}, 60_000);

afterAll(async () => {
  audio.remove();
  await closeOcrWorker();
});

const auth = { authorization: `Bearer ${KEY}` };

async function transcribe(format: string, language?: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(audio.read(speech))], { type: 'audio/wav' }), 'speech.wav');
  form.append('model', 'svc-audio');
  form.append('response_format', format);
  if (language) form.append('language', language);
  return app.request('/v1/audio/transcriptions', { method: 'POST', headers: auth, body: form });
}

/** Asks svc-vision with a JSON body of `fields` besides the model. */
async function analyze(fields: Record<string, unknown>): Promise<Response> {
  return app.request('/v1/vision/analyze', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'svc-vision', ...fields }),
  });
}

/** An 8×8 green PNG as a data: URL. */
async function greenPngUrl(): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

function cueTimes(body: string): number[][] {
  return [...body.matchAll(/(\d\d):(\d\d):(\d\d)[,.](\d{3}) --> (\d\d):(\d\d):(\d\d)[,.](\d{3})/g)].map(
    (m) => {
      const t = (i: number) =>
        Number(m[i]) * 3600 + Number(m[i + 1]) * 60 + Number(m[i + 2]) + Number(m[i + 3]) / 1000;
      return [t(1), t(5)];
    },
  );
}

describe('local engines through the routes', () => {
  it('answers srt and vtt whose cue times increase and cover the audio', async () => {
    const duration = audio.duration(speech);
    for (const format of ['srt', 'vtt']) {
      const response = await transcribe(format, 'en');
      expect(response.status).toBe(200);
      const cues = cueTimes(await response.text());
      expect(cues.length).toBeGreaterThanOrEqual(2);
      let previousEnd = 0;
      for (const [start = 0, end = 0] of cues) {
        expect(start).toBeGreaterThanOrEqual(previousEnd);
        expect(end).toBeGreaterThan(start);
        previousEnd = end;
      }
      expect(cues[0]?.[0]).toBeLessThan(0.6);
      expect(previousEnd).toBeGreaterThan(duration - 0.6);
    }
  });

  it('answers another language with a 400 naming language', async () => {
    const response = await transcribe('json', 'fr');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { param: 'language', type: 'invalid_request_error' },
    });
  });

  it('answers an image at a private address with a 400 naming the image part', async () => {
    const response = await analyze({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What colour is it?' },
            { type: 'image_url', image_url: { url: await greenPngUrl() } },
            { type: 'image_url', image_url: { url: 'http://[::ffff:169.254.169.254]/latest/meta-data/' } },
          ],
        },
      ],
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { param: string; message: string } };
    expect(body.error.param).toBe('messages[0].content[2].image_url.url');
    expect(body.error.message).toContain('metadata');
  });

  it('answers an image in the chat-completion shape with usage', async () => {
    const response = await analyze({
      detail: 'low',
      messages: [
        {
          role: 'user',
          content: [{ type: 'image_url', image_url: { url: await greenPngUrl() } }],
        },
      ],
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      choices: { message: { content: string } }[];
      usage: { completion_tokens: number };
    };
    expect(body.choices[0]?.message.content).toContain('8 × 8 pixels');
    expect(body.choices[0]?.message.content).toMatch(/green `#00ff00`/);
    expect(body.usage.completion_tokens).toBeGreaterThan(0);
  });
});

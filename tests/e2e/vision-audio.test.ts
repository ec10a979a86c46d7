import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sineWav } from '../components/audio/sine-wav';
import { launchBrowser, screenshot } from './support/browser';
import { startService, type RunningService } from './support/start-service';

// The vision and audio pages end to end against `npm start`. Until local vision/audio engines are
// wired in, the service answers 503 engine_unavailable for them; the pages must then show that
// clearly, and once engines answer, show the result. Either is checked to be rendered right.
let service: RunningService;
let browser: Browser;

beforeAll(async () => {
  service = await startService();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

async function openPage(
  route: string,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ colorScheme, viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL(route, service.url).href);
  await expect.poll(() => page.getByTestId('health').textContent(), { timeout: 15_000 }).toMatch(/healthy/i);
  return { page, errors };
}

/** Waits for the result region or the shared error panel, whichever the server's answer brings. */
async function outcome(page: Page, region: string): Promise<'result' | 'error'> {
  const result = page.getByRole('region', { name: region });
  const alert = page.getByRole('alert');
  await expect
    .poll(async () => (await result.count()) + (await alert.count()), { timeout: 45_000 })
    .toBeGreaterThan(0);
  return (await result.count()) > 0 ? 'result' : 'error';
}

describe('vision page against npm start', () => {
  it('previews URLs in the browser, sends a local image as a data: URL and renders the answer or the 503', async () => {
    const { page, errors } = await openPage('/vision');
    await page.getByLabel('Prompt').fill('What colour is this image?');

    // A URL the browser can load is confirmed; one it cannot is flagged before anything is sent.
    await page.getByLabel('Image 1 URL').fill(new URL('/favicon.svg', service.url).href);
    await expect.poll(() => page.getByText('Loads as an image.').count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('button', { name: 'Add image URL' }).click();
    await page.getByLabel('Image 2 URL').fill('http://127.0.0.1:9/missing.png');
    await expect
      .poll(() => page.getByText(/could not load this as an image/).count(), { timeout: 10_000 })
      .toBe(1);
    // The server refuses loopback URLs (SSRF protection), so only the local file is sent.
    await page.getByRole('button', { name: 'Remove image 1' }).click();
    await page.getByRole('button', { name: 'Remove image 1' }).click();

    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#d02020' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Choose image files…')
      .setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByText(/red\.png · .* · image\/png/).count()).toBe(1);
    await page.getByRole('button', { name: 'Analyze' }).click();

    if ((await outcome(page, 'Analysis')) === 'error') {
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/engine_unavailable/);
    } else {
      await expect.poll(() => page.getByText(/finish_reason/).count()).toBe(1);
    }
    await screenshot(page, 'vision-audio-vision-light');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('audio page against npm start', () => {
  it('reads a WAV’s facts in the browser, transcribes it as srt and renders the cues or the 503', async () => {
    const { page, errors } = await openPage('/audio', 'dark');
    const wav = Buffer.from(sineWav({ ms: 400, hz: 440, sampleRate: 16_000 }));
    await page
      .getByLabel('Choose audio file…')
      .setInputFiles({ name: 'tone.wav', mimeType: 'audio/wav', buffer: wav });
    const chosen = page.getByRole('region', { name: 'Chosen audio' });
    // Chromium reads the duration from the file's own header.
    await expect.poll(() => chosen.textContent(), { timeout: 10_000 }).toContain('0:00.4');
    await page.getByLabel('response_format').selectOption('srt');
    await page.getByRole('button', { name: 'Transcribe' }).click();

    if ((await outcome(page, 'Transcript')) === 'error') {
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/engine_unavailable/);
    } else {
      const transcript = page.getByRole('region', { name: 'Transcript' });
      await expect.poll(() => transcript.getByRole('button', { name: 'Download tone.srt' }).count()).toBe(1);
      await expect.poll(() => page.getByLabel('Play tone.wav').count()).toBe(1);
    }
    await screenshot(page, 'vision-audio-audio-dark');
    expect(errors).toEqual([]);
    await page.close();
  });
});

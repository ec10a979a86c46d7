import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sineWav } from '../components/audio/sine-wav';
import { screenshot } from './support/browser';
import { useServiceAndBrowser } from './support/service-and-browser';

// The vision and audio pages end to end against `npm start`, which serves svc-vision and svc-audio
// with its local engines (image facts + OCR, speech recognition). The 503 a service without them
// answers is covered by the component tests.
const e2e = useServiceAndBrowser();

async function openPage(
  route: string,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ page: Page; errors: string[] }> {
  const page = await e2e.browser.newPage({ colorScheme, viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL(route, e2e.service.url).href);
  await expect.poll(() => page.getByTestId('health').textContent(), { timeout: 120_000 }).toMatch(/healthy/i);
  return { page, errors };
}

/** Waits for the result region; on failure, says what the page showed instead (an error panel). */
async function waitForResult(page: Page, region: string): Promise<void> {
  const result = page.getByRole('region', { name: region });
  const alert = page.getByRole('alert');
  await expect
    .poll(async () => (await result.count()) + (await alert.count()), { timeout: 120_000 })
    .toBeGreaterThan(0);
  if ((await result.count()) === 0)
    throw new Error(`No ${region} region; the page shows: ${await alert.first().textContent()}`);
}

describe('vision page against npm start', () => {
  it('previews URLs in the browser, sends a local image as a data: URL and renders the answer', async () => {
    const { page, errors } = await openPage('/vision');
    await page.getByLabel('Prompt').fill('What colour is this image?');

    // The browser loads this one, but it is this machine, which the service does not fetch (SSRF
    // protection): flagged before anything is sent. One the browser cannot load is flagged too.
    const favicon = new URL('/favicon.svg', e2e.service.url).href;
    await page.getByLabel('Image 1 URL').fill(favicon);
    await expect
      .poll(() => page.getByText('This browser loads it, but the service will refuse it.').count(), {
        timeout: 120_000,
      })
      .toBe(1);
    await page.getByRole('button', { name: 'Add image URL' }).click();
    await page.getByLabel('Image 2 URL').fill('http://127.0.0.1:9/missing.png');
    await expect
      .poll(() => page.getByText(/could not load this as an image/).count(), { timeout: 120_000 })
      .toBe(1);
    const summary = page.getByRole('alert');
    await expect
      .poll(() => summary.textContent(), { timeout: 120_000 })
      .toContain('these 2 images have problems');
    expect(await summary.textContent()).toContain(`Image 1: ${favicon} — 127.0.0.1`);
    expect(await summary.textContent()).toContain(
      'Image 2: http://127.0.0.1:9/missing.png — 127.0.0.1:9 is a loopback address',
    );
    expect(await page.getByRole('button', { name: 'Analyze' }).isDisabled()).toBe(true);
    // So only the local file is sent.
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

    await waitForResult(page, 'Analysis');
    const analysis = page.getByRole('region', { name: 'Analysis' });
    // The local engine reports the image's dominant colour: the generated pixels arrived intact.
    expect(await analysis.textContent()).toMatch(/#d02020/i);
    expect(await analysis.getByText(/finish_reason stop/).count()).toBe(1);
    await screenshot(page, 'vision-audio-vision-light');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('audio page against npm start', () => {
  it('reads a WAV’s facts in the browser, transcribes it as srt and renders it beside a player', async () => {
    const { page, errors } = await openPage('/audio', 'dark');
    const wav = Buffer.from(sineWav({ ms: 400, hz: 440, sampleRate: 16_000 }));
    await page
      .getByLabel('Choose audio file…')
      .setInputFiles({ name: 'tone.wav', mimeType: 'audio/wav', buffer: wav });
    const chosen = page.getByRole('region', { name: 'Chosen audio' });
    // Chromium reads the duration from the file's own header.
    await expect.poll(() => chosen.textContent(), { timeout: 120_000 }).toContain('0:00.4');
    await page.getByLabel('response_format').selectOption('srt');
    await page.getByRole('button', { name: 'Transcribe' }).click();

    await waitForResult(page, 'Transcript');
    const transcript = page.getByRole('region', { name: 'Transcript' });
    expect(await transcript.getByRole('button', { name: 'Download tone.srt' }).count()).toBe(1);
    // Whatever a recogniser hears in a pure tone, the srt parses cleanly (no problems panel).
    expect(await transcript.getByLabel('Play tone.wav').count()).toBe(1);
    expect(await transcript.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'vision-audio-audio-dark');
    expect(errors).toEqual([]);
    await page.close();
  });
});

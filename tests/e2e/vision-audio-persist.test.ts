import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sineWav } from '../components/audio/sine-wav';
import { screenshot } from './support/browser';
import { useServiceAndBrowser } from './support/service-and-browser';

// Issue 29, item 4, in Chromium against `npm start`: the Vision and Audio pages keep their work
// (prompt, images, file, last result) across opening another page and coming back, and across a
// reload. The service is told to fetch loopback images, and the test serves one of its own there.
const e2e = useServiceAndBrowser({ SVC_VISION_ALLOW_PRIVATE_HOSTS: '1' });

let images: Server;
let imageUrl: string;

beforeAll(async () => {
  const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#d02020' } })
    .png()
    .toBuffer();
  images = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
    response.end(png);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/red.png`;
});
afterAll(() => new Promise<void>((resolve) => images.close(() => resolve())));

async function openPage(route: string): Promise<{ page: Page; errors: string[] }> {
  const page = await e2e.browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL(route, e2e.service.url).href);
  await expect.poll(() => page.getByTestId('health').textContent(), { timeout: 120_000 }).toMatch(/healthy/i);
  return { page, errors };
}

/** Waits for the result region; on failure, says what the page showed instead (its alerts). */
async function waitForResult(page: Page, region: string): Promise<string> {
  const result = page.getByRole('region', { name: region });
  try {
    await result.waitFor({ timeout: 120_000 });
  } catch {
    const alerts = await page.getByRole('alert').allTextContents();
    throw new Error(`No ${region} region; the page shows: ${alerts.join(' | ') || 'no alert'}`);
  }
  return (await result.textContent()) ?? '';
}

const goTo = async (page: Page, label: string) => {
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('link', { name: label, exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: label }).waitFor();
};

describe('the Vision and Audio pages keep their work', () => {
  it('keeps the prompt, a URL image, a file image and the analysis across another page and a reload', async () => {
    const { page, errors } = await openPage('/vision');
    await page.getByLabel('Prompt').fill('What colour is this?');
    await page.getByLabel('Image 1 URL').fill(imageUrl);
    // This machine is loopback: the page asks before sending it, and the service was told to fetch it.
    const allow = page.getByLabel(/Send loopback and private addresses anyway/);
    await allow.waitFor();
    await allow.check();
    const green = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#20d020' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Choose image files…')
      .setInputFiles({ name: 'green.png', mimeType: 'image/png', buffer: green });
    await expect.poll(() => page.getByText(/green\.png · .* · image\/png/).count()).toBe(1);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await waitForResult(page, 'Analysis');
    // The reply's markdown blocks are parsed a few at a time: what is compared is the finished view,
    // once no block waits to be parsed (a list still pending reads as its raw "- " text).
    const region = page.getByRole('region', { name: 'Analysis' });
    const shown = () => region.textContent();
    await expect.poll(() => region.locator('[data-md-pending]').count()).toBe(0);
    await expect.poll(shown).not.toContain('###');
    const analysis = (await shown()) ?? '';
    expect(analysis).toMatch(/#d02020/i);

    const expectAllThere = async () => {
      await expect.poll(() => page.getByLabel('Prompt').inputValue()).toBe('What colour is this?');
      expect(await page.getByLabel('Image 1 URL').inputValue()).toBe(imageUrl);
      expect(await page.getByText(/green\.png · .* · image\/png/).count()).toBe(1);
      expect(await page.getByLabel(/Send loopback and private addresses anyway/).isChecked()).toBe(true);
      await expect.poll(shown).toBe(analysis);
      // Nothing is in the way of sending it again.
      expect(await page.getByRole('button', { name: 'Analyze' }).isDisabled()).toBe(false);
    };
    await goTo(page, 'Chat');
    await goTo(page, 'Vision');
    await expectAllThere();

    await page.reload();
    await expectAllThere();
    expect(await page.getByRole('list', { name: 'About your kept work' }).count()).toBe(0);
    await screenshot(page, 'vision-persist-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'vision-persist-dark');

    // Clear empties the page, and Undo clear brings it all back.
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    expect(await page.getByLabel('Prompt').inputValue()).toBe('');
    expect(await page.getByRole('region', { name: 'Analysis' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Undo clear' }).click();
    await expectAllThere();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the chosen WAV and its transcript across another page and a reload', async () => {
    const { page, errors } = await openPage('/audio');
    const wav = Buffer.from(sineWav({ ms: 400, hz: 440, sampleRate: 16_000 }));
    await page
      .getByLabel('Choose audio file…')
      .setInputFiles({ name: 'tone.wav', mimeType: 'audio/wav', buffer: wav });
    await page.getByLabel('response_format').selectOption('srt');
    await page.getByRole('button', { name: 'Transcribe' }).click();
    const transcript = await waitForResult(page, 'Transcript');
    expect(transcript).toContain('tone.wav');

    const expectAllThere = async () => {
      const chosen = page.getByRole('region', { name: 'Chosen audio' });
      await chosen.waitFor();
      expect(await chosen.textContent()).toContain('tone.wav');
      // Chromium reads the duration from the kept file's own header: its bytes came back whole.
      await expect.poll(() => chosen.textContent()).toContain('0:00.4');
      expect(await page.getByRole('region', { name: 'Transcript' }).textContent()).toBe(transcript);
      expect(await page.getByLabel('Play tone.wav').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Transcribe' }).isDisabled()).toBe(false);
    };
    await goTo(page, 'Chat');
    await goTo(page, 'Audio');
    await expectAllThere();

    await page.reload();
    await expectAllThere();
    expect(await page.getByLabel('response_format').inputValue()).toBe('srt');
    await screenshot(page, 'audio-persist-light');
    expect(errors).toEqual([]);
    await page.close();
  });
});

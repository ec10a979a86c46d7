/**
 * Takes the README's screenshots again from the app as it is now: `npx tsx docs/readme-screenshots.ts`.
 * Starts the service as `npm start` does (unpaced), drives Chromium through what each picture shows,
 * and writes docs/screenshots/*.png. Not part of `npm test`: pictures are for people to look at.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { startScriptedUpstream } from '../tests/server/interop/scripted-upstream';
import { launchBrowser } from '../tests/e2e/support/browser';
import { startService } from '../tests/e2e/support/start-service';

const OUT = path.resolve('docs', 'screenshots');

async function chatWithReply(
  browser: Browser,
  url: string,
  size: { width: number; height: number },
  dark = false,
) {
  const page = await browser.newPage({ viewport: size, colorScheme: dark ? 'dark' : 'light' });
  await page.goto(new URL('/chat', url).href);
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill('Give me three tips for writing a good commit message, as a short list.');
  await composer.press('Enter');
  const rows = page.getByRole('list', { name: 'Transcript' }).locator(':scope > li');
  await page.waitForFunction(
    () =>
      document.querySelector('[aria-label="Transcript"] > li:last-child')?.getAttribute('data-status') ===
      'complete',
    undefined,
    { timeout: 60_000 },
  );
  await rows.last().waitFor();
  await page.waitForFunction(() => document.querySelector('[data-md-pending]') === null);
  return page;
}

/**
 * A question with two images, sent to a model that reads them: the local service's svc-chat reads
 * text, so the page talks to a second service that forwards to a scripted upstream's gpt-4o-mini.
 */
async function chatWithImages(browser: Browser, url: string, size: { width: number; height: number }) {
  const page = await browser.newPage({ viewport: size });
  await page.goto(new URL('/chat', url).href);
  const picker = page.getByRole('combobox', { name: 'Model' });
  await picker.locator('option', { hasText: 'gpt-4o-mini' }).waitFor({ state: 'attached' });
  await picker.selectOption('gpt-4o-mini');
  await page.getByRole('button', { name: 'Attach image' }).click();
  const group = page.getByRole('group', { name: 'Attach an image' });
  const tile = (background: string) =>
    sharp({ create: { width: 160, height: 120, channels: 3, background } })
      .png()
      .toBuffer();
  await group.getByLabel('Choose image files…').setInputFiles([
    { name: 'blue.png', mimeType: 'image/png', buffer: await tile('#2060d0') },
    { name: 'orange.png', mimeType: 'image/png', buffer: await tile('#e07020') },
  ]);
  await page.getByRole('list', { name: 'Images to send' }).locator('img').nth(1).waitFor();
  return page;
}

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.info(`wrote docs/screenshots/${name}.png`);
}

const service = await startService();
const browser = await launchBrowser();
try {
  // Desktop: a reply and the Wire tab showing the exchange behind it.
  const desktop = await chatWithReply(browser, service.url, { width: 1440, height: 900 });
  await desktop.getByRole('tab', { name: 'Wire', exact: true }).click();
  await desktop.locator('[role="tabpanel"][data-section="wire"]').waitFor();
  // The tab's code comes on opening it; what it draws then is settled by the next second.
  await desktop.waitForTimeout(1000);
  await shoot(desktop, 'chat-wire-inspector');
  await desktop.close();

  // The code page in the dark theme, the inspector docked below.
  const code = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
  await code.goto(new URL('/code', service.url).href);
  await code.getByRole('heading', { level: 1 }).waitFor();
  await code.getByRole('button', { name: 'Dock the inspector below' }).click();
  await code.getByRole('button', { name: 'Complete', exact: true }).click();
  await code.getByText('Tab accepts', { exact: false }).first().waitFor();
  await code.waitForTimeout(1500);
  await shoot(code, 'code-inspector-below-dark');
  await code.close();

  // A phone: the conversation, then the inspector open as a sheet.
  const phone = await chatWithReply(browser, service.url, { width: 390, height: 844 });
  await shoot(phone, 'chat-phone');
  await phone.getByRole('button', { name: 'Inspector', exact: true }).click();
  await phone.getByRole('dialog', { name: 'Inspector' }).getByRole('tabpanel').waitFor();
  await shoot(phone, 'chat-phone-inspector-sheet');
  await phone.close();

  // Images in a message: attached (the thumbnails and the token meter counting them), then sent.
  const upstream = await startScriptedUpstream('openai');
  const forwarding = await startService({ SVC_UPSTREAM_URL: upstream.url, SVC_UPSTREAM_API_KEY: 'up-key' });
  try {
    const images = await chatWithImages(browser, forwarding.url, { width: 1440, height: 900 });
    const box = images.getByRole('textbox', { name: 'Message', exact: true });
    await box.fill('Which of these two colours is warmer?');
    await box.focus();
    // The exact count (from the tokenizer's worker), not the estimate shown until it has arrived.
    const counted = images
      .getByTestId('context-meter')
      .getByText(/^[\d,]+ prompt tokens, 2 images at 85 each/);
    await counted.waitFor();
    await shoot(images, 'chat-images-attached');
    await box.press('Enter');
    await images.waitForFunction(
      () =>
        document.querySelector('[aria-label="Transcript"] > li:last-child')?.getAttribute('data-status') ===
        'complete',
    );
    await counted.waitFor();
    await shoot(images, 'chat-images-sent');
    await images.close();
  } finally {
    await forwarding.stop();
    await upstream.close();
  }
} finally {
  await browser.close();
  await service.stop();
}

/**
 * Takes the README's screenshots again from the app as it is now: `npx tsx docs/readme-screenshots.ts`.
 * Starts the service as `npm start` does (unpaced), drives Chromium through what each picture shows,
 * and writes docs/screenshots/*.png. Not part of `npm test`: pictures are for people to look at.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
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
} finally {
  await browser.close();
  await service.stop();
}

import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium; the tests never download a browser of their own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps trying to reach Google's hosts, which this
// closed network refuses many times a second.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/** How long a page's wait or action may take before it counts as hung: a guard, never a limit. */
export const PAGE_HANG_GUARD_MS = 120_000;

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumAvailable()) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
  // Every page the tests open waits (for an element, a navigation, an action) as long as their other
  // waits: Playwright's own 30 s was passed by a page under load beside a second `npm test`.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(PAGE_HANG_GUARD_MS);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    page.context().setDefaultTimeout(PAGE_HANG_GUARD_MS);
    return page;
  };
  return browser;
}

export const SCREENSHOT_DIR = path.resolve('test-output', 'screenshots');

/** Saves a full-page screenshot under test-output/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { startService, type RunningService } from './support/start-service';

// The chat page end to end in real Chromium against `npm start`, streaming slowly enough to act mid-reply.
let service: RunningService;
let browser: Browser;

beforeAll(async () => {
  service = await startService({ SVC_REFERENCE_TOKENS_PER_SECOND: '30' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

async function openChat(colorScheme: 'light' | 'dark' = 'light') {
  const page = await browser.newPage({ colorScheme, viewport: { width: 1360, height: 860 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL('/chat', service.url).href);
  await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
  return { page, errors };
}

const transcriptRows = (page: Page) => page.getByRole('list', { name: 'Transcript' }).locator(':scope > li');

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message', exact: true });
  await box.fill(text);
  await box.press('Enter');
}

describe('chat page', () => {
  it('sends a message and shows the reply streaming in, then its figures; screenshots light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, errors } = await openChat(scheme);
      await page.getByRole('textbox', { name: /^max_tokens/ }).fill('60');
      await send(page, 'Describe a markdown table of three fruits');
      const reply = transcriptRows(page).last();
      await expect.poll(() => reply.getAttribute('data-status')).toBe('streaming');
      const early = (await reply.innerText()).length;
      await expect.poll(() => reply.getAttribute('data-status'), { timeout: 30_000 }).toBe('complete');
      expect((await reply.innerText()).length).toBeGreaterThan(early);
      await expect.poll(() => reply.getByTestId('reply-footer').innerText()).toMatch(/finish_reason: length/);
      expect(await reply.getByTestId('reply-footer').innerText()).toMatch(/TTFT .* tokens\/s/s);
      await screenshot(page, `chat-${scheme}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('stops a reply mid-stream and keeps the partial text, marked stopped', async () => {
    const { page, errors } = await openChat();
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await expect.poll(() => transcriptRows(page).count()).toBe(0);
    await send(page, 'Tell me a long story');
    const reply = transcriptRows(page).last();
    await expect.poll(() => reply.getAttribute('data-status')).toBe('streaming');
    await page.waitForTimeout(800);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => reply.getAttribute('data-status')).toBe('stopped');
    const kept = await reply.innerText();
    expect(kept).toContain('stopped: partial reply');
    await page.waitForTimeout(1000);
    expect(await reply.innerText()).toBe(kept); // nothing more arrives after a stop
    await screenshot(page, 'chat-stopped');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('finds the partial reply marked interrupted after a reload mid-stream', async () => {
    const { page, errors } = await openChat();
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await expect.poll(() => transcriptRows(page).count()).toBe(0);
    await send(page, 'Reload while you answer');
    const reply = transcriptRows(page).last();
    await expect.poll(() => reply.getAttribute('data-status')).toBe('streaming');
    await page.waitForTimeout(1500);
    await page.reload();
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    const after = transcriptRows(page).last();
    await expect.poll(() => after.getAttribute('data-status')).toBe('interrupted');
    expect(await after.innerText()).toMatch(/interrupted: partial reply/);
    expect(await transcriptRows(page).first().innerText()).toContain('Reload while you answer');
    await screenshot(page, 'chat-interrupted');
    expect(errors).toEqual([]);
    await page.close();
  });
});

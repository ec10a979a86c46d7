import type { Browser, Locator, Page } from 'playwright-core';
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
      await expect.poll(() => reply.getAttribute('data-status'), { timeout: 120_000 }).toBe('complete');
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
    // Stop once some of the reply is on screen, so there is a partial text to keep.
    await expect.poll(async () => (await reply.innerText()).length).toBeGreaterThan(40);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => reply.getAttribute('data-status')).toBe('stopped');
    // textContent, not innerText: innerText leaves out a markdown block just put in place until a frame
    // has found it on screen (each block has content-visibility: auto), so two reads could differ.
    const kept = await withoutButtons(reply);
    expect(kept).toContain('stopped: partial reply');
    await screenshot(page, 'chat-stopped');
    // A reply that was not really stopped would go on growing while streams still flow: a second one,
    // sent and streamed to its end, gives it that time and proves the page kept taking chunks.
    // (`reply` is the last row, whichever that is: the stopped one is the second.)
    const stopped = transcriptRows(page).nth(1);
    await send(page, 'And a short one?');
    const next = transcriptRows(page).nth(3);
    await expect.poll(() => next.getAttribute('data-status'), { timeout: 120_000 }).toBe('complete');
    expect(await stopped.getAttribute('data-status')).toBe('stopped');
    expect(await withoutButtons(stopped)).toBe(kept);
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
    // Reload once the partial reply is on disk (the autosaver writes at most 500 ms after a change).
    await expect.poll(() => savedReplyLength(page), { timeout: 120_000 }).toBeGreaterThan(0);
    // Each step has its own limit, so a hang (seen once in 7 runs on a loaded machine) names its step
    // and leaves a screenshot of where the page stood, not just the test's 60 s time-out.
    await step(page, 'reload', () => page.reload({ timeout: 120_000 }));
    await step(page, 'composer after reload', () =>
      page.getByRole('textbox', { name: 'Message', exact: true }).waitFor({ timeout: 120_000 }),
    );
    const after = transcriptRows(page).last();
    await expect.poll(() => after.getAttribute('data-status')).toBe('interrupted');
    await expect.poll(() => after.innerText()).toMatch(/interrupted: partial reply/);
    await expect.poll(() => transcriptRows(page).first().innerText()).toContain('Reload while you answer');
    await screenshot(page, 'chat-interrupted');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('chat page: the transcript follows the conversation', () => {
  it('with a 40-message conversation scrolled to the top, sending shows the message and the streamed reply', async () => {
    const { page, errors } = await openChat();
    const messages = Array.from({ length: 40 }, (_, i) => ({
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `Message ${i + 1}. ${'A sentence long enough to wrap over a line or two of the transcript. '.repeat(4)}`,
    }));
    await page.getByRole('button', { name: 'Import/Export' }).click();
    await page.getByRole('textbox', { name: 'JSON to import' }).fill(JSON.stringify({ messages }));
    await page.getByRole('button', { name: 'Import pasted JSON' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => transcriptRows(page).count(), { timeout: 120_000 }).toBe(40);

    // Up to the top as a reader does, with the wheel: the transcript stops following.
    const transcript = page.getByRole('list', { name: 'Transcript' });
    await transcript.hover();
    for (let turn = 0; turn < 40 && (await scrollTopOf(page)) > 0; turn++) await page.mouse.wheel(0, -2000);
    expect(await scrollTopOf(page)).toBe(0);
    await page.getByRole('button', { name: 'Jump to latest' }).waitFor();
    expect(await inView(page, transcriptRows(page).nth(39))).toBe(false);

    await send(page, 'Tell me a long story');
    const question = transcriptRows(page).nth(40);
    const reply = transcriptRows(page).nth(41);
    await expect.poll(() => reply.getAttribute('data-status')).toBe('streaming');
    await expect.poll(async () => (await reply.textContent())?.length ?? 0).toBeGreaterThan(60);
    await expect.poll(() => question.innerText()).toContain('Tell me a long story');
    await expect.poll(() => inView(page, question)).toBe(true);
    expect(await inView(page, reply)).toBe(true);
    await screenshot(page, 'chat-sent-from-the-top');
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** The transcript's scroll position. */
function scrollTopOf(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('[aria-label="Transcript"]')!.parentElement!.scrollTop);
}

/** Whether part of the element shows, inside both the transcript's scroller and the window. */
async function inView(page: Page, row: ReturnType<Page['locator']>): Promise<boolean> {
  return row.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const view = element.parentElement!.parentElement!.getBoundingClientRect();
    const top = Math.max(view.top, 0);
    const bottom = Math.min(view.bottom, window.innerHeight);
    return box.bottom > top + 8 && box.top < bottom - 8;
  });
}

/** Runs one step; when it fails, saves a screenshot named for it and says which step it was. */
async function step(page: Page, name: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const file = await screenshot(page, `failed-${name.replace(/\W+/g, '-')}`).catch(() => 'none');
    throw new Error(
      `${name} failed (screenshot: ${file}; page text: ${await page.innerText('body').catch(() => '?')})`,
      {
        cause: error,
      },
    );
  }
}

/**
 * A row's text without its buttons: which actions a message offers (Regenerate, Continue) changes
 * once it is no longer the last; what it says must not.
 */
function withoutButtons(row: Locator): Promise<string> {
  return row.evaluate((element) => {
    const copy = element.cloneNode(true) as Element;
    for (const button of copy.querySelectorAll('button')) button.remove();
    return copy.textContent ?? '';
  });
}

/** The longest assistant reply saved in the page's IndexedDB (0 when none is saved yet). */
function savedReplyLength(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('svc-playground');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('conversations')) {
            db.close();
            resolve(0);
            return;
          }
          const all = db.transaction('conversations', 'readonly').objectStore('conversations').getAll();
          all.onerror = () => resolve(0);
          all.onsuccess = () => {
            let longest = 0;
            for (const value of all.result as { messages?: { role: string; content?: unknown }[] }[]) {
              for (const message of value?.messages ?? []) {
                if (message.role === 'assistant' && typeof message.content === 'string')
                  longest = Math.max(longest, message.content.length);
              }
            }
            db.close();
            resolve(longest);
          };
        };
      }),
  );
}

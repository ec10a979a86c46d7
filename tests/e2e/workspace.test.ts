import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readShared, sharedData } from '../../src/lib/chat/share-link';
import { screenshot } from './support/browser';
import { useServiceAndBrowser } from './support/service-and-browser';

// Issue 13 in real Chromium against `npm start`: a conversation's address survives a reload and
// the history, "Load request" never replaces the conversation shown, and a share link carries a
// conversation (and no key) to a browser that has never seen it.
const e2e = useServiceAndBrowser();

const ADDRESS = /^\/chat\/[0-9a-f-]{36}$/;
const transcriptRows = (page: Page) => page.getByRole('list', { name: 'Transcript' }).locator(':scope > li');
const path = (page: Page) => new URL(page.url()).pathname;

/** A page of its own: a fresh browser context, so no conversation of another test is there. */
async function openChat(at = '/chat') {
  const page = await e2e.browser.newPage({ viewport: { width: 1360, height: 860 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL(at, e2e.service.url).href);
  await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
  return { page, errors };
}

async function talk(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message', exact: true });
  await box.fill(text);
  await box.press('Enter');
  await expect
    .poll(() => transcriptRows(page).last().getAttribute('data-status'), { timeout: 120_000 })
    .toBe('complete');
}

async function newConversation(page: Page, before: string) {
  await page.getByRole('button', { name: 'New conversation', exact: true }).click();
  await expect.poll(() => path(page)).not.toBe(before);
  await expect.poll(() => transcriptRows(page).count()).toBe(0);
  return path(page);
}

describe('the workspace: addresses, loading and sharing', () => {
  it('reopens the conversation its address names on reload, and steps back through the ones opened', async () => {
    const { page, errors } = await openChat();
    await expect.poll(() => path(page)).toMatch(ADDRESS);
    const first = path(page);
    await talk(page, 'Words of the first conversation');
    const second = await newConversation(page, first);

    await page.goto(new URL(first, e2e.service.url).href);
    await expect
      .poll(() => transcriptRows(page).first().innerText())
      .toContain('Words of the first conversation');
    expect(path(page)).toBe(first);
    await page.goBack();
    await expect.poll(() => path(page)).toBe(second);
    await expect.poll(() => transcriptRows(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens a pasted request as a new conversation and keeps the one shown', async () => {
    const { page, errors } = await openChat();
    await talk(page, 'The conversation that must stay');
    await expect.poll(() => path(page)).toMatch(ADDRESS);
    const kept = path(page);
    await page.getByRole('tab', { name: 'Wire', exact: true }).click();
    const wire = page.locator('[role="tabpanel"][data-section="wire"]');
    const body = { model: 'svc-chat', messages: [{ role: 'user', content: 'A pasted question' }] };
    await wire
      .getByRole('textbox', { name: 'Paste a curl command or a request JSON' })
      .fill(`curl ${e2e.service.url}/v1/chat/completions -d '${JSON.stringify(body)}'`);
    await wire.getByRole('button', { name: 'Load request' }).click();
    await expect
      .poll(() => wire.getByRole('status').last().innerText())
      .toBe('Opened as a new conversation; the one you had is kept.');
    await expect.poll(() => transcriptRows(page).first().innerText()).toContain('A pasted question');
    expect(path(page)).not.toBe(kept);
    await page.goBack();
    await expect
      .poll(() => transcriptRows(page).first().innerText())
      .toContain('The conversation that must stay');
    expect(path(page)).toBe(kept);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shares a conversation as a link that another browser opens, with no key in it', async () => {
    const { page, errors } = await openChat();
    await talk(page, 'A conversation worth sharing');
    await page.getByRole('button', { name: 'Import/Export' }).click();
    await page.getByRole('button', { name: 'Make a link' }).click();
    const field = page.getByRole('textbox', { name: 'Share link' });
    await field.waitFor();
    const link = await field.inputValue();
    await screenshot(page, 'share-link');
    expect(link).toMatch(/\/chat#share=[\w-]+$/);
    expect(link).not.toContain(e2e.service.apiKey);
    // What it carries, read as the receiving page will: the conversation, and nothing of a key.
    const carried = await readShared(sharedData(new URL(link).hash)!);
    expect(carried.ok && carried.json).toContain('A conversation worth sharing');
    expect(carried.ok && carried.json).not.toContain(e2e.service.apiKey);
    expect(carried.ok && carried.json).not.toMatch(/"(api_?key|authorization)"/i);
    await page.close();

    const elsewhere = await openChat(link.replace(e2e.service.url, ''));
    // A link is anyone's to send: what it holds is said, and kept only when asked.
    const offer = elsewhere.page.getByRole('region', { name: 'Shared conversation' });
    await expect.poll(() => offer.innerText()).toContain('2 messages');
    await offer.getByRole('button', { name: 'Open it' }).click();
    await expect
      .poll(() => transcriptRows(elsewhere.page).first().innerText(), { timeout: 120_000 })
      .toContain('A conversation worth sharing');
    await expect.poll(() => path(elsewhere.page)).toMatch(ADDRESS);
    expect(new URL(elsewhere.page.url()).hash).toBe('');
    expect(errors).toEqual([]);
    expect(elsewhere.errors).toEqual([]);
    await elsewhere.page.close();
  });
});

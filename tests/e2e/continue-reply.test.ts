/**
 * Continuing a reply in place (issue 29, item 6), in real Chromium against `npm start`: a reply cut
 * by max_tokens grows in the same message when Continue is pressed, and assistant text written by
 * hand is continued by Send with the box empty (an assistant prefill).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useServiceAndBrowser } from './support/service-and-browser';

const env = useServiceAndBrowser();

async function openChat(): Promise<Page> {
  const page = await env.browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(new URL('/chat', env.service.url).href);
  await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
  await page.getByRole('button', { name: 'New conversation', exact: true }).click();
  await expect.poll(() => rows(page).count()).toBe(0);
  return page;
}

const rows = (page: Page) => page.getByRole('list', { name: 'Transcript' }).locator(':scope > li');

/**
 * A reply's text once every block of it is parsed. A block keeps its last parse (an empty `##`
 * heading from mid-stream, say) marked pending until it is parsed again, which on a loaded machine
 * can come after the reply's status: its end is brought into view and nothing may be pending.
 */
async function settledText(reply: Locator): Promise<string> {
  await reply.getByTestId('reply-footer').scrollIntoViewIfNeeded();
  await expect.poll(() => reply.locator('[data-md-pending]').count(), { timeout: 120_000 }).toBe(0);
  return reply.innerText();
}
const box = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

async function setMaxTokens(page: Page, value: string) {
  const field = page.getByRole('textbox', { name: /^max_tokens/ });
  await field.fill(value);
  await field.press('Tab');
}

describe('continuing a reply in place', () => {
  it('grows a reply cut by max_tokens in the same message until it ends, the cut one kept as a version', async () => {
    const page = await openChat();
    await setMaxTokens(page, '30');
    await box(page).fill('Tell me about tables');
    await box(page).press('Enter');
    const reply = rows(page).nth(1);
    await expect.poll(() => reply.getAttribute('data-status'), { timeout: 120_000 }).toBe('complete');
    await expect.poll(() => reply.getByTestId('reply-footer').innerText()).toMatch(/finish_reason: length/);
    const id = await reply.getAttribute('data-message-id');
    const cutText = await settledText(reply);
    // The heading the cut reply began with (its wording is sampled).
    const heading = /Your message|What you sent|The last message/.exec(cutText)?.[0];
    expect(heading, cutText).toBeDefined();

    await setMaxTokens(page, '');
    await page.getByRole('button', { name: 'Continue (message 2)' }).click();
    await expect.poll(() => reply.getAttribute('data-status'), { timeout: 120_000 }).toBe('complete');
    await expect.poll(() => reply.getByTestId('reply-footer').innerText()).toMatch(/finish_reason: stop/);
    // The same place on the page grew: two messages still, the reply's text now whole.
    expect(await rows(page).count()).toBe(2);
    const grown = await settledText(reply);
    expect(grown.length).toBeGreaterThan(cutText.length + 200);
    expect(grown).toContain('To get a real model');
    // Went on from where it was cut, not a second answer begun after the first.
    expect(grown.split(heading!)).toHaveLength(2);
    expect(grown.split('reference engine')).toHaveLength(2);
    expect(await reply.getByTestId('continued-note').innerText()).toMatch(
      /^Continued from \d+ characters already there/,
    );
    // No Continue on a finished reply; the cut one is a version of this place.
    expect(await page.getByRole('button', { name: 'Continue (message 2)' }).count()).toBe(0);
    expect(await reply.getByTestId('version-position').innerText()).toBe('Version 2 of 2');
    expect(await reply.getAttribute('data-message-id')).not.toBe(id);
    await screenshot(page, 'continue-reply-grown');
    await page.getByRole('button', { name: 'Previous version of message 2' }).click();
    await expect.poll(() => reply.getAttribute('data-message-id')).toBe(id);
    await expect.poll(() => reply.getByTestId('reply-footer').innerText()).toMatch(/finish_reason: length/);
    await page.close();
  });

  it('continues assistant text written by hand when Send is pressed with the box empty', async () => {
    const page = await openChat();
    await box(page).fill('What is the capital of France?');
    await page.getByRole('button', { name: 'Add as user' }).click();
    await box(page).fill('The capital of France is');
    await page.getByRole('button', { name: 'Add as assistant' }).click();
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(
      await page.getByText('The last message is assistant text: Send has the model continue it').count(),
    ).toBe(1);
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();
    const reply = rows(page).nth(1);
    await expect.poll(() => reply.getAttribute('data-status'), { timeout: 120_000 }).toBe('complete');
    expect(await rows(page).count()).toBe(2);
    await expect
      .poll(() => reply.innerText())
      .toMatch(/The capital of France is … and here the reference engine stops/);
    expect(await reply.getByTestId('continued-note').innerText()).toMatch(/^Continued from 24 characters/);
    await screenshot(page, 'continue-reply-prefill');
    // Answered: nothing left to run, so Send waits for text.
    await expect.poll(() => send.isEnabled()).toBe(false);
    await page.close();
  });
});

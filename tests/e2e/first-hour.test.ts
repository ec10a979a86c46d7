/**
 * A new user's first hour (issue 29), in real Chromium against `npm start`: what a new conversation
 * starts with, and the Models page's "Open in chat".
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServiceAndBrowser } from './support/service-and-browser';

const env = useServiceAndBrowser();

async function openPage(path: string): Promise<Page> {
  const page = await env.browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(new URL(path, env.service.url).href);
  return page;
}

const modelPicker = (page: Page) => page.getByRole('combobox', { name: 'Model' });
const temperature = (page: Page) => page.getByRole('textbox', { name: /^temperature/ });

describe('a new user’s first hour', () => {
  it('starts a new conversation on the connection’s default model and the server’s defaults, not the last one’s', async () => {
    const page = await openPage('/chat');
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    await expect.poll(() => modelPicker(page).locator('option', { hasText: 'svc-reasoner' }).count()).toBe(1);
    await modelPicker(page).selectOption('svc-reasoner');
    await temperature(page).fill('0.3');
    await temperature(page).press('Tab');
    // The conversation must hold something, or New conversation keeps showing the empty one.
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('hello');
    await page.getByRole('button', { name: 'Add as user' }).click();
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Transcript' }).locator(':scope > li').count())
      .toBe(0);
    // svc-reasoner was chosen in the picker, so it is the connection's last choice while listed.
    await expect.poll(() => modelPicker(page).inputValue()).toBe('svc-reasoner');
    expect(await temperature(page).inputValue()).toBe('');
    await page.close();
  });

  it('does not carry an imported request’s unlisted model or its parameters into the next conversation', async () => {
    const page = await openPage('/chat');
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Import/Export' }).click();
    const body = { model: 'gpt-4o', temperature: 0.3, messages: [{ role: 'user', content: 'Hi' }] };
    await page.getByRole('textbox', { name: 'JSON to import' }).fill(JSON.stringify(body));
    await page.getByRole('button', { name: 'Import pasted JSON' }).click();
    await page.keyboard.press('Escape');
    // The imported request is shown as it came: its own model and temperature.
    await expect.poll(() => modelPicker(page).inputValue()).toBe('gpt-4o');
    expect(await temperature(page).inputValue()).toBe('0.3');
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await expect.poll(() => modelPicker(page).inputValue()).toBe('svc-chat');
    expect(await temperature(page).inputValue()).toBe('');
    await page.close();
  });

  it('runs a conversation that ends with a user message when Send is pressed with the box empty', async () => {
    const page = await openPage('/chat');
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await box.waitFor();
    await box.fill('What is two plus two?');
    await page.getByRole('button', { name: 'Add as user' }).click();
    const rows = page.getByRole('list', { name: 'Transcript' }).locator(':scope > li');
    await expect.poll(() => rows.count()).toBe(1);
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await expect.poll(() => send.isEnabled()).toBe(true);
    expect(await page.getByText('The last message awaits a reply').count()).toBe(1);
    await box.press('Enter');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.last().getAttribute('data-status'), { timeout: 120_000 }).toBe('complete');
    // Answered: the box is empty and there is nothing to run again, so Send waits for text.
    await expect.poll(() => send.isEnabled()).toBe(false);
    await page.close();
  });

  it('opens a model from the Models page in chat with that model chosen', async () => {
    const page = await openPage('/models/svc-reasoner');
    await page.getByRole('group', { name: 'Open in' }).getByRole('button', { name: 'chat' }).click();
    await page.waitForURL(/\/chat/);
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    await expect.poll(() => modelPicker(page).inputValue()).toBe('svc-reasoner');
    // Asked once: a reload does not make another conversation or change the model again.
    const listed = page.getByRole('list', { name: /Conversations/ }).getByRole('listitem');
    const before = await listed.count();
    await page.reload();
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    await expect.poll(() => modelPicker(page).inputValue()).toBe('svc-reasoner');
    expect(await listed.count()).toBe(before);
    await page.close();
  });
});

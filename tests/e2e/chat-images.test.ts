/**
 * Images in a chat message, in real Chromium, in front of the local service in upstream mode: an
 * image chosen as a file and one by address go to the upstream's own model as image_url parts after
 * the text, through the service untouched; the transcript draws them and keeps them across a reload;
 * and with the connection set in Settings to send no images, the page says so and holds Send.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ask } from '../server/interop/scripted-upstream';
import { screenshot } from './support/browser';
import { upstreamStage } from './support/upstream-stage';

// A real PNG of a known width, so the drawn thumbnail can be told from a broken one.
const PNG = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2060d0' } })
  .png()
  .toBuffer();

const stage = upstreamStage('openai');

const transcriptRows = (page: Page) => page.getByRole('list', { name: 'Transcript' }).locator(':scope > li');

/**
 * The list's two images as drawn: how many, the file's width, and whether the browser decoded the
 * address's image (a broken one does not decode).
 */
const drawn = (page: Page, name: string) =>
  page
    .getByRole('list', { name })
    .last()
    .locator('img')
    .evaluateAll(async (images) => {
      const [file, address] = images as HTMLImageElement[];
      const decoded = address
        ? await address.decode().then(
            () => true,
            () => false,
          )
        : false;
      return [images.length, file?.naturalWidth ?? 0, decoded];
    });
const BOTH_DRAWN = [2, 40, true];

describe('images in a chat message', () => {
  it('sends a file and an address to an upstream model as image parts, draws them, and keeps them', async () => {
    const page = await stage.browser.newPage({ viewport: { width: 1360, height: 900 } });
    page.on('pageerror', (error) => stage.pageErrors.push(error.message));
    await page.goto(new URL('/chat', stage.service.url).href);
    const picker = page.getByRole('combobox', { name: 'Model' });
    await expect.poll(() => picker.locator('option', { hasText: 'gpt-4o-mini' }).count()).toBe(1);
    await picker.selectOption('gpt-4o-mini');

    await page.getByRole('button', { name: 'Attach image' }).click();
    const group = page.getByRole('group', { name: 'Attach an image' });
    await group.getByLabel('Choose image files…').setInputFiles({
      name: 'dots.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    // An address on this machine: the browser draws it, and nothing leaves the loopback.
    const favicon = new URL('/favicon.svg', stage.service.url).href;
    await group.getByLabel('Image URL').fill(favicon);
    await group.getByRole('button', { name: 'Attach URL' }).click();
    await expect.poll(() => drawn(page, 'Images to send')).toEqual(BOTH_DRAWN);

    const before = stage.upstream.chats().length;
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await box.fill(ask('hello'));
    await box.press('Enter');
    await expect.poll(() => transcriptRows(page).last().getAttribute('data-status')).toBe('complete');
    const sent = stage.upstream.chats().slice(before);
    expect(sent).toHaveLength(1);
    const messages = sent[0]!.body!.messages as { role: string; content: unknown }[];
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: ask('hello') },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
        { type: 'image_url', image_url: { url: favicon } },
      ],
    });
    const question = transcriptRows(page).filter({ has: page.getByRole('list', { name: 'Images' }) });
    await expect.poll(() => question.count()).toBe(1);
    expect(await drawn(page, 'Images')).toEqual(BOTH_DRAWN);
    await screenshot(page, 'chat-images-sent');

    // Stored with the conversation: a reload draws them again.
    await page.reload();
    await expect.poll(() => drawn(page, 'Images')).toEqual(BOTH_DRAWN);

    // Set in Settings to send no images, the connection cannot take this conversation on: attaching
    // says so, and Send holds with the reason.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Edit Local service' }).click();
    await page.getByLabel('Images in chat messages').selectOption('off');
    await page.getByRole('button', { name: 'Save connection' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Attach image' }).click();
    await expect
      .poll(() => page.getByRole('group', { name: 'Attach an image' }).innerText())
      .toContain('This connection is set to send no images in chat');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('And now?');
    await expect.poll(() => page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts())
      .toContainEqual(
        expect.stringContaining('Message 1 has images. This connection is set to send no images'),
      );
    await screenshot(page, 'chat-images-refused');
    // Enter does not send it either, nor does Regenerate on the reply, which says why.
    await page.getByRole('textbox', { name: 'Message', exact: true }).press('Enter');
    const regenerate = transcriptRows(page).last().getByRole('button', { name: 'Regenerate' });
    expect(await regenerate.isDisabled()).toBe(true);
    expect(await regenerate.getAttribute('title')).toContain('Message 1 has images.');
    expect(stage.upstream.chats()).toHaveLength(before + 1);
    expect(stage.pageErrors).toEqual([]);
    await page.close();
  });
});

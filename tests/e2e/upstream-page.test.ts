/**
 * The page in front of the local service in upstream mode, in real Chromium, against a scripted
 * upstream speaking OpenAI's shape (tests/server/interop/scripted-upstream.ts): an upstream model
 * chosen in the picker and used; an upstream 401, an upstream 429 and an upstream that is down each
 * told as the upstream's, with the upstream's own wait; a refusal drawn as a refusal.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ask } from '../server/interop/scripted-upstream';
import { screenshot } from './support/browser';
import { upstreamStage } from './support/upstream-stage';

const stage = upstreamStage('openai');

/** A fresh page (its own storage) on /chat, connected to the service by its bootstrap. */
async function openChat(): Promise<Page> {
  const page = await stage.browser.newPage({ viewport: { width: 1360, height: 900 } });
  page.on('pageerror', (error) => stage.pageErrors.push(error.message));
  await page.goto(new URL('/chat', stage.service.url).href);
  await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
  return page;
}

async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message', exact: true });
  await box.fill(text);
  await box.press('Enter');
}

const errorPanel = (page: Page) => page.getByRole('alert').filter({ hasText: 'What to do' }).last();

describe('the page in front of an upstream', () => {
  it('offers the upstream’s own models in the picker, and the one chosen is the one the upstream gets', async () => {
    const page = await openChat();
    const picker = page.getByRole('combobox', { name: 'Model' });
    await expect.poll(() => picker.locator('option', { hasText: 'gpt-4o-mini' }).count()).toBe(1);
    await picker.selectOption('gpt-4o-mini');
    const before = stage.upstream.chats().length;
    await send(page, ask('hello'));
    const transcript = page.getByRole('list', { name: 'Transcript' });
    await expect
      .poll(() => transcript.locator(':scope > li').last().getAttribute('data-status'))
      .toBe('complete');
    const received = stage.upstream.chats().slice(before);
    expect(received.map((r) => r.body?.model)).toEqual(['gpt-4o-mini']);
    await page.close();
  });

  it('says an upstream 401 is the upstream refusing the service’s key, not this connection’s', async () => {
    const page = await openChat();
    await send(page, ask('auth'));
    const panel = errorPanel(page);
    await expect
      .poll(() => panel.innerText(), { timeout: 120_000 })
      .toContain("The upstream refused the service's key");
    const text = await panel.innerText();
    expect(text).toContain('SVC_UPSTREAM_API_KEY');
    expect(text).toContain('not the local service');
    expect(text).not.toMatch(/Check the API key of this connection/);
    await screenshot(page, 'upstream-401');
    await page.close();
  });

  it('waits out an upstream 429 by the upstream’s Retry-After (2 s), not the local limiter’s window', async () => {
    const page = await openChat();
    await send(page, ask('limit'));
    const panel = errorPanel(page);
    // The client retries a 429 as asked before it gives up; then the upstream's wait is shown.
    await expect
      .poll(() => panel.innerText(), { timeout: 120_000 })
      .toContain('The upstream is rate limiting');
    const text = await panel.innerText();
    expect(text).toContain('0 of 5 left');
    expect(text).toMatch(/The upstream asked to wait; you can send again (in [0-2]s|now)/);
    // The local limiter's own window (60 a minute) is not the wait shown.
    expect(text).not.toMatch(/in ([3-9]|\d\d)s|in \d+m/);
    await screenshot(page, 'upstream-429');
    await page.close();
  });

  it('shows a refusal as a refusal', async () => {
    const page = await openChat();
    await send(page, ask('refuse'));
    const refusal = page.getByTestId('refusal').last();
    await refusal.waitFor({ timeout: 120_000 });
    await expect.poll(() => refusal.innerText()).toContain('I can’t help with that.');
    await expect.poll(() => refusal.innerText()).toMatch(/refused/i);
    await screenshot(page, 'upstream-refusal');
    await page.close();
  });

  it('says "Upstream unreachable" in the header and in the reply’s error when the upstream is down', async () => {
    const page = await openChat();
    const health = page.getByTestId('health');
    await expect.poll(() => health.innerText()).toMatch(/Healthy/);
    // Down: its port refuses connections. The service still has the model list it fetched.
    await stage.upstream.close();
    await page.getByRole('button', { name: 'Re-check connection' }).click();
    await expect.poll(() => health.innerText(), { timeout: 120_000 }).toContain('Upstream unreachable');
    await send(page, ask('hello'));
    const panel = errorPanel(page);
    await expect.poll(() => panel.innerText(), { timeout: 120_000 }).toContain('Upstream unreachable');
    await expect.poll(() => panel.innerText()).toContain('SVC_UPSTREAM_URL');
    await screenshot(page, 'upstream-down');
    await page.close();
    expect(stage.pageErrors).toEqual([]);
  });
});

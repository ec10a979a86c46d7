import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';
import { startService, type RunningService } from './support/start-service';

// Function calling, JSON mode and the wire pane end to end in real Chromium against `npm start`.
let service: RunningService;
let browser: Browser;

beforeAll(async () => {
  service = await startService();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

async function openChat(colorScheme: 'light' | 'dark' = 'light') {
  const page = await browser.newPage({ colorScheme, viewport: { width: 1400, height: 1000 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL('/chat', service.url).href);
  await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 120_000 });
  return { page, errors };
}

const TABS = { functions: 'Functions', 'json-mode': 'JSON', wire: 'Wire' } as const;

/** Opens a tab of the inspector and returns its panel. */
async function openSection(page: Page, id: keyof typeof TABS) {
  await page.getByRole('tab', { name: TABS[id], exact: true }).click();
  return page.locator(`[role="tabpanel"][data-section="${id}"]`);
}

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

const lastRow = (page: Page) => page.getByRole('list', { name: 'Transcript' }).locator(':scope > li').last();

describe('function calling and JSON mode in Chromium', () => {
  it('round-trips a function call: template, call card with validated arguments, result sent back, final answer, wire pane', async () => {
    const { page, errors } = await openChat();
    const functions = await openSection(page, 'functions');
    await functions.getByRole('combobox', { name: 'Add a template' }).selectOption('weather');
    await expect.poll(() => page.locator('.cm-content').innerText()).toContain('get_current_weather');
    const sent = page.waitForRequest((r) => r.url().endsWith('/chat/completions'));
    await send(page, 'What is the weather in Paris? Use get_current_weather.');
    const body = (await sent).postDataJSON() as { functions: { name: string }[] };
    expect(body.functions[0]?.name).toBe('get_current_weather');
    const card = page.getByRole('region', { name: 'Function call get_current_weather' });
    await card.getByText(/match the parameters of get_current_weather/).waitFor({ timeout: 120_000 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'function-call-card-light');

    await card
      .getByRole('textbox', { name: 'Result of get_current_weather' })
      .fill('{"temperature": 21, "unit": "celsius"}');
    const resultSent = page.waitForRequest((r) => r.url().endsWith('/chat/completions'));
    await card.getByRole('button', { name: 'Send result' }).click();
    const next = (await resultSent).postDataJSON() as { messages: { role: string; name?: string }[] };
    expect(next.messages.at(-1)).toMatchObject({ role: 'function', name: 'get_current_weather' });
    await expect.poll(() => lastRow(page).getAttribute('data-status'), { timeout: 120_000 }).toBe('complete');
    await expect.poll(() => lastRow(page).innerText()).toContain('temperature');

    const wire = await openSection(page, 'wire');
    const pane = wire.getByRole('region', { name: 'Wire pane' });
    await expect.poll(() => pane.innerText()).toContain('Bearer [REDACTED]');
    expect(await pane.innerText()).not.toContain(service.apiKey);
    // A reply read to its [DONE] ended as it should: the pane must not call it cut short.
    expect(await pane.innerText()).not.toContain('ended early');
    await pane.getByRole('tab', { name: 'Timeline' }).click();
    await pane.getByRole('img', { name: /Chunk arrivals/ }).waitFor();
    await wire.scrollIntoViewIfNeeded();
    await screenshot(page, 'wire-pane-light');
    await pane.getByRole('tab', { name: 'View code' }).click();
    for (const label of ['curl', 'Python (openai)', 'TypeScript (openai)']) {
      await pane.getByRole('tab', { name: label }).click();
      const code = await pane.getByRole('tabpanel', { name: label }).innerText();
      expect(code).toContain('SVC_API_KEY');
      expect(code).not.toContain(service.apiKey);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('JSON mode: warns without an instruction, fixes it, and shows the reply as a tree (dark theme)', async () => {
    const { page, errors } = await openChat('dark');
    const json = await openSection(page, 'json-mode');
    await json.getByRole('combobox', { name: 'response_format' }).selectOption('json_object');
    await json
      .getByRole('alert')
      .getByText(/No message mentions JSON/)
      .waitFor();
    await json.getByRole('button', { name: 'Add a JSON instruction to the system prompt' }).click();
    await expect.poll(() => json.getByRole('alert').count()).toBe(0);
    const sent = page.waitForRequest((r) => r.url().endsWith('/chat/completions'));
    await send(page, 'Describe Paris');
    const body = (await sent).postDataJSON() as { response_format: unknown };
    expect(body.response_format).toEqual({ type: 'json_object' });
    const tree = page.getByRole('tree', { name: 'JSON reply tree' }).last();
    await tree.waitFor({ timeout: 120_000 });
    await tree.scrollIntoViewIfNeeded();
    await screenshot(page, 'json-reply-tree-dark');
    await json.getByRole('combobox', { name: 'response_format' }).selectOption('text');
    expect(errors).toEqual([]);
    await page.close();
  });
});

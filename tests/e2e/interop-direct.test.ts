/**
 * The page itself against a third-party server of the format (mock-llm on 127.0.0.1, CORS allowed by
 * the test), in real Chromium: a connection added in Settings, then streaming, stop, parallel tool
 * calls (tools dialect), the same server as a legacy connection, a json_schema reply, an error as the
 * stream's first event, and the server's own 500 with a string `error`.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMockLlm, type MockLlm } from '../server/interop/mock-llm';
import { addConnectionInSettings } from './support/add-connection';
import { launchBrowser, screenshot } from './support/browser';
import { startService, type RunningService } from './support/start-service';

let service: RunningService;
let browser: Browser;
let mock: MockLlm;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined); // mock-llm logs every request
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // Slow enough to press Stop mid-reply: 2 characters every 15 ms.
  mock = await startMockLlm({ chunkSize: 2, chunkIntervalMs: 15 }, { cors: true });
  service = await startService();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL('/chat', service.url).href);
  await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
  await addConnectionInSettings(page, 'mock-llm', mock.url, 'mock-key');
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await mock?.close();
  vi.restoreAllMocks();
});

const rows = () => page.getByRole('list', { name: 'Transcript' }).locator(':scope > li');

async function send(text: string) {
  const box = page.getByRole('textbox', { name: 'Message', exact: true });
  await box.fill(text);
  const sent = page.waitForRequest((r) => r.url().startsWith(mock.url) && r.method() === 'POST');
  await box.press('Enter');
  return (await sent).postDataJSON() as Record<string, unknown>;
}

/** The last row once it has `status`, as a locator that stays on that row when more rows follow. */
async function lastReply(status: string) {
  const reply = rows().nth((await rows().count()) - 1);
  await expect.poll(() => reply.getAttribute('data-status'), { timeout: 120_000 }).toBe(status);
  return reply;
}

const TABS = {
  parameters: 'Parameters',
  functions: 'Functions',
  'json-mode': 'JSON',
  wire: 'Wire',
} as const;

/** Opens a tab of the inspector (if it is not the open one) and returns its panel. */
async function openSection(id: keyof typeof TABS) {
  await page.getByRole('tab', { name: TABS[id], exact: true }).click();
  return page.locator(`[role="tabpanel"][data-section="${id}"]`);
}

describe('the page against mock-llm directly', () => {
  it('picks the model the server lists and streams a reply straight from it', async () => {
    await expect.poll(() => page.getByRole('combobox', { name: 'Model' }).inputValue()).toBe('mock-chat');
    const body = await send('Hello from the playground');
    expect(body).toMatchObject({ model: 'mock-chat', stream: true });
    const reply = await lastReply('complete');
    await expect.poll(() => reply.innerText()).toContain('Hello from the playground');
  });

  it('stops a reply mid-stream and keeps what came', async () => {
    await send(`Long ${'word '.repeat(120)}`);
    const reply = rows().last();
    await expect.poll(async () => (await reply.innerText()).length, { timeout: 120_000 }).toBeGreaterThan(80);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => reply.getAttribute('data-status')).toBe('stopped');
    expect(await reply.innerText()).toContain('stopped: partial reply');
  });

  it('shows two parallel tool calls as two cards and sends both results by call id', async () => {
    const functions = await openSection('functions');
    await functions.getByRole('combobox', { name: 'Add a template' }).selectOption('weather');
    // mock-llm fails (500) streaming a reply that has no content, as a call has: ask for it whole.
    await (await openSection('parameters')).getByRole('checkbox', { name: /stream/ }).uncheck();
    const first = await send('What is the weather and the time in Oslo?');
    expect(first.functions).toBeUndefined();
    expect((first.tools as unknown[]).length).toBe(1);
    const reply = await lastReply('complete');
    await reply.getByRole('region', { name: 'Function call get_weather (call_a)' }).waitFor();
    await reply.getByRole('region', { name: 'Function call get_time (call_b)' }).waitFor();
    await screenshot(page, 'interop-direct-tool-calls');
    await reply.getByRole('textbox', { name: 'Result of get_time', exact: true }).fill('noon');
    await reply.getByRole('button', { name: 'Send result' }).last().click();
    await reply.getByRole('textbox', { name: 'Result of get_weather', exact: true }).fill('3 degrees');
    const next = page.waitForRequest((r) => r.url().startsWith(mock.url) && r.method() === 'POST');
    await reply.getByRole('button', { name: 'Send result' }).click();
    const messages = (await next).postDataJSON().messages as Record<string, unknown>[];
    expect(messages.at(-3)).toMatchObject({ role: 'assistant', content: null });
    expect(messages.slice(-2)).toEqual([
      { role: 'tool', tool_call_id: 'call_b', content: 'noon' },
      { role: 'tool', tool_call_id: 'call_a', content: '3 degrees' },
    ]);
    // mock-llm echoes the last message (its template breaks on quotes, so the results are plain words).
    const answer = await lastReply('complete');
    // Polled: a markdown block just put in place is left out of innerText until a frame has found it on
    // screen (content-visibility: auto); a read at once missed it one run in three.
    await expect.poll(() => answer.innerText()).toContain('3 degrees');
  });

  it('speaks legacy to the same server when the connection says so, and reads its tool_calls answer', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Edit mock-llm' }).click();
    await page.getByLabel('Function calling').selectOption('legacy');
    await page.getByRole('button', { name: 'Save connection' }).click();
    await page.keyboard.press('Escape');
    const body = await send('And the weather tomorrow?');
    expect(body.tools).toBeUndefined();
    expect((body.functions as { name: string }[])[0]!.name).toBe('get_current_weather');
    // The earlier parallel calls and their results, rewritten: one function_call each, results named.
    const messages = body.messages as Record<string, unknown>[];
    expect(messages.filter((m) => m.function_call !== undefined)).toHaveLength(2);
    expect(messages.filter((m) => m.role === 'function').map((m) => m.name)).toEqual([
      'get_time',
      'get_weather',
    ]);
    expect(messages.some((m) => m.role === 'tool' || m.tool_calls !== undefined)).toBe(false);
    const reply = await lastReply('complete');
    await reply.getByRole('region', { name: /^Function call get_weather/ }).waitFor();
    await page.getByRole('checkbox', { name: /stream/ }).check();
  });

  it('sends a json_schema format and checks the reply against it', async () => {
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    // The new conversation is shown once it is saved: a format chosen before that is the old one's.
    await expect.poll(() => rows().count()).toBe(0);
    const json = await openSection('json-mode');
    await json.getByRole('combobox', { name: 'response_format' }).selectOption('json_schema');
    await json
      .getByRole('textbox', { name: /JSON Schema/ })
      .fill(
        '{"type":"object","properties":{"name":{"type":"string"},"legs":{"type":"integer"}},"required":["name","legs"]}',
      );
    const body = await send('json-please');
    expect(body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'reply', strict: true },
    });
    const reply = await lastReply('complete');
    await reply.getByRole('tree', { name: 'JSON reply tree' }).waitFor();
    expect(await reply.getByRole('status').last().innerText()).toMatch(/matches the pasted schema/);
    await json.getByRole('combobox', { name: 'response_format' }).selectOption('text');
  });

  it('reads an error sent as the first event as the request failing, with the server’s words', async () => {
    await send('error-401 please');
    const reply = await lastReply('error');
    const text = await reply.innerText();
    expect(text).toContain('Incorrect API key provided.');
    expect(text).toContain('failed: the request got no reply');
    expect(text).not.toContain('partial');
  });

  it('shows the server’s 500 with a string error and its message', async () => {
    await send('no-content');
    const reply = await lastReply('error');
    expect(await reply.innerText()).toMatch(/500/);
    expect(await reply.getByRole('alert').innerText()).toMatch(/TypeError: /);
    expect(errors).toEqual([]);
  });
});

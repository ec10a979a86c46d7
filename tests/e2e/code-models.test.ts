import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useServiceAndBrowser } from './support/service-and-browser';

// The code and models pages end to end in real Chromium against `npm start`.
const e2e = useServiceAndBrowser();

async function openPage(path: string, colorScheme: 'light' | 'dark' = 'light') {
  const page = await e2e.browser.newPage({ colorScheme, viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(new URL(path, e2e.service.url).href);
  return { page, errors };
}

function editorText(page: Page) {
  return page.locator('.cm-content').innerText();
}

describe('code page', () => {
  it('completes the prompt with the set parameters, shows it as a suggestion and accepts it with Tab', async () => {
    const { page, errors } = await openPage('/code');
    await page.getByLabel('Language').selectOption('python');
    await page.getByRole('textbox', { name: /^max_tokens/ }).fill('60');
    // The prompt is a plain text box until it is wanted: a click brings CodeMirror, focused.
    const prompt = await page.getByRole('textbox', { name: 'Prompt', exact: true }).inputValue();
    await page.getByRole('textbox', { name: 'Prompt', exact: true }).click();
    await page.locator('.cm-editor.cm-focused').waitFor();
    await page.keyboard.press('Control+End');
    const sent = page.waitForRequest((r) => r.url().endsWith('/code/completions'));
    await page.keyboard.press('Control+Enter');
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['language', 'max_tokens', 'model', 'prompt']);
    expect(body).toMatchObject({ model: 'svc-coder', language: 'python', max_tokens: 60 });

    const ghost = page.getByTestId('code-suggestion');
    await ghost.waitFor();
    const suggestion = await ghost.innerText();
    expect(suggestion.trim()).not.toBe('');
    await expect
      .poll(() => page.getByRole('region', { name: 'Completion' }).innerText())
      .toMatch(/finish_reason/);
    await screenshot(page, 'code-suggestion-light');

    await page.keyboard.press('Tab');
    await expect.poll(() => ghost.count()).toBe(0);
    const merged = await editorText(page);
    expect(merged.length).toBeGreaterThan(prompt.trimEnd().length);
    expect(merged).toContain(suggestion.trim().split('\n')[0]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the completion distinctly in the dark theme too', async () => {
    const { page, errors } = await openPage('/code', 'dark');
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.getByTestId('code-suggestion').waitFor();
    await screenshot(page, 'code-suggestion-dark');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('models page', () => {
  it('lists, filters and opens a model with every field', async () => {
    const { page, errors } = await openPage('/models');
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('row').count()).toBe(6);
    await page.getByRole('searchbox', { name: 'Filter' }).fill('vision');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await screenshot(page, 'models-filtered-light');
    await page.getByRole('link', { name: 'svc-vision' }).click();
    await page.getByRole('heading', { level: 1, name: 'Model svc-vision' }).waitFor();
    const raw = JSON.parse(await page.getByLabel('Raw model JSON').innerText()) as Record<string, unknown>;
    expect(raw).toMatchObject({ id: 'svc-vision', object: 'model' });
    await screenshot(page, 'model-detail-light');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows model_not_found for an unknown id in the URL', async () => {
    const { page, errors } = await openPage('/models/not-a-model', 'dark');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect.poll(() => alert.innerText()).toContain('model_not_found');
    await screenshot(page, 'model-not-found-dark');
    expect(errors).toEqual([]);
    await page.close();
  });
});

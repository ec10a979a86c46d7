/**
 * The composer's token meter in real Chromium against `npm start` (issue 29): the tokenizer loads in
 * a worker on the first intent to write, and its count of what is typed is the count the service
 * puts in the reply's usage.
 */
import { describe, expect, it } from 'vitest';
import { countMessageTokens } from '../../server/tokens';
import { screenshot } from './support/browser';
import { useServiceAndBrowser } from './support/service-and-browser';

const env = useServiceAndBrowser();

describe('the composer token meter', () => {
  it('counts in a worker what the service counts, against the local service context', async () => {
    const page = await env.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(new URL('/chat', env.service.url).href);
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await box.waitFor();
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    const meter = page.getByTestId('context-meter');
    await expect.poll(() => meter.innerText()).toMatch(/estimate/);
    expect(workers).toEqual([]);

    const text = 'Tokenizers split text into pieces: “naïve café” and 12345 are a few of them.';
    await box.fill(text);
    const expected = countMessageTokens([{ role: 'user', content: text }]);
    await expect
      .poll(() => meter.innerText(), { timeout: 120_000 })
      .toBe(
        `${expected} prompt tokens · max_tokens unset · ${(131_072 - expected).toLocaleString('en-US')} left of 131,072`,
      );
    expect(workers.some((url) => /token-count-worker/.test(url))).toBe(true);
    await screenshot(page, 'context-meter');
    await box.press('Enter');
    const footer = page
      .getByRole('list', { name: 'Transcript' })
      .locator(':scope > li')
      .nth(1)
      .getByTestId('reply-footer');
    await expect.poll(() => footer.innerText(), { timeout: 120_000 }).toContain(`${expected} prompt + `);
    await page.close();
  });
});

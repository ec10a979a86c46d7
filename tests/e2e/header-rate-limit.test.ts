import { describe, expect, it } from 'vitest';
import { useServiceAndBrowser } from './support/service-and-browser';

// The header is one row from 1280 px. The rate-limit badge that comes with the first reply had pushed
// the theme toggle and Settings onto a second row at 1280 and 1440 (the Experiments page had made
// the row longer): it shows what fits, and the rest is read out and in its title.
const e2e = useServiceAndBrowser();

describe('the header with the rate limit shown', () => {
  it.each([
    [1280, /^\d+\/60$/],
    [1440, /^\d+\/60 \(chat\) · resets in /],
    [1536, /^Rate limit \d+\/60 \(chat\) · resets in .+ \(.+\)$/],
  ])('keeps Settings on the pages’ row at %i px', async (width, visible) => {
    const page = await e2e.browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(new URL('/chat', e2e.service.url).href);
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await box.fill('Hi');
    await box.press('Enter');
    const badge = page.getByTestId('rate-limit');
    await badge.waitFor();
    const top = (name: string, role: 'button' | 'link') =>
      page
        .getByRole('banner')
        .getByRole(role, { name, exact: true })
        .evaluate((element) => Math.round(element.getBoundingClientRect().top + element.clientHeight / 2));
    expect(Math.abs((await top('Settings', 'button')) - (await top('Models', 'link')))).toBeLessThanOrEqual(
      2,
    );
    // What a sighted reader sees: the text of the badge's parts that are not visually hidden.
    const seen = await badge.evaluate((element) => {
      const walk = (node: Node): string =>
        node instanceof HTMLElement && getComputedStyle(node).position === 'absolute'
          ? ''
          : node.nodeType === Node.TEXT_NODE
            ? (node.textContent ?? '')
            : [...node.childNodes].map(walk).join('');
      return walk(element).trim();
    });
    expect(seen).toMatch(visible);
    expect(await badge.getAttribute('title')).toMatch(/^Rate limit \d+\/60 \(chat\)$/);
    await page.close();
  });
});

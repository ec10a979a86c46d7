import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chunkName, DESKTOP, NetworkWatch } from '../../bench/support/first-load';
import { screenshot } from './support/browser';
import { useServiceAndBrowser } from './support/service-and-browser';

// Issue 29, item 10, in Chromium against `npm start`: the chat page fetched the hidden inspector
// tabs' code (Functions with CodeMirror, JSON, Wire) as soon as it was idle, doubling what its first
// load took; /code fetched the grammars of all eight of its languages. Now a hidden tab's code is
// fetched on the intent to open it — the pointer over its tab, focus on it — or when it is opened,
// and a grammar when its language is chosen or guessed.
const e2e = useServiceAndBrowser();

/** Opens `route` in a fresh context, with its network watched from the start, and waits for idle. */
async function openIdle(route: string) {
  const context = await e2e.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const watch = await NetworkWatch.attach(context, page);
  await page.goto(new URL(route, e2e.service.url).href);
  await watch.settled(page);
  return { context, page, watch, errors };
}

const fetched = (watch: NetworkWatch, name: string) =>
  watch.scripts().some((file) => chunkName(file) === name);
const tab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Inspector' }).getByRole('tab', { name, exact: true });
const panel = (page: Page, id: string) => page.locator(`[role="tabpanel"][data-section="${id}"]`);

describe('the first page loads a hidden tab’s code on intent, not on mount', () => {
  it('fetches Functions, JSON and Wire on hover, focus or open, and each then opens with its content', async () => {
    const { context, page, watch, errors } = await openIdle('/chat');
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    await expect.poll(() => tab(page, 'Parameters').getAttribute('aria-selected')).toBe('true');
    // Idle, and nothing of the hidden tabs has been fetched (nor CodeMirror, which only Functions uses).
    const idle = watch.scripts().map(chunkName);
    for (const name of ['functions-section', 'json-mode-section', 'chat-wire-section', 'wire-pane'])
      expect(idle, `${name} fetched before any intent`).not.toContain(name);
    // A first visit has no stored record to check: its blank conversation is saved with the list's
    // index checks only, not the records' (the conversation checks and the request rules).
    expect(idle).toContain('stored-index');
    for (const name of ['stored-conversations', 'conversation-checks'])
      expect(idle, `${name} fetched on a first visit`).not.toContain(name);
    const codeMirror = await page.evaluate(() => document.querySelector('.cm-editor') !== null);
    expect(codeMirror).toBe(false);

    // The pointer over Functions fetches its code, and only its code; the tab stays as it was.
    await tab(page, 'Functions').hover();
    await expect.poll(() => fetched(watch, 'functions-section')).toBe(true);
    expect(fetched(watch, 'json-mode-section')).toBe(false);
    expect(fetched(watch, 'chat-wire-section')).toBe(false);
    expect(await tab(page, 'Parameters').getAttribute('aria-selected')).toBe('true');
    await tab(page, 'Functions').click();
    const functions = panel(page, 'functions');
    await functions.getByRole('combobox', { name: 'Add a template' }).waitFor();
    await functions.locator('.cm-editor').waitFor();

    // Focus on JSON (as a screen reader's or a script's focus moves, without opening) fetches its code.
    await tab(page, 'JSON').focus();
    await expect.poll(() => fetched(watch, 'json-mode-section')).toBe(true);
    expect(fetched(watch, 'chat-wire-section')).toBe(false);
    // The keyboard: from the focused tab, arrows open the next ones (automatic activation).
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab(page, 'JSON').getAttribute('aria-selected')).toBe('true');
    await panel(page, 'json-mode').getByRole('combobox', { name: 'response_format' }).waitFor();

    // Wire, never hovered or focused, is fetched when opened, and opens with its pane.
    expect(fetched(watch, 'chat-wire-section')).toBe(false);
    await tab(page, 'Wire').click();
    await panel(page, 'wire').getByRole('region', { name: 'Wire pane' }).waitFor();
    expect(fetched(watch, 'chat-wire-section')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fetches the Settings dialog and the request code on the intent to use them, and both then work', async () => {
    const { context, page, watch, errors } = await openIdle('/chat');
    const message = page.getByRole('textbox', { name: 'Message', exact: true });
    await message.waitFor();
    expect(fetched(watch, 'settings-dialog')).toBe(false);
    expect(fetched(watch, 'reply-machinery')).toBe(false);
    // A new conversation has nothing to scroll: the transcript's scroll controller comes with a message.
    expect(fetched(watch, 'stick-to-bottom-controller')).toBe(false);

    // The pointer over Settings fetches the dialog's code; a click opens it.
    const settings = page.getByRole('button', { name: 'Settings', exact: true });
    await settings.hover();
    await expect.poll(() => fetched(watch, 'settings-dialog')).toBe(true);
    await settings.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(fetched(watch, 'reply-machinery')).toBe(false);

    // Focus in the composer (the keyboard's way in, no pointer) fetches the request code; Send sends.
    await message.focus();
    await expect.poll(() => fetched(watch, 'reply-machinery')).toBe(true);
    await message.fill('Say hello.');
    await message.press('Enter');
    const reply = page.getByRole('list', { name: 'Transcript' }).locator(':scope > li').last();
    await expect.poll(() => reply.getAttribute('data-status')).toBe('complete');
    expect((await reply.innerText()).length).toBeGreaterThan(0);
    expect(fetched(watch, 'stick-to-bottom-controller')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows /code’s prompt as plain text until it is wanted, then CodeMirror with the prompt as it was', async () => {
    const { context, page, watch, errors } = await openIdle('/code');
    const prompt = page.getByRole('textbox', { name: 'Prompt', exact: true });
    // Idle: the prompt is a text box, and neither CodeMirror nor a grammar has been fetched.
    expect(await prompt.evaluate((element) => element.tagName)).toBe('TEXTAREA');
    const example = await prompt.inputValue();
    expect(example).toMatch(/^def /);
    expect(await page.locator('.cm-editor').count()).toBe(0);
    expect(fetched(watch, 'codemirror')).toBe(false);
    const scriptsAtIdle = watch.scripts().length;
    await screenshot(page, 'code-plain-prompt');

    // The pointer over the prompt brings CodeMirror, with the prompt as it was, highlighted.
    await prompt.hover();
    await page.locator('.cm-content').waitFor();
    expect(fetched(watch, 'codemirror')).toBe(true);
    expect(watch.scripts().length).toBeGreaterThan(scriptsAtIdle);
    await expect
      .poll(async () => (await page.locator('.cm-content').innerText()).trimEnd())
      .toBe(example.trimEnd());
    // The example prompt is Python: its grammar highlights it, and no other language's was fetched.
    const defKeyword = page.locator('.cm-content span.text-purple-700', { hasText: /^def$/ });
    await defKeyword.first().waitFor();
    await screenshot(page, 'code-codemirror-prompt');
    const grammars = () => watch.scripts().map(chunkName);
    expect(fetched(watch, 'wire-pane')).toBe(false);
    const beforeRust = grammars().length;

    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('rust');
    // Rust's grammar arrives and highlights: `def` is not a Rust keyword.
    await expect.poll(() => defKeyword.count()).toBe(0);
    expect(grammars().length).toBeGreaterThan(beforeRust);

    await tab(page, 'Wire').hover();
    await expect.poll(() => fetched(watch, 'wire-pane')).toBe(true);
    await tab(page, 'Wire').click();
    await panel(page, 'wire').getByRole('region', { name: 'Wire pane' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loses nothing typed into /code’s prompt while CodeMirror is on its way', async () => {
    const { context, page, errors } = await openIdle('/code');
    // CodeMirror's file arrives 300 ms after it is asked for, so that it takes the text box's place
    // in the middle of the typing below (a clean-clone run once lost the caret there: keys typed
    // between the file's arrival and the swap were put after the caret CodeMirror started with).
    await context.route(/\/assets\/codemirror-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    const prompt = page.getByRole('textbox', { name: 'Prompt', exact: true });
    const example = await prompt.inputValue();
    // Focus (the keyboard's way in) asks for CodeMirror, and typing goes on at once: some keys land in
    // the text box, the rest in CodeMirror once it has taken the text box's place.
    await prompt.evaluate((element: HTMLTextAreaElement) => {
      element.focus();
      element.setSelectionRange(element.value.length, element.value.length);
    });
    const typed = '    if n < 2:\n        return n\n    return fibonacci(n - 1) + fibonacci(n - 2)';
    await page.keyboard.type(typed, { delay: 15 });
    await page.locator('.cm-editor.cm-focused').waitFor();
    // CodeMirror keeps the indentation of the line above on Enter; the text box does not: compare
    // without the leading spaces of each line.
    const lines = (text: string) => text.trimEnd().split('\n').map((line) => line.trim());
    await expect
      .poll(async () => lines(await page.locator('.cm-content').innerText()))
      .toEqual(lines(`${example}${typed}`));
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * Files chosen in a page's file input from disk, as a person would choose them (a buffer handed to
 * Playwright is rebuilt inside the page by script, a long task of the test's own making). Chromium
 * reads a chosen file when the page gets to it, not when it is chosen: a file deleted straight after
 * `setInputFiles` was, under load, gone before the page read it ("A requested file or directory
 * could not be found"). So the files stay until `removeChosenFiles`, in the suite's `afterAll`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';

const folders: string[] = [];

/** Writes `text` to a file called `name` and chooses it in `input`. */
export async function chooseFromDisk(input: Locator, name: string, text: string): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'svc-chosen-'));
  folders.push(folder);
  const file = path.join(folder, name);
  await writeFile(file, text);
  await input.setInputFiles(file);
}

/** Deletes every file chosen so far. */
export async function removeChosenFiles(): Promise<void> {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
}

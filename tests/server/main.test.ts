import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const URL_LINE = /^svc-playground: (http:\/\/127\.0\.0\.1:\d+\/)$/m;
const KEY_LINE = /^svc-playground: API key (\S+)$/m;

interface Started {
  child: ChildProcess;
  url: string;
  key: string;
  output: () => string;
  exit: Promise<number | null>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function tinyDist(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'svc-main-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>tiny dist</title>');
  return dist;
}

/** Runs server/main.ts as `npm start` does, without building, and waits for its URL and key. */
function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--no-build'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const url = URL_LINE.exec(out)?.[1];
      const key = KEY_LINE.exec(out)?.[1];
      if (url && key) resolve({ child, url, key, output: () => out, exit });
    };
    child.stdout!.on('data', check);
    void exit.then((code) =>
      reject(new Error(`main.ts exited with ${code} before printing its URL:\n${out}`)),
    );
  });
}

async function stop(started: Started): Promise<number | null> {
  started.child.kill('SIGTERM');
  return started.exit;
}

describe('npm start (server/main.ts)', () => {
  it('prints its URL and a generated key, serves the API and the page, keeps the key across restarts, exits 0 on SIGTERM', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'svc-main-data-')), 'data');
    const env = { SVC_DATA_DIR: dataDir, SVC_DIST_DIR: tinyDist() };
    const first = await start(env);
    expect(first.key).toMatch(/^svc-local-/);
    // Only this entry paces the reference engine by default, so Stop has a reply to stop.
    expect(first.output()).toMatch(/^svc-playground: reference engine paced at 80 tokens\/s /m);
    expect(existsSync(path.join(dataDir, 'local-key'))).toBe(true);

    const withKey = await fetch(`${first.url}v1/models`, {
      headers: { authorization: `Bearer ${first.key}` },
    });
    expect(withKey.status).toBe(200);
    expect(((await withKey.json()) as { data: unknown[] }).data).toHaveLength(5);
    expect((await fetch(`${first.url}v1/models`)).status).toBe(401);
    expect(await (await fetch(`${first.url}chat`)).text()).toContain('tiny dist');

    // A stream left open must not stop a clean exit.
    const stream = await fetch(`${first.url}v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'svc-chat',
        stream: true,
        messages: [{ role: 'user', content: 'write 5000 words' }],
      }),
    });
    await stream.body!.getReader().read();
    expect(await stop(first)).toBe(0);
    // The key is printed once, on its own line, and nowhere else.
    expect(first.output().split(first.key)).toHaveLength(2);

    const second = await start(env);
    expect(second.key).toBe(first.key);
    expect(await stop(second)).toBe(0);
  }, 60_000);

  it('prints a configured key and generates none', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-main-data-'));
    const started = await start({
      SVC_API_KEYS: 'my-own-key,second',
      SVC_DATA_DIR: dataDir,
      SVC_DIST_DIR: tinyDist(),
      SVC_REFERENCE_TOKENS_PER_SECOND: '0',
    });
    expect(started.key).toBe('my-own-key');
    expect(started.output()).not.toContain('paced');
    expect(existsSync(path.join(dataDir, 'local-key'))).toBe(false);
    const response = await fetch(`${started.url}models`, { headers: { authorization: 'Bearer second' } });
    expect(response.status).toBe(200);
    expect(await stop(started)).toBe(0);
  }, 60_000);

  it('exits 1 with a message naming the variable when the configuration is invalid', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--no-build'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: 'nope', SVC_DIST_DIR: tinyDist() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(err).toMatch(/PORT="nope" is not valid: expected an integer port/);
  }, 60_000);
});

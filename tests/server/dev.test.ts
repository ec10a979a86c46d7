import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

describe('npm run dev (server/dev.ts)', () => {
  it('serves Vite with its HMR client and the local service in one origin, and stops on SIGTERM', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/dev.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: os.tmpdir(),
        PORT: '0',
        SVC_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'svc-dev-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    const exit = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    const { url, key } = await new Promise<{ url: string; key: string }>((resolve, reject) => {
      child!.stdout!.on('data', (b: Buffer) => {
        out += b.toString();
        const url = /^svc-playground: (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(out)?.[1];
        const key = /^svc-playground: API key (\S+)$/m.exec(out)?.[1];
        if (url && key) resolve({ url, key });
      });
      void exit.then((code) => reject(new Error(`dev.ts exited with ${code}:\n${out}`)));
    });

    const cross = { origin: 'http://localhost:5173' };
    const response = await fetch(`${url}chat`, { headers: { accept: 'text/html', ...cross } });
    const page = await response.text();
    expect(page).toContain('/@vite/client');
    // Vite's inline React refresh preamble must run, so only framing and sniffing are restricted in
    // development; Vite's files carry no CORS, the API keeps its own.
    expect(response.headers.get('content-security-policy')).toBe(
      "frame-ancestors 'self'; object-src 'none'; base-uri 'self'",
    );
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const module = await fetch(`${url}src/main.tsx`, { headers: cross });
    expect(module.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(module.headers.get('x-content-type-options')).toBe('nosniff');
    expect(module.headers.get('access-control-allow-origin')).toBeNull();
    const models = await fetch(`${url}v1/models`, { headers: { authorization: `Bearer ${key}`, ...cross } });
    expect(models.status).toBe(200);
    expect(models.headers.get('access-control-allow-origin')).toBe('*');
    expect((await fetch(`${url}models`)).status).toBe(401);
    const bootstrap = (await (await fetch(`${url}__local/bootstrap`)).json()) as {
      baseURL: string;
      apiKey: string;
    };
    expect(bootstrap).toMatchObject({ baseURL: `${url}v1`, apiKey: key });

    child.kill('SIGTERM');
    // Vite's own SIGTERM handler closes the server and exits with 143 (128 + SIGTERM), as dev servers do.
    expect([0, 143]).toContain(await exit);
  }, 60_000);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface RunningService {
  url: string;
  apiKey: string;
  output: () => string;
  stop: () => Promise<void>;
}

const URL_LINE = /^svc-playground: (http:\/\/\S+)$/m;
const KEY_LINE = /^svc-playground: API key (\S+)$/m;

/**
 * Starts the playground exactly as a newcomer does (`npm start`, which builds the app when it is
 * missing or stale) on an ephemeral loopback port with a throw-away data directory, and resolves once
 * it has printed its URL and key.
 */
export async function startService(
  env: Record<string, string> = {},
  timeoutMs = 150_000,
): Promise<RunningService> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'svc-e2e-'));
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    // Unpaced unless a caller asks for a pace: `npm start` alone paces replies like a real model.
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SVC_DATA_DIR: dataDir,
      SVC_REFERENCE_TOKENS_PER_SECOND: process.env.SVC_REFERENCE_TOKENS_PER_SECOND ?? '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (out += b.toString()));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // The whole group: npm, tsx and the service itself.
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`npm start printed no URL within ${timeoutMs} ms:\n${out}`)),
        timeoutMs,
      );
      const check = (): void => {
        if (URL_LINE.test(out) && KEY_LINE.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', check);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited with ${code} before printing its URL:\n${out}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const url = URL_LINE.exec(out)![1]!;
  const apiKey = KEY_LINE.exec(out)![1]!;
  return { url, apiKey, output: () => out, stop };
}

/**
 * API keys: constant-time matching, and the local key that `npm start` generates when no key is
 * configured, kept under the user's data directory so it survives restarts.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, openSync, readFileSync, writeSync, closeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Returns the accepted key equal to `candidate`, or null. Every key is compared, through fixed-length
 * digests, so the time taken says nothing about how much of a key matched or which key it was.
 */
export function matchKey(candidate: string, keys: readonly string[]): string | null {
  const probe = digest(candidate);
  let found: string | null = null;
  for (const key of keys) {
    if (timingSafeEqual(probe, digest(key)) && found === null) found = key;
  }
  return found;
}

/**
 * The directory of the generated key: SVC_DATA_DIR when set, else $XDG_DATA_HOME/svc-playground,
 * else ~/.local/share/svc-playground.
 */
export function dataDirectory(env: Record<string, string | undefined>, configured: string | null): string {
  if (configured) return path.resolve(configured);
  const xdg = env.XDG_DATA_HOME?.trim();
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.local', 'share');
  return path.join(base, 'svc-playground');
}

const LOCAL_KEY_FILE = 'local-key';
const LOCAL_KEY_PATTERN = /^svc-local-[A-Za-z0-9_-]{43}$/;

/** A fresh local key: `svc-local-` and 32 random bytes in base64url. */
export function generateLocalKey(): string {
  return `svc-local-${randomBytes(32).toString('base64url')}`;
}

/**
 * Reads the local key from `<dir>/local-key`, creating it (mode 0600, directory 0700) on first use.
 * Creation is exclusive, so two services starting at once end up with the same key.
 */
export function loadOrCreateLocalKey(dir: string): { key: string; file: string; created: boolean } {
  const file = path.join(dir, LOCAL_KEY_FILE);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = generateLocalKey();
  try {
    const fd = openSync(file, 'wx', 0o600);
    try {
      writeSync(fd, `${key}\n`);
    } finally {
      closeSync(fd);
    }
    return { key, file, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new Error(
        `Could not create the local API key file ${file}: ${(error as Error).message}. Set SVC_DATA_DIR to a writable directory or SVC_API_KEYS to your own key.`,
      );
    }
  }
  const stored = readFileSync(file, 'utf8').trim();
  if (!LOCAL_KEY_PATTERN.test(stored)) {
    throw new Error(
      `The local API key file ${file} does not hold a key this service wrote. Delete it to get a new key, or set SVC_API_KEYS.`,
    );
  }
  return { key: stored, file, created: false };
}

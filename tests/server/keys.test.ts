import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirectory, loadOrCreateLocalKey, matchKey } from '../../server/keys';

describe('matchKey', () => {
  it('finds the accepted key equal to the candidate and nothing else', () => {
    expect(matchKey('b', ['a', 'b'])).toBe('b');
    expect(matchKey('c', ['a', 'b'])).toBeNull();
    expect(matchKey('', ['a'])).toBeNull();
    expect(matchKey('a', [])).toBeNull();
    expect(matchKey('ab', ['a'])).toBeNull();
  });
});

describe('the local key file', () => {
  it('creates a key with mode 0600 and returns the same key on the next start', () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'svc-keys-')), 'nested');
    const first = loadOrCreateLocalKey(dir);
    expect(first.created).toBe(true);
    expect(first.key).toMatch(/^svc-local-[A-Za-z0-9_-]{43}$/);
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    const second = loadOrCreateLocalKey(dir);
    expect(second).toEqual({ key: first.key, file: first.file, created: false });
    expect(readFileSync(first.file, 'utf8').trim()).toBe(first.key);
  });

  it('refuses a key file it did not write, saying how to recover', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-keys-'));
    writeFileSync(path.join(dir, 'local-key'), 'garbage');
    expect(() => loadOrCreateLocalKey(dir)).toThrow(/Delete it to get a new key, or set SVC_API_KEYS/);
  });

  it('lives in SVC_DATA_DIR, else XDG_DATA_HOME, else ~/.local/share', () => {
    expect(dataDirectory({}, '/data/x')).toBe('/data/x');
    expect(dataDirectory({ XDG_DATA_HOME: '/xdg' }, null)).toBe('/xdg/svc-playground');
    expect(dataDirectory({}, null)).toBe(path.join(os.homedir(), '.local', 'share', 'svc-playground'));
  });
});

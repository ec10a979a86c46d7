import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id such as `chatcmpl-9aQ2…` (24 alphanumeric characters after the prefix). */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = '';
  // 256 is a multiple of 62 only approximately; the slight bias does not matter for ids.
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}${id}`;
}

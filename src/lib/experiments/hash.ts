/**
 * A fast, synchronous 64-bit text hash for ids and cache keys: row ids from a row's variables, and
 * request keys from the exact request. Not a cryptographic hash (nothing here is secret or
 * adversarial: a collision makes two cells share an id, it leaks nothing). Web Crypto's digest is
 * asynchronous and missing outside secure contexts (a page on a LAN address), so it is not used.
 */

/** Two FNV-1a lanes with different offsets, read as 16 hex digits. */
export function hash64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

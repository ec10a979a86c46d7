/**
 * Loopback checks for the page bootstrap: the peer's address and the Host header.
 */
import { isIP } from 'node:net';

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1' || address === '0:0:0:0:0:0:0:1';
}

/**
 * True when a Host header names this machine by a loopback name or address (`localhost`,
 * `127.x.x.x`, `[::1]`, with any port). A DNS-rebinding page arrives with its own host name here.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/i.exec(host.trim());
  if (!match?.[1]) return false;
  const name = match[1].toLowerCase();
  if (name === 'localhost') return true;
  if (name.startsWith('[')) return isLoopbackAddress(name.slice(1, -1));
  return isIP(name) === 4 && name.startsWith('127.');
}

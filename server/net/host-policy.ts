/**
 * Which hosts the service may fetch from. Names are checked before any DNS query; addresses (literal
 * or resolved) are checked before any connection.
 */
import { classifyAddress, isIpLiteral } from './ip-address';

/** How private addresses are treated. */
export interface HostPolicy {
  /**
   * Allow loopback and private hosts (for a service used on one's own machine). Metadata addresses
   * (metadata-addresses.ts, link-local ranges included) and metadata names stay blocked even then.
   */
  allowPrivateHosts: boolean;
  /** Exact addresses allowed even though they are private (narrower than allowPrivateHosts). */
  allowedAddresses?: readonly string[];
}

const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.com',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.packet.net',
  'metadata.platformequinix.com',
]);

const INTERNAL_SUFFIXES = [
  '.localhost',
  '.local',
  '.internal',
  '.localdomain',
  '.home.arpa',
  '.lan',
  '.intranet',
];

/** Lower-cases a host name and drops trailing dots (`localhost.` is `localhost`). */
export function normalizeHostname(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '');
}

/** Strips the brackets the URL parser keeps around IPv6 literals. */
export function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** Returns why a host name (not an address) may not be fetched, or null when it may be resolved. */
export function refuseHostname(hostname: string, policy: HostPolicy): string | null {
  const name = normalizeHostname(hostname);
  if (METADATA_NAMES.has(name)) return `"${name}" is a cloud metadata service name`;
  if (policy.allowPrivateHosts) return null;
  if (name === 'localhost' || name.endsWith('.localhost')) return `"${name}" names this machine (localhost)`;
  const suffix = INTERNAL_SUFFIXES.find((s) => name.endsWith(s));
  if (suffix) return `"${name}" is a local-network name (*${suffix})`;
  if (!name.includes('.')) return `"${name}" is a single-label name, which resolves only on a local network`;
  return null;
}

/** Returns why an address (literal or resolved) may not be connected to, or null when it may. */
export function refuseAddress(address: string, policy: HostPolicy): string | null {
  const verdict = classifyAddress(address);
  if (!verdict.blocked) return null;
  const allowed = policy.allowPrivateHosts || policy.allowedAddresses?.includes(address) === true;
  if (allowed && !verdict.metadata) return null;
  return `${address} is not fetched: ${verdict.reason}`;
}

/** True when the URL's host is an address literal rather than a name. */
export function isAddressHost(hostname: string): boolean {
  return isIpLiteral(unbracket(hostname));
}

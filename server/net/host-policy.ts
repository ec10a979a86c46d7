/**
 * Which hosts the service may fetch from. Names are checked before any DNS query; addresses (literal
 * or resolved) are checked before any connection.
 */
import { hostNameKind } from '../../src/protocol/host-names';
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
  const kind = hostNameKind(name);
  if (kind?.kind === 'metadata') return `"${name}" is a cloud metadata service name`;
  if (policy.allowPrivateHosts || kind === null) return null;
  if (kind.kind === 'localhost') return `"${name}" names this machine (localhost)`;
  if (kind.kind === 'local-network') return `"${name}" is a local-network name (*${kind.suffix})`;
  return `"${name}" is a single-label name, which resolves only on a local network`;
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

/**
 * Which host names the service will not fetch from, before any DNS query: shared by the service's
 * policy (server/net/host-policy.ts) and the pages that warn before sending (vision's image URLs),
 * each saying it in its own words.
 */
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

const LOCAL_SUFFIXES = ['.local', '.internal', '.localdomain', '.home.arpa', '.lan', '.intranet'];

export type HostNameKind =
  | { kind: 'metadata' }
  | { kind: 'localhost' }
  | { kind: 'local-network'; suffix: string }
  | { kind: 'single-label' };

/**
 * What a normalised (lower-case, no trailing dot) host name is, when it is one the service refuses:
 * a cloud metadata service (always refused), this machine, a local-network name or a single label
 * (refused unless private hosts are allowed). Null for a public-looking name.
 */
export function hostNameKind(name: string): HostNameKind | null {
  if (METADATA_NAMES.has(name)) return { kind: 'metadata' };
  if (name === 'localhost' || name.endsWith('.localhost')) return { kind: 'localhost' };
  const suffix = LOCAL_SUFFIXES.find((s) => name.endsWith(s));
  if (suffix) return { kind: 'local-network', suffix };
  if (!name.includes('.')) return { kind: 'single-label' };
  return null;
}

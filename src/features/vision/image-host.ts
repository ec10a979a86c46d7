/**
 * Which image hosts the service will not fetch, judged in the browser before sending. The service
 * decides with server/net (host-policy, ip-address, metadata-addresses); this is the same decision,
 * written small for the page, and tests/unit/vision/image-host.test.ts holds the two in step. It reads
 * the host as the URL parser leaves it: IPv4 in any spelling (`0x7f.1`, `2130706433`) is already
 * dotted decimal, and IPv6 is compressed lower-case hex.
 *
 * What it cannot see is where a name resolves: a public-looking name that points at 127.0.0.1 is
 * refused by the service only, and the page then names the image from the service's answer.
 */
import { hostNameKind } from '../../protocol/host-names';

/** Why the service will not fetch a URL's host. */
export interface HostRefusal {
  /** Said after the host: "… is <reason>". */
  reason: string;
  /**
   * Refused only because it is loopback or private: a service started to fetch such addresses
   * (SVC_VISION_ALLOW_PRIVATE_HOSTS=1) takes it. Metadata addresses and credentials never pass.
   */
  private: boolean;
}

type Range = { bits: number[]; prefix: number; what: string; metadata?: true };

function range(cidr: string, what: string, metadata?: true): Range {
  const [address = '', prefix = ''] = cidr.split('/');
  const bits = address.includes(':') ? v6Words(address) : v4Words(address);
  return {
    bits: bits ?? [],
    prefix: Number(prefix),
    what: `${what} (${cidr})`,
    ...(metadata ? { metadata } : {}),
  };
}

/** IPv4 as two 16-bit words, so both families match alike. */
function v4Words(text: string): number[] | null {
  const octets = text.split('.').map(Number);
  if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) return null;
  const [a = 0, b = 0, c = 0, d = 0] = octets;
  return [(a << 8) | b, (c << 8) | d];
}

function v6Words(text: string): number[] | null {
  const [head = '', tail, extra] = text.split('::');
  if (extra !== undefined) return null;
  const read = (part: string) => (part === '' ? [] : part.split(':').map((w) => parseInt(w, 16)));
  const left = read(head);
  const right = tail === undefined ? [] : read(tail);
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const words = [...left, ...Array<number>(Math.max(fill, 0)).fill(0), ...right];
  return words.length === 8 && words.every((w) => w >= 0 && w <= 0xffff) ? words : null;
}

function inRange(words: number[], { bits, prefix }: Range): boolean {
  for (let i = 0, left = prefix; left > 0; i += 1, left -= 16) {
    const mask = left >= 16 ? 0xffff : (0xffff << (16 - left)) & 0xffff;
    if (((words[i] ?? 0) & mask) !== ((bits[i] ?? 0) & mask)) return false;
  }
  return true;
}

const METADATA = 'a cloud metadata address';

// First match wins: metadata endpoints are named before the ranges they sit in.
const V4_RANGES: Range[] = [
  range('169.254.169.254/32', METADATA, true),
  range('169.254.170.2/32', METADATA, true),
  range('169.254.170.23/32', METADATA, true),
  range('100.100.100.200/32', METADATA, true),
  range('192.0.0.192/32', METADATA, true),
  range('168.63.129.16/32', METADATA, true),
  range('169.254.0.0/16', 'a link-local address, where metadata services live', true),
  range('127.0.0.0/8', 'a loopback address'),
  range('10.0.0.0/8', 'a private network address'),
  range('172.16.0.0/12', 'a private network address'),
  range('192.168.0.0/16', 'a private network address'),
  range('100.64.0.0/10', 'a carrier-grade NAT address'),
  range('0.0.0.0/8', 'a "this network" address'),
  range('224.0.0.0/4', 'a multicast address'),
  ...[
    '192.0.0.0/24',
    '192.0.2.0/24',
    '192.88.99.0/24',
    '192.31.196.0/24',
    '192.52.193.0/24',
    '192.175.48.0/24',
    '198.18.0.0/15',
    '198.51.100.0/24',
    '203.0.113.0/24',
    '240.0.0.0/4',
  ].map((cidr) => range(cidr, 'a reserved address')),
];

const V6_RANGES: Range[] = [
  range('fd00:ec2::254/128', METADATA, true),
  range('fd00:ec2::23/128', METADATA, true),
  range('fd20:ce::254/128', METADATA, true),
  range('fe80::/10', 'a link-local IPv6 address, where metadata services live', true),
  range('::1/128', 'the IPv6 loopback address'),
  range('::/128', 'the unspecified IPv6 address'),
  range('fc00::/7', 'a unique local (private) IPv6 address'),
  ...['2001::/23', '2001:db8::/32', '3fff::/20', '2620:4f:8000::/48'].map((cidr) =>
    range(cidr, 'a reserved IPv6 address'),
  ),
];

const GLOBAL_UNICAST = range('2000::/3', '');

/** IPv6 forms that carry an IPv4 address, judged by the address they carry; [range, its word]. */
const CARRIERS: [Range, number][] = [
  [range('::ffff:0:0/96', 'an IPv4-mapped IPv6 address'), 6],
  [range('64:ff9b::/96', 'a NAT64 address'), 6],
  [range('2002::/16', 'a 6to4 address'), 1],
];

const IPV4_COMPATIBLE = range('::/96', 'an IPv4-compatible IPv6 address, deprecated');

function refusal(found: Range | undefined): HostRefusal | null {
  return found ? { reason: found.what, private: found.metadata !== true } : null;
}

function refuseV4(words: number[]): HostRefusal | null {
  return refusal(V4_RANGES.find((r) => inRange(words, r)));
}

function carried(inner: HostRefusal | null, form: Range): HostRefusal | null {
  return inner && { ...inner, reason: `${inner.reason}, written as ${form.what}` };
}

function refuseV6(words: number[]): HostRefusal | null {
  const carrier = CARRIERS.find(([r]) => inRange(words, r));
  if (carrier) return carried(refuseV4(words.slice(carrier[1], carrier[1] + 2)), carrier[0]);
  const found = refusal(V6_RANGES.find((r) => inRange(words, r)));
  if (found) return found;
  if (inRange(words, IPV4_COMPATIBLE)) {
    // Unroutable either way, but a metadata address written so must still read as one.
    const inner = carried(refuseV4(words.slice(6)), IPV4_COMPATIBLE);
    return inner && !inner.private ? inner : refusal(IPV4_COMPATIBLE);
  }
  if (inRange(words, GLOBAL_UNICAST)) return null;
  return { reason: 'an IPv6 address outside global unicast (2000::/3)', private: true };
}

function refuseName(name: string): HostRefusal | null {
  const kind = hostNameKind(name);
  switch (kind?.kind) {
    case undefined:
      return null;
    case 'metadata':
      return { reason: 'a cloud metadata service name', private: false };
    case 'localhost':
      return { reason: 'a name of the machine the service runs on (localhost)', private: true };
    case 'local-network':
      return { reason: `a local-network name (*${kind.suffix})`, private: true };
    case 'single-label':
      return { reason: 'a single-label name, which resolves only on a local network', private: true };
  }
}

/** Why the service will not fetch this http(s) URL's host, or null when it may. */
export function refuseImageHost(url: URL): HostRefusal | null {
  if (url.username || url.password)
    return { reason: 'given with a user name or password, which the service never sends', private: false };
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  if (host.startsWith('[')) {
    const words = v6Words(host.slice(1, -1));
    return words ? refuseV6(words) : null;
  }
  const v4 = /^\d+\.\d+\.\d+\.\d+$/.test(host) ? v4Words(host) : null;
  return v4 ? refuseV4(v4) : refuseName(host);
}

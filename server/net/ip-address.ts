/**
 * Classification of IP addresses in every spelling an attacker might use to reach an internal
 * service. ipaddr.js reads the spellings (IPv4 in decimal, hex, octal and short forms such as `127.1`,
 * `0x7f.1`, `2130706433`; IPv6 with `::`, embedded IPv4 tails) and names the special range an address
 * is in; this module decides that only plain unicast may be fetched and says why not in words. The
 * IPv6 forms that carry an IPv4 address (`::ffff:` mapped, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are
 * judged by the address they carry.
 */
import ipaddr from 'ipaddr.js';
import { metadataEndpoint } from './metadata-addresses';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/**
 * Why an address may not be fetched, or that it may (public unicast). `metadata` marks the addresses
 * refused in every mode (metadata-addresses.ts).
 */
export type AddressVerdict = { blocked: false } | { blocked: true; reason: string; metadata: boolean };

const ALLOWED: AddressVerdict = { blocked: false };

function refused(reason: string, metadata = false): AddressVerdict {
  return { blocked: true, reason, metadata };
}

/** Words for ipaddr.js's IPv4 range names; a name not here is still refused, by its name. */
const V4_REASONS: Record<string, string> = {
  unspecified: '"this network" addresses (0.0.0.0/8) are not routable',
  broadcast: 'it is the broadcast address (255.255.255.255), reserved',
  multicast: 'it is a multicast address (224.0.0.0/4)',
  loopback: 'it is a loopback address (127.0.0.0/8)',
  carrierGradeNat: 'it is a carrier-grade NAT address (100.64.0.0/10)',
  private: 'it is a private address (10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16)',
  reserved:
    'it is a reserved address (IETF protocol assignments, documentation, benchmarking, 6to4 relays or 240.0.0.0/4)',
  as112: 'it is an AS112 DNS sink address',
  amt: 'it is an AMT relay address (192.52.193.0/24)',
};

const V6_REASONS: Record<string, string> = {
  unspecified: 'it is the unspecified address (::)',
  loopback: 'it is the IPv6 loopback address (::1)',
  multicast: 'it is a multicast IPv6 address (ff00::/8)',
  uniqueLocal: 'it is a unique local (private) IPv6 address (fc00::/7)',
  deprecatedSiteLocal: 'it is a site-local IPv6 address (fec0::/10)',
  discard: 'it is a discard-only address (100::/64)',
  rfc6145: 'it is an IPv4-translated address (::ffff:0:0:0/96)',
  // 64:ff9b::/96 is judged by the IPv4 address it carries before this is read.
  rfc6052: 'it is a local-use NAT64 address (64:ff9b:1::/48)',
  teredo: 'it is a Teredo tunnel address (2001::/32)',
  reserved:
    'it is a reserved IPv6 address (IETF protocol assignments 2001::/23, documentation 2001:db8::/32 or 3fff::/20)',
};

function fromWords(high: number, low: number): IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The IPv6 forms that carry an IPv4 address, and where in the address it sits. */
const CARRIERS: { range: [IPv6, number]; form: string; inner: (parts: number[]) => IPv4 }[] = [
  {
    range: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'),
    form: 'an IPv4-mapped IPv6 address (::ffff:0:0/96)',
    inner: (parts) => fromWords(parts[6] ?? 0, parts[7] ?? 0),
  },
  {
    range: ipaddr.IPv6.parseCIDR('64:ff9b::/96'),
    form: 'a NAT64 address (64:ff9b::/96)',
    inner: (parts) => fromWords(parts[6] ?? 0, parts[7] ?? 0),
  },
  {
    range: ipaddr.IPv6.parseCIDR('2002::/16'),
    form: 'a 6to4 address (2002::/16)',
    inner: (parts) => fromWords(parts[1] ?? 0, parts[2] ?? 0),
  },
];

/** ::/96 less :: and ::1; ipaddr.js calls it unicast, but it is deprecated and routes nowhere useful. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

function embedded(verdict: AddressVerdict, form: string): AddressVerdict {
  return verdict.blocked ? { ...verdict, reason: `${verdict.reason}, written as ${form}` } : verdict;
}

function classifyV4(address: IPv4): AddressVerdict {
  const metadata = metadataEndpoint(address);
  if (metadata) return refused(`it is a metadata address, ${metadata}`, true);
  const range = address.range();
  if (range === 'unicast') return ALLOWED;
  return refused(V4_REASONS[range] ?? `it is a special-purpose address (${range})`);
}

function classifyV6(address: IPv6): AddressVerdict {
  const carrier = CARRIERS.find(({ range }) => address.match(range));
  if (carrier) return embedded(classifyV4(carrier.inner(address.parts)), carrier.form);
  const metadata = metadataEndpoint(address);
  if (metadata) return refused(`it is a metadata address, ${metadata}`, true);
  const range = address.range();
  if (range !== 'unicast') {
    return refused(V6_REASONS[range] ?? `it is a special-purpose IPv6 address (${range})`);
  }
  if (address.match(IPV4_COMPATIBLE)) {
    // Unroutable, but a metadata address written so must still read as one (refused in every mode).
    const inner = classifyV4(fromWords(address.parts[6] ?? 0, address.parts[7] ?? 0));
    if (inner.blocked && inner.metadata) return embedded(inner, 'an IPv4-compatible IPv6 address (::/96)');
    return refused('it is an IPv4-compatible IPv6 address (::/96, deprecated)');
  }
  if (!address.match(GLOBAL_UNICAST)) return refused('it is outside global unicast (2000::/3)');
  return ALLOWED;
}

/** IPv4 as the URL parser and `inet_aton` read it, one trailing dot allowed as in a URL; or null. */
function readIPv4(text: string): IPv4 | null {
  const trimmed = text.endsWith('.') ? text.slice(0, -1) : text;
  return ipaddr.IPv4.isValid(trimmed) ? ipaddr.IPv4.parse(trimmed) : null;
}

/** IPv6 with brackets and a `%zone` allowed (the zone does not change the class); or null. */
function readIPv6(text: string): IPv6 | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const body = bare.split('%')[0] ?? '';
  // ipaddr.js reads `::a.b.c.d` as the mapped `::ffff:a.b.c.d`; it is the IPv4-compatible form.
  const tail = body.startsWith('::') ? body.slice(2) : '';
  if (!tail.includes(':') && tail.split('.').length === 4) {
    const v4 = readIPv4(tail);
    if (!v4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4.octets;
    return new ipaddr.IPv6([0, 0, 0, 0, 0, 0, (a << 8) | b, (c << 8) | d]);
  }
  return ipaddr.IPv6.isValid(body) ? ipaddr.IPv6.parse(body) : null;
}

/**
 * The four bytes of an IPv4 address in any spelling (one to four parts, each decimal, `0x` hex or
 * `0`-prefixed octal, the last part filling the remaining bytes), or null.
 */
export function parseIPv4(text: string): number[] | null {
  return readIPv4(text)?.octets ?? null;
}

/** The sixteen bytes of an IPv6 address (brackets and a `%zone` allowed), or null. */
export function parseIPv6(text: string): number[] | null {
  return readIPv6(text)?.toByteArray() ?? null;
}

/** True when the text is an IP address literal in any spelling this module reads. */
export function isIpLiteral(text: string): boolean {
  return readIPv4(text) !== null || readIPv6(text) !== null;
}

/**
 * Classifies an address literal (IPv4 in any spelling or IPv6). Anything that is not public unicast
 * is blocked, with a reason a person can read; text that is no address at all is blocked too.
 */
export function classifyAddress(text: string): AddressVerdict {
  const v4 = readIPv4(text);
  if (v4) return classifyV4(v4);
  const v6 = readIPv6(text);
  if (v6) return classifyV6(v6);
  return refused(`"${text}" is not an IP address`);
}

/**
 * True for the metadata addresses (in any spelling, IPv4 forms inside IPv6 included), which stay
 * blocked even when private hosts are allowed.
 */
export function isMetadataAddress(text: string): boolean {
  const verdict = classifyAddress(text);
  return verdict.blocked && verdict.metadata;
}

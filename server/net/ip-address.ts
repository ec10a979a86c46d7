/**
 * Parsing and classification of IP addresses in every spelling an attacker might use to reach an
 * internal service: IPv4 in decimal, hex, octal and short forms (`127.1`, `0x7f.1`, `2130706433`),
 * IPv6 with `::` compression, embedded IPv4 tails, zone ids, and the forms that carry an IPv4 address
 * inside IPv6 (`::ffff:` mapped, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`).
 */
import { hasPrefix, metadataV4, metadataV6 } from './metadata-addresses';

/**
 * Why an address may not be fetched, or that it may (public unicast). `metadata` marks the addresses
 * refused in every mode (metadata-addresses.ts).
 */
export type AddressVerdict = { blocked: false } | { blocked: true; reason: string; metadata?: true };

const IPV4_PART = /^(0x[0-9a-f]*|0[0-7]*|[1-9][0-9]*)$/i;

function parseIPv4Part(part: string): number | null {
  if (!IPV4_PART.test(part)) return null;
  if (/^0x/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (part.length > 1 && part.startsWith('0')) return parseInt(part.slice(1), 8);
  return parseInt(part, 10);
}

/**
 * Parses an IPv4 address as the WHATWG URL parser and `inet_aton` do: one to four parts, each decimal,
 * `0x` hex or `0`-prefixed octal, the last part filling the remaining bytes. Returns the four bytes,
 * or null when the text is not an IPv4 address.
 */
export function parseIPv4(text: string): [number, number, number, number] | null {
  const trimmed = text.endsWith('.') ? text.slice(0, -1) : text;
  const parts = trimmed.split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    const value = parseIPv4Part(part);
    if (value === null || !Number.isFinite(value)) return null;
    values.push(value);
  }
  const last = values.pop() ?? 0;
  if (values.some((v) => v > 255)) return null;
  const lastBytes = 4 - values.length;
  if (last >= 256 ** lastBytes) return null;
  const bytes = [...values];
  for (let i = lastBytes - 1; i >= 0; i -= 1) bytes.push(Math.floor(last / 256 ** i) % 256);
  return bytes as [number, number, number, number];
}

/** Parses an IPv6 address (brackets and a `%zone` allowed) to its 16 bytes, or null. */
export function parseIPv6(text: string): number[] | null {
  let body = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = body.indexOf('%');
  if (zone >= 0) body = body.slice(0, zone);
  if (!body.includes(':')) return null;
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const toGroups = (half: string): number[] | null => {
    if (half === '') return [];
    const groups: number[] = [];
    const pieces = half.split(':');
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && piece.includes('.')) {
        const v4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(piece) ? parseIPv4(piece) : null;
        if (!v4) return null;
        groups.push(v4[0] * 256 + v4[1], v4[2] * 256 + v4[3]);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(piece)) return null;
        groups.push(parseInt(piece, 16));
      }
    }
    return groups;
  };
  const head = toGroups(halves[0] ?? '');
  const tail = halves.length === 2 ? toGroups(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

type V4Rule = [prefix: [number, number, number, number], bits: number, reason: string];

const V4_RULES: V4Rule[] = [
  [[0, 0, 0, 0], 8, '"this network" addresses (0.0.0.0/8) are not routable'],
  [[10, 0, 0, 0], 8, 'it is a private address (10.0.0.0/8)'],
  [[100, 64, 0, 0], 10, 'it is a carrier-grade NAT address (100.64.0.0/10)'],
  [[127, 0, 0, 0], 8, 'it is a loopback address (127.0.0.0/8)'],
  // 169.254.0.0/16 (link-local) is in metadata-addresses.ts: refused in every mode.
  [[172, 16, 0, 0], 12, 'it is a private address (172.16.0.0/12)'],
  [[192, 0, 0, 0], 24, 'it is an IETF protocol-assignment address (192.0.0.0/24)'],
  [[192, 0, 2, 0], 24, 'it is a documentation address (192.0.2.0/24)'],
  [[192, 88, 99, 0], 24, 'it is a 6to4 relay anycast address (192.88.99.0/24)'],
  [[192, 168, 0, 0], 16, 'it is a private address (192.168.0.0/16)'],
  [[198, 18, 0, 0], 15, 'it is a benchmarking address (198.18.0.0/15)'],
  [[198, 51, 100, 0], 24, 'it is a documentation address (198.51.100.0/24)'],
  [[203, 0, 113, 0], 24, 'it is a documentation address (203.0.113.0/24)'],
  [[224, 0, 0, 0], 4, 'it is a multicast address (224.0.0.0/4)'],
  [[240, 0, 0, 0], 4, 'it is a reserved address (240.0.0.0/4, including broadcast)'],
];

function v4ToNumber(bytes: readonly number[]): number {
  return (
    ((bytes[0] ?? 0) * 2 ** 24 + (bytes[1] ?? 0) * 2 ** 16 + (bytes[2] ?? 0) * 2 ** 8 + (bytes[3] ?? 0)) >>> 0
  );
}

function classifyV4(bytes: readonly number[]): AddressVerdict {
  const metadata = metadataV4(bytes);
  if (metadata) return { blocked: true, reason: `it is a metadata address, ${metadata}`, metadata: true };
  const value = v4ToNumber(bytes);
  for (const [prefix, bits, reason] of V4_RULES) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if ((value & mask) >>> 0 === (v4ToNumber(prefix) & mask) >>> 0) return { blocked: true, reason };
  }
  return { blocked: false };
}

const startsWith = hasPrefix;

function embedded(verdict: AddressVerdict, form: string): AddressVerdict {
  return verdict.blocked ? { ...verdict, reason: `${verdict.reason}, written as ${form}` } : verdict;
}

function classifyV6(bytes: readonly number[]): AddressVerdict {
  const zeros = (n: number) => bytes.slice(0, n).every((b) => b === 0);
  if (zeros(16)) return { blocked: true, reason: 'it is the unspecified address (::)' };
  if (zeros(15) && bytes[15] === 1) return { blocked: true, reason: 'it is the IPv6 loopback address (::1)' };
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return embedded(classifyV4(bytes.slice(12)), 'an IPv4-mapped IPv6 address (::ffff:0:0/96)');
  }
  if (zeros(12)) {
    // Deprecated and unroutable, but a metadata address written so must still read as one.
    const inside = classifyV4(bytes.slice(12));
    if (inside.blocked && inside.metadata) return embedded(inside, 'an IPv4-compatible IPv6 address (::/96)');
    return { blocked: true, reason: 'it is an IPv4-compatible IPv6 address (::/96, deprecated)' };
  }
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b], 96)) {
    return embedded(classifyV4(bytes.slice(12)), 'a NAT64 address (64:ff9b::/96)');
  }
  if (startsWith(bytes, [0x20, 0x02], 16)) {
    return embedded(classifyV4(bytes.slice(2, 6)), 'a 6to4 address (2002::/16)');
  }
  const metadata = metadataV6(bytes);
  if (metadata) return { blocked: true, reason: `it is a metadata address, ${metadata}`, metadata: true };
  const rules: [number[], number, string][] = [
    [[0, 0x64, 0xff, 0x9b, 0, 1], 48, 'it is a local-use NAT64 address (64:ff9b:1::/48)'],
    [[0x01, 0x00], 64, 'it is a discard-only address (100::/64)'],
    [[0x20, 0x01, 0x0d, 0xb8], 32, 'it is a documentation address (2001:db8::/32)'],
    [[0x20, 0x01, 0x00, 0x00], 32, 'it is a Teredo tunnel address (2001::/32)'],
    [[0x20, 0x01, 0x00], 23, 'it is an IETF protocol-assignment address (2001::/23)'],
    [[0xfc], 7, 'it is a unique local (private) IPv6 address (fc00::/7)'],
    // fe80::/10 (link-local) is in metadata-addresses.ts: refused in every mode.
    [[0xfe, 0xc0], 10, 'it is a site-local IPv6 address (fec0::/10)'],
    [[0xff], 8, 'it is a multicast IPv6 address (ff00::/8)'],
  ];
  for (const [prefix, bits, reason] of rules) {
    if (startsWith(bytes, prefix, bits)) return { blocked: true, reason };
  }
  if (!startsWith(bytes, [0x20], 3))
    return { blocked: true, reason: 'it is outside global unicast (2000::/3)' };
  return { blocked: false };
}

/** True when the text is an IP address literal in any spelling this module reads. */
export function isIpLiteral(text: string): boolean {
  return parseIPv4(text) !== null || parseIPv6(text) !== null;
}

/**
 * Classifies an address literal (IPv4 in any spelling or IPv6). Anything that is not public unicast
 * is blocked, with a reason a person can read; text that is no address at all is blocked too.
 */
export function classifyAddress(text: string): AddressVerdict {
  const v4 = parseIPv4(text);
  if (v4) return classifyV4(v4);
  const v6 = parseIPv6(text);
  if (v6) return classifyV6(v6);
  return { blocked: true, reason: `"${text}" is not an IP address` };
}

/**
 * True for the metadata addresses (in any spelling, IPv4 forms inside IPv6 included), which stay
 * blocked even when private hosts are allowed.
 */
export function isMetadataAddress(text: string): boolean {
  const verdict = classifyAddress(text);
  return verdict.blocked && verdict.metadata === true;
}

/**
 * Addresses where clouds and container platforms serve instance metadata and credentials. They are
 * refused in every mode, `SVC_VISION_ALLOW_PRIVATE_HOSTS=1` included: an image URL must never read a
 * machine's credentials. One table, so a new endpoint is one line.
 *
 * Sources: AWS EC2 IMDS (169.254.169.254, and fd00:ec2::254 on Nitro over IPv6), AWS ECS task metadata
 * and container credentials (169.254.170.2), AWS EKS Pod Identity agent (169.254.170.23,
 * fd00:ec2::23), Google Compute Engine metadata server (169.254.169.254, fd20:ce::254), Azure Instance
 * Metadata Service (169.254.169.254) and WireServer (168.63.129.16), Alibaba Cloud ECS metadata
 * (100.100.100.200), Oracle Cloud Infrastructure (169.254.169.254; 192.0.0.192 on OCI Classic),
 * OpenStack, DigitalOcean, Hetzner and Linode (169.254.169.254) — each provider's instance-metadata
 * documentation. The whole IPv4 and IPv6 link-local ranges are included too: metadata agents keep
 * appearing there (the ECS and EKS addresses above), and no image is served from link-local.
 */
type Endpoint = { prefix: readonly number[]; bits: number; what: string };

const V4: Endpoint[] = [
  { prefix: [169, 254, 169, 254], bits: 32, what: 'the cloud instance metadata service (169.254.169.254)' },
  {
    prefix: [169, 254, 170, 2],
    bits: 32,
    what: 'the AWS ECS task metadata and credentials endpoint (169.254.170.2)',
  },
  { prefix: [169, 254, 170, 23], bits: 32, what: 'the AWS EKS Pod Identity agent (169.254.170.23)' },
  { prefix: [100, 100, 100, 200], bits: 32, what: 'the Alibaba Cloud metadata service (100.100.100.200)' },
  { prefix: [192, 0, 0, 192], bits: 32, what: 'the Oracle Cloud metadata service (192.0.0.192)' },
  { prefix: [168, 63, 129, 16], bits: 32, what: 'the Azure platform metadata address (168.63.129.16)' },
  {
    prefix: [169, 254, 0, 0],
    bits: 16,
    what: 'a link-local address (169.254.0.0/16), where metadata services live',
  },
];

const V6: Endpoint[] = [
  {
    prefix: [0xfd, 0x00, 0x0e, 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54],
    bits: 128,
    what: 'the AWS IPv6 instance metadata service (fd00:ec2::254)',
  },
  {
    prefix: [0xfd, 0x00, 0x0e, 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x23],
    bits: 128,
    what: 'the AWS EKS Pod Identity agent (fd00:ec2::23)',
  },
  {
    prefix: [0xfd, 0x20, 0x00, 0xce, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54],
    bits: 128,
    what: 'the Google Cloud IPv6 metadata server (fd20:ce::254)',
  },
  {
    prefix: [0xfe, 0x80],
    bits: 10,
    what: 'a link-local IPv6 address (fe80::/10), where metadata services live',
  },
];

/** True when the first `bits` bits of `bytes` are those of `prefix`. */
export function hasPrefix(bytes: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 1) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

/** What metadata endpoint four IPv4 bytes are, or null. */
export function metadataV4(bytes: readonly number[]): string | null {
  return V4.find((entry) => hasPrefix(bytes, entry.prefix, entry.bits))?.what ?? null;
}

/** What metadata endpoint sixteen IPv6 bytes are, or null (IPv4 forms inside IPv6 are the caller's). */
export function metadataV6(bytes: readonly number[]): string | null {
  return V6.find((entry) => hasPrefix(bytes, entry.prefix, entry.bits))?.what ?? null;
}

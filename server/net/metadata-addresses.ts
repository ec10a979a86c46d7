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
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** [CIDR, what it is]; the exact endpoints come before the link-local ranges, so they are named. */
const ENDPOINTS: readonly [cidr: string, what: string][] = [
  ['169.254.169.254/32', 'the cloud instance metadata service (169.254.169.254)'],
  ['169.254.170.2/32', 'the AWS ECS task metadata and credentials endpoint (169.254.170.2)'],
  ['169.254.170.23/32', 'the AWS EKS Pod Identity agent (169.254.170.23)'],
  ['100.100.100.200/32', 'the Alibaba Cloud metadata service (100.100.100.200)'],
  ['192.0.0.192/32', 'the Oracle Cloud metadata service (192.0.0.192)'],
  ['168.63.129.16/32', 'the Azure platform metadata address (168.63.129.16)'],
  ['169.254.0.0/16', 'a link-local address (169.254.0.0/16), where metadata services live'],
  ['fd00:ec2::254/128', 'the AWS IPv6 instance metadata service (fd00:ec2::254)'],
  ['fd00:ec2::23/128', 'the AWS EKS Pod Identity agent (fd00:ec2::23)'],
  ['fd20:ce::254/128', 'the Google Cloud IPv6 metadata server (fd20:ce::254)'],
  ['fe80::/10', 'a link-local IPv6 address (fe80::/10), where metadata services live'],
];

/** ipaddr.js's range list, named by what each endpoint is, so a match names it. */
const RANGES: Record<string, [Address, number]> = Object.fromEntries(
  ENDPOINTS.map(([cidr, what]) => [what, ipaddr.parseCIDR(cidr)]),
);

/** What metadata endpoint an address is, or null (IPv4 forms inside IPv6 are the caller's). */
export function metadataEndpoint(address: Address): string | null {
  return ipaddr.subnetMatch(address, RANGES, '') || null;
}

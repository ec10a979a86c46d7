/**
 * Metadata endpoints stay refused when private hosts are allowed. Nothing here may ever connect to
 * one: the refusals are checked at vetHop, the step that runs before any socket is opened, and the
 * resolver is a table.
 */
import { describe, expect, it } from 'vitest';
import { refuseAddress } from '../../../server/net/host-policy';
import { classifyAddress, isMetadataAddress } from '../../../server/net/ip-address';
import { UrlFetchError, vetHop, type SafeFetchOptions } from '../../../server/net/safe-fetch';

const PRIVATE_ALLOWED: SafeFetchOptions = {
  allowPrivateHosts: true,
  maxBytes: 1000,
  timeoutMs: 1000,
  resolve: (host) =>
    Promise.resolve(
      host === 'creds.example'
        ? [{ address: '169.254.170.2', family: 4 as const }]
        : [{ address: 'fd00:ec2::254', family: 6 as const }],
    ),
};

const METADATA = [
  '169.254.169.254',
  '169.254.170.2',
  '169.254.170.23',
  '100.100.100.200',
  '192.0.0.192',
  '168.63.129.16',
  '169.254.1.1',
  '0xa9feaa02', // 169.254.170.2 in hex
  '2852039170', // 169.254.170.2 in decimal
  '::ffff:169.254.170.2',
  '::169.254.170.2', // IPv4-compatible, deprecated
  '::a9fe:a9fe',
  '::ffff:6464:64c8', // 100.100.100.200, mapped
  '64:ff9b::c000:c0', // 192.0.0.192 through NAT64
  'fd00:ec2::254',
  'fd00:0ec2:0000::0254',
  'fd00:ec2::23',
  'fd20:ce::254',
  'fe80::1',
];

describe('metadata addresses', () => {
  it.each(METADATA)('classifies %s as a metadata address', (address) => {
    expect(isMetadataAddress(address), address).toBe(true);
    const verdict = classifyAddress(address);
    expect(verdict.blocked && verdict.reason).toMatch(/metadata|link-local/);
  });

  it.each(METADATA)('refuses %s with private hosts allowed', (address) => {
    expect(refuseAddress(address, { allowPrivateHosts: true })).toMatch(/is not fetched/);
    expect(refuseAddress(address, { allowPrivateHosts: false, allowedAddresses: [address] })).toMatch(
      /is not fetched/,
    );
  });

  it('still lets private hosts through when they are allowed', () => {
    for (const address of ['10.1.2.3', '192.168.0.10', '127.0.0.1', 'fd12::1', '100.64.0.1']) {
      expect(refuseAddress(address, { allowPrivateHosts: true }), address).toBeNull();
    }
  });

  it('refuses metadata URLs and names resolving to them before any connection', async () => {
    for (const url of [
      'http://169.254.170.2/v2/credentials',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://100.100.100.200/latest/meta-data/',
      'http://192.0.0.192/',
      'http://creds.example/x.png',
      'http://imds6.example/x.png',
    ]) {
      const error = await vetHop(new URL(url), PRIVATE_ALLOWED).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, url).toBeInstanceOf(UrlFetchError);
      expect((error as UrlFetchError).reason, url).toMatch(/metadata|link-local/);
    }
  });
});

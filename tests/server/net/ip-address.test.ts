import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAddress, parseIPv4, parseIPv6 } from '../../../server/net/ip-address';

describe('parseIPv4', () => {
  it.each([
    ['127.0.0.1', [127, 0, 0, 1]],
    ['2130706433', [127, 0, 0, 1]],
    ['0x7f000001', [127, 0, 0, 1]],
    ['017700000001', [127, 0, 0, 1]],
    ['0x7f.1', [127, 0, 0, 1]],
    ['127.1', [127, 0, 0, 1]],
    ['127.0.1', [127, 0, 0, 1]],
    ['0177.0.0.01', [127, 0, 0, 1]],
    ['0xa9.0xfe.0xa9.0xfe', [169, 254, 169, 254]],
    ['10.', [0, 0, 0, 10]],
    ['0', [0, 0, 0, 0]],
  ])('reads %s as the address it spells', (text, bytes) => {
    expect(parseIPv4(text)).toEqual(bytes);
  });

  it.each(['256.0.0.1', '1.2.3.4.5', 'example.com', '08.1.1.1', '1..1', '4294967296'])(
    'rejects %s',
    (text) => {
      expect(parseIPv4(text)).toBeNull();
    },
  );
});

describe('parseIPv6', () => {
  it('expands :: and embedded IPv4 tails', () => {
    expect(parseIPv6('::1')).toEqual([...Array<number>(15).fill(0), 1]);
    expect(parseIPv6('::ffff:127.0.0.1')?.slice(10)).toEqual([0xff, 0xff, 127, 0, 0, 1]);
    expect(parseIPv6('[fe80::1%eth0]')?.slice(0, 2)).toEqual([0xfe, 0x80]);
  });

  it.each(['1::2::3', '12345::', 'fe80:1', '1:2:3:4:5:6:7:8:9'])('rejects %s', (text) => {
    expect(parseIPv6(text)).toBeNull();
  });
});

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['0177.1', 'loopback'],
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['169.254.169.254', 'metadata'],
    ['0xa9fea9fe', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['168.63.129.16', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'benchmarking'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'IPv4-mapped'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::127.0.0.1', 'NAT64'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:7f00:1::', '6to4'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['::8.8.8.8', 'IPv4-compatible'],
    ['::808:808', 'IPv4-compatible'],
    ['::ffff:0:7f00:1', 'IPv4-translated'],
    ['3fff::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['5f00::1', 'special-purpose'],
    ['192.52.193.1', 'AMT'],
  ])('blocks %s (%s)', (address, words) => {
    const verdict = classifyAddress(address);
    expect(verdict.blocked).toBe(true);
    expect(verdict.blocked && verdict.reason).toContain(words);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '172.32.0.1',
  ])('lets the public address %s through', (address) => {
    expect(classifyAddress(address)).toEqual({ blocked: false });
  });
});

describe('IPv4 carried inside IPv6', () => {
  const judged = (text: string) => {
    const verdict = classifyAddress(text);
    return verdict.blocked ? { blocked: true, metadata: verdict.metadata } : { blocked: false };
  };
  const hex = (high: number, low: number) => ((high << 8) | low).toString(16);

  it('is judged like the IPv4 address itself, mapped, through NAT64 or as 6to4', () => {
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
        const expected = judged(v4);
        expect(judged(`::ffff:${v4}`)).toEqual(expected);
        expect(judged(`::ffff:${hex(a, b)}:${hex(c, d)}`)).toEqual(expected);
        expect(judged(`64:ff9b::${v4}`)).toEqual(expected);
        expect(judged(`2002:${hex(a, b)}:${hex(c, d)}::1`)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('marks metadata by its range, not by the words of the reason', () => {
    expect(classifyAddress('169.254.1.1')).toMatchObject({ blocked: true, metadata: true });
    expect(classifyAddress('::ffff:169.254.1.1')).toMatchObject({ blocked: true, metadata: true });
    expect(classifyAddress('10.0.0.1')).toMatchObject({ blocked: true, metadata: false });
    expect(classifyAddress('::8.8.8.8')).toMatchObject({ blocked: true, metadata: false });
    expect(classifyAddress('::169.254.169.254')).toMatchObject({ blocked: true, metadata: true });
  });
});

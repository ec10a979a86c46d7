import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UrlFetchError, vetHop } from '../../../server/net/safe-fetch';
import { refuseImageHost } from '../../../src/features/vision/image-host';

/** What the service decides for a URL's host: refused with private hosts off, and with them on. */
async function serviceVerdict(url: string): Promise<{ refused: boolean; refusedWhenAllowed: boolean }> {
  const refuses = async (allowPrivateHosts: boolean) => {
    try {
      // Names resolve to a public address, so only the name itself can be refused, as in the page.
      await vetHop(new URL(url), {
        allowPrivateHosts,
        maxBytes: 1,
        timeoutMs: 1,
        resolve: () => Promise.resolve([{ address: '93.184.215.14', family: 4 }]),
      });
      return false;
    } catch (error) {
      if (error instanceof UrlFetchError) return true;
      throw error;
    }
  };
  return { refused: await refuses(false), refusedWhenAllowed: await refuses(true) };
}

function pageVerdict(url: string): { refused: boolean; refusedWhenAllowed: boolean } {
  const refusal = refuseImageHost(new URL(url));
  return { refused: refusal !== null, refusedWhenAllowed: refusal !== null && !refusal.private };
}

const v4 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

describe('refuseImageHost', () => {
  it.each([
    ['http://127.0.0.1/a.png', 'a loopback address (127.0.0.0/8)', true],
    ['http://0x7f.1/a.png', 'a loopback address (127.0.0.0/8)', true],
    ['http://2130706433/a.png', 'a loopback address (127.0.0.0/8)', true],
    ['http://[::1]/a.png', 'the IPv6 loopback address (::1/128)', true],
    ['http://localhost:8787/a.png', 'a name of the machine the service runs on (localhost)', true],
    ['http://10.1.2.3/a.png', 'a private network address (10.0.0.0/8)', true],
    ['http://192.168.1.20/a.png', 'a private network address (192.168.0.0/16)', true],
    ['http://printer.local/a.png', 'a local-network name (*.local)', true],
    ['http://169.254.169.254/latest', 'a cloud metadata address (169.254.169.254/32)', false],
    [
      'http://169.254.3.4/a.png',
      'a link-local address, where metadata services live (169.254.0.0/16)',
      false,
    ],
    [
      'http://[::ffff:127.0.0.1]/a.png',
      'a loopback address (127.0.0.0/8), written as an IPv4-mapped IPv6 address (::ffff:0:0/96)',
      true,
    ],
    ['http://metadata.google.internal/', 'a cloud metadata service name', false],
    [
      'http://user:pw@images.example/a.png',
      'given with a user name or password, which the service never sends',
      false,
    ],
  ])('refuses %s as %s', (url, reason, isPrivate) => {
    expect(refuseImageHost(new URL(url))).toEqual({ reason, private: isPrivate });
  });

  it.each(['https://images.example/cat.png', 'http://93.184.215.14/a.png', 'http://[2606:4700::1111]/'])(
    'lets %s through',
    (url) => {
      expect(refuseImageHost(new URL(url))).toBeNull();
    },
  );

  it('agrees with the service on hand-picked hosts in every spelling', async () => {
    const urls = [
      'http://0/',
      'http://0.0.0.0/',
      'http://127.1/',
      'http://017700000001/',
      'http://255.255.255.255/',
      'http://100.64.0.1/',
      'http://100.100.100.200/',
      'http://168.63.129.16/',
      'http://192.0.0.192/',
      'http://192.0.2.1/',
      'http://172.31.255.255/',
      'http://172.32.0.1/',
      'http://224.0.0.1/',
      'http://8.8.8.8/',
      'http://[::]/',
      'http://[::169.254.169.254]/',
      'http://[::8.8.8.8]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[64:ff9b::808:808]/',
      'http://[2002:7f00:1::]/',
      'http://[2002:808:808::]/',
      'http://[fd00:ec2::254]/',
      'http://[fd12::1]/',
      'http://[fe80::1]/',
      'http://[fec0::1]/',
      'http://[ff02::1]/',
      'http://[2001:db8::1]/',
      'http://[2001::1]/',
      'http://[3fff::1]/',
      'http://[2620:4f:8000::1]/',
      'http://[2a00:1450::1]/',
      'http://intranet/',
      'http://foo.localhost/',
      'http://LOCALHOST./',
      'http://router.lan/',
      'http://metadata/',
      'http://instance-data.ec2.internal/',
      'http://images.example./',
    ];
    for (const url of urls) expect(pageVerdict(url), url).toEqual(await serviceVerdict(url));
  });

  it('agrees with the service on any IPv4 address', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 32 - 1 }), async (n) => {
        const url = `http://${v4(n)}/a.png`;
        expect(pageVerdict(url), url).toEqual(await serviceVerdict(url));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the service on IPv6 addresses, special prefixes included', async () => {
    const prefixes = [
      0, 0x64, 0x100, 0x2001, 0x2002, 0x2620, 0x3fff, 0x2a00, 0xfc00, 0xfd00, 0xfe80, 0xfec0, 0xff00,
    ];
    const word = fc.integer({ min: 0, max: 0xffff });
    const address = fc
      .tuple(
        fc.oneof(fc.constantFrom(...prefixes), word),
        fc.array(fc.oneof(fc.constant(0), word), { minLength: 7, maxLength: 7 }),
        fc.boolean(),
      )
      .map(([first, rest, mapped]) => {
        const words = [first, ...rest];
        if (mapped) words.splice(0, 6, 0, 0, 0, 0, 0, first === 0 ? 0 : 0xffff);
        return words.map((w) => w.toString(16)).join(':');
      });
    await fc.assert(
      fc.asyncProperty(address, async (text) => {
        const url = `http://[${text}]/a.png`;
        expect(pageVerdict(url), url).toEqual(await serviceVerdict(url));
      }),
      { numRuns: 2000 },
    );
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refuseImageContentType } from '../../../server/net/image-content-type';
import { safeFetch, UrlFetchError, type SafeFetchOptions } from '../../../server/net/safe-fetch';

const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

let server: http.Server;
let port = 0;
let connections = 0;
let requests: string[] = [];

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const hops = Number(url.searchParams.get('hops') ?? '0');
  switch (url.pathname) {
    case '/image.png':
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_BYTES);
      return;
    case '/chain':
      if (hops === 0) res.writeHead(302, { location: '/image.png' }).end();
      else res.writeHead(302, { location: `/chain?hops=${hops - 1}` }).end();
      return;
    case '/redirect':
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      return;
    case '/html':
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not an image</p>');
      return;
    case '/svg':
      res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg/>');
      return;
    case '/declared-big':
      res
        .writeHead(200, { 'content-type': 'image/png', 'content-length': String(10_000) })
        .end(Buffer.alloc(10_000));
      return;
    case '/streamed-big':
      res.writeHead(200, { 'content-type': 'image/png' });
      for (let i = 0; i < 20; i += 1) res.write(Buffer.alloc(1000));
      res.end();
      return;
    case '/slow':
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG_BYTES.subarray(0, 4));
      return; // never ends
    default:
      res.writeHead(404).end();
  }
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    route(req, res);
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  connections = 0;
  requests = [];
});

const noResolver = (): Promise<never> => Promise.reject(new Error('a refused host must never be resolved'));

function strict(extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions {
  return {
    allowPrivateHosts: false,
    maxBytes: 5000,
    timeoutMs: 2000,
    checkContentType: refuseImageContentType,
    resolve: noResolver,
    ...extra,
  };
}

/** Loopback only: the test server is allowed by its exact address, everything else stays private. */
function loopbackOnly(extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions {
  return strict({ allowedAddresses: ['127.0.0.1'], ...extra });
}

async function refusal(url: string, options: SafeFetchOptions): Promise<string> {
  const error = await safeFetch(url, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UrlFetchError);
  return (error as UrlFetchError).reason;
}

describe('safeFetch refuses internal hosts before connecting', () => {
  const spellings = (p: number) => [
    `http://127.0.0.1:${p}/image.png`,
    `http://2130706433:${p}/image.png`,
    `http://0x7f000001:${p}/image.png`,
    `http://0x7f.1:${p}/image.png`,
    `http://0177.0.0.1:${p}/image.png`,
    `http://017700000001:${p}/image.png`,
    `http://127.1:${p}/image.png`,
    `http://[::1]:${p}/image.png`,
    `http://[::ffff:127.0.0.1]:${p}/image.png`,
    `http://[::ffff:7f00:1]:${p}/image.png`,
    `http://[64:ff9b::127.0.0.1]:${p}/image.png`,
    `http://localhost:${p}/image.png`,
    `http://LOCALHOST.:${p}/image.png`,
    `http://api.localhost:${p}/image.png`,
    `http://printer.local:${p}/image.png`,
  ];

  it('refuses every spelling of this machine, and the test server sees no connection', async () => {
    for (const url of spellings(port)) {
      const reason = await refusal(url, strict());
      expect(reason, url).toMatch(/loopback|localhost|local-network/);
    }
    expect(connections).toBe(0);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['http://[::ffff:a9fe:a9fe]/', 'metadata'],
    ['http://0xa9fea9fe/', 'metadata'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata'],
    ['http://metadata/', 'metadata'],
    ['http://10.0.0.1/', 'private'],
    ['http://172.20.1.1/', 'private'],
    ['http://192.168.0.10/', 'private'],
    ['http://100.64.1.1/', 'carrier-grade NAT'],
    ['http://169.254.10.10/', 'link-local'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[fc00::1]/', 'unique local'],
    ['http://[fd12:3456::1]/', 'unique local'],
    ['http://224.0.0.251/', 'multicast'],
    ['http://0.0.0.0/', 'this network'],
    ['http://intranet/', 'single-label'],
    ['ftp://example.com/x.png', 'only http and https'],
    ['file:///etc/passwd', 'only http and https'],
    ['http://user:pw@example.com/x.png', 'user name or password'],
  ])('refuses %s (%s)', async (url, words) => {
    expect(await refusal(url, strict())).toContain(words);
  });

  it('keeps metadata addresses and names blocked even when private hosts are allowed', async () => {
    expect(await refusal('http://169.254.169.254/', strict({ allowPrivateHosts: true }))).toContain(
      'metadata',
    );
    expect(await refusal('http://metadata.google.internal/', strict({ allowPrivateHosts: true }))).toContain(
      'metadata',
    );
  });

  it('refuses a name that resolves to a private address, or mixes private with public ones', async () => {
    const resolve = (host: string) =>
      Promise.resolve(
        host === 'rebind.example'
          ? [{ address: '10.0.0.5', family: 4 as const }]
          : [
              { address: '93.184.215.14', family: 4 as const },
              { address: '127.0.0.1', family: 4 as const },
            ],
      );
    expect(await refusal('http://rebind.example/x.png', strict({ resolve }))).toContain(
      'resolves to 10.0.0.5',
    );
    expect(await refusal('http://mixed.example/x.png', strict({ resolve }))).toContain('loopback');
  });
});

describe('safeFetch follows the rules while fetching', () => {
  it('connects to the address it checked, not to a second DNS answer', async () => {
    const resolve = () => Promise.resolve([{ address: '127.0.0.1', family: 4 as const }]);
    const body = await safeFetch(`http://images.example:${port}/image.png`, loopbackOnly({ resolve }));
    expect(Buffer.from(body.bytes)).toEqual(PNG_BYTES);
    expect(body.contentType).toBe('image/png');
  });

  it('follows five redirects and refuses a sixth', async () => {
    const ok = await safeFetch(`http://127.0.0.1:${port}/chain?hops=4`, loopbackOnly());
    expect(ok.url).toBe(`http://127.0.0.1:${port}/image.png`);
    expect(await refusal(`http://127.0.0.1:${port}/chain?hops=5`, loopbackOnly())).toContain(
      'more than 5 redirects',
    );
  });

  it.each([
    ['http://10.0.0.1/image.png', 'private'],
    ['http://[::1]:1/image.png', 'loopback'],
    ['http://localhost:1/image.png', 'localhost'],
    ['http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['http://0x7f.2:1/image.png', 'loopback'],
  ])('refuses a redirect to %s before connecting to it', async (target, words) => {
    const reason = await refusal(
      `http://127.0.0.1:${port}/redirect?to=${encodeURIComponent(target)}`,
      loopbackOnly(),
    );
    expect(reason).toContain(words);
    expect(requests).toHaveLength(1);
  });

  it('refuses bodies over the size cap, declared or streamed', async () => {
    expect(await refusal(`http://127.0.0.1:${port}/declared-big`, loopbackOnly())).toContain(
      'larger than the limit',
    );
    expect(await refusal(`http://127.0.0.1:${port}/streamed-big`, loopbackOnly())).toContain(
      'larger than the limit',
    );
  });

  it('refuses bodies that are not raster images', async () => {
    expect(await refusal(`http://127.0.0.1:${port}/html`, loopbackOnly())).toContain(
      'text/html, not an image',
    );
    expect(await refusal(`http://127.0.0.1:${port}/svg`, loopbackOnly())).toContain(
      'SVG images are not accepted',
    );
  });

  it('reports an HTTP error status', async () => {
    expect(await refusal(`http://127.0.0.1:${port}/missing`, loopbackOnly())).toContain('HTTP 404');
  });

  it('gives up on a server that stalls past the time cap', async () => {
    const reason = await refusal(`http://127.0.0.1:${port}/slow`, loopbackOnly({ timeoutMs: 300 }));
    expect(reason).toContain('within 300 ms');
  });

  it('stops when the caller aborts, with the caller’s reason', async () => {
    const controller = new AbortController();
    const pending = safeFetch(`http://127.0.0.1:${port}/slow`, loopbackOnly({ signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('client went away')), 50);
    await expect(pending).rejects.toThrow('client went away');
  });
});

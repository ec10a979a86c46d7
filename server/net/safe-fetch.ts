/**
 * Fetches a URL named by a client without letting it reach internal services: every hop's host is
 * checked by name, resolved once, checked by address, and connected to at exactly that address (a
 * custom `lookup` pins it, so a second DNS answer cannot rebind the connection). Redirects are
 * followed by hand and each is checked the same way; size, time and content type are capped.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isAddressHost, refuseAddress, refuseHostname, unbracket, type HostPolicy } from './host-policy';

/** A resolved address of a host name. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface SafeFetchOptions extends HostPolicy {
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** Time allowed for the whole fetch, redirects included, in milliseconds. */
  timeoutMs: number;
  /** Redirect hops followed before giving up; 5 unless set. */
  maxRedirects?: number;
  /** Decides whether a response's content type is acceptable; returns a reason to refuse, or null. */
  checkContentType?: (contentType: string) => string | null;
  signal?: AbortSignal;
  /** Name resolution; the system resolver unless set (tests pass a fixed table). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

export interface FetchedBody {
  bytes: Uint8Array;
  contentType: string;
  /** The URL the body came from, after redirects. */
  url: string;
}

/** A URL that was refused or could not be fetched; `reason` is written for the person who sent it. */
export class UrlFetchError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UrlFetchError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/**
 * Checks one hop's URL and returns the single address to connect to; throws UrlFetchError. Every
 * refusal happens here, before any socket exists (tests call it directly for addresses that must
 * never be connected to, even once).
 */
export async function vetHop(url: URL, options: SafeFetchOptions): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UrlFetchError(`only http and https URLs are fetched, not ${url.protocol}`);
  }
  if (url.username || url.password)
    throw new UrlFetchError('URLs with a user name or password are not fetched');
  const host = unbracket(url.hostname);
  if (isAddressHost(url.hostname)) {
    const refusal = refuseAddress(host, options);
    if (refusal) throw new UrlFetchError(refusal);
    return { address: host, family: host.includes(':') ? 6 : 4 };
  }
  const nameRefusal = refuseHostname(host, options);
  if (nameRefusal) throw new UrlFetchError(`${nameRefusal}; it is not fetched`);
  let addresses: ResolvedAddress[];
  try {
    addresses = await (options.resolve ?? systemResolve)(host);
  } catch {
    throw new UrlFetchError(`the host "${host}" could not be resolved`);
  }
  if (addresses.length === 0) throw new UrlFetchError(`the host "${host}" has no address`);
  // One bad address is enough to refuse: a name that mixes public and private answers is a rebinding trick.
  for (const { address } of addresses) {
    const refusal = refuseAddress(address, options);
    if (refusal) throw new UrlFetchError(`"${host}" resolves to ${refusal}`);
  }
  return addresses[0] as ResolvedAddress;
}

function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, opts, callback) => {
    if (typeof opts === 'object' && opts.all) {
      (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
    } else {
      callback(null, target.address, target.family);
    }
  };
}

interface HopResult {
  status: number;
  location: string | undefined;
  contentType: string;
  bytes?: Uint8Array;
}

function requestHop(
  url: URL,
  target: ResolvedAddress,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<HopResult> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, {
      agent: false,
      lookup: pinnedLookup(target),
      signal,
      headers: { accept: 'image/*', 'user-agent': 'svc-playground-local-service' },
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (signal.aborted) reject(signal.reason);
      else reject(new UrlFetchError(`the image could not be fetched (${error.code ?? error.message})`));
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const contentType = String(response.headers['content-type'] ?? '');
      const location = response.headers.location;
      if (REDIRECTS.has(status) || status < 200 || status >= 300) {
        response.resume();
        resolve({ status, location, contentType });
        return;
      }
      const typeRefusal = options.checkContentType?.(contentType) ?? null;
      if (typeRefusal) {
        request.destroy();
        reject(new UrlFetchError(typeRefusal));
        return;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        request.destroy();
        reject(new UrlFetchError(tooLarge(options.maxBytes)));
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > options.maxBytes) {
          request.destroy();
          reject(new UrlFetchError(tooLarge(options.maxBytes)));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({ status, location, contentType, bytes: new Uint8Array(Buffer.concat(chunks)) }),
      );
      response.on('error', (error) =>
        reject(signal.aborted ? signal.reason : new UrlFetchError(error.message)),
      );
    });
  });
}

function tooLarge(maxBytes: number): string {
  return `the image is larger than the limit of ${Math.round(maxBytes / 1024 / 1024)} MiB (${maxBytes} bytes)`;
}

function parseUrl(text: string, base: URL | undefined, complaint: string): URL {
  try {
    return new URL(text, base);
  } catch {
    throw new UrlFetchError(complaint);
  }
}

/**
 * Fetches `rawUrl` under the policy in `options`. Throws UrlFetchError for every refusal or failure
 * (with the reason), and the caller's abort reason when `options.signal` aborts.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<FetchedBody> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const maxRedirects = options.maxRedirects ?? 5;
  let url = parseUrl(rawUrl, undefined, 'it is not a valid URL');
  try {
    for (let hop = 0; ; hop += 1) {
      const target = await vetHop(url, options);
      signal.throwIfAborted();
      const result = await requestHop(url, target, options, signal);
      if (REDIRECTS.has(result.status)) {
        if (!result.location)
          throw new UrlFetchError(`the server answered ${result.status} with no Location`);
        if (hop >= maxRedirects) throw new UrlFetchError(`more than ${maxRedirects} redirects`);
        url = parseUrl(result.location, url, 'the redirect Location is not a valid URL');
        continue;
      }
      if (!result.bytes) throw new UrlFetchError(`the server answered HTTP ${result.status}`);
      return { bytes: result.bytes, contentType: result.contentType, url: url.href };
    }
  } catch (error) {
    if (timeout.aborted && !options.signal?.aborted) {
      throw new UrlFetchError(`the server did not send the image within ${options.timeoutMs} ms`);
    }
    throw error;
  }
}

/**
 * What a page costs as the browser loads it: a fresh Chromium context opens the route on the local
 * service (which sends each file's .br sibling when the browser accepts it, as `npm start` does), and
 * a Chrome DevTools Protocol session adds up `Network.loadingFinished`'s `encodedDataLength` (the
 * bytes that crossed the wire: the compressed body and its response headers) of every JavaScript and
 * CSS file fetched until the page is idle. Idle is a wait, never a limit: the page has had an idle
 * period (`requestIdleCallback`, run after any the page itself queued), nothing is in flight, and no
 * request has started for a quiet spell — repeated until a whole round starts nothing. So what the
 * page fetches "after first paint" on its own (prefetches on idle, a chunk imported on mount) is
 * counted, and what it fetches only on a person's intent (hover, focus, a click) is not.
 *
 * Used by bench/first-load.bench.ts and tests/e2e/bundle-budget.test.ts, so both speak of one figure.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * The figures of a page (1 KB = 1000 bytes in the reports). The budgeted figure is `jsBytes`: the
 * bodies as encoded on the wire (what Resource Timing calls encodedBodySize: the .br file's size when
 * brotli is sent), the same unit as the static figure of route-bundles.ts; each response's headers
 * (about 0.75 KB, the page's security headers on every file) are counted apart, in `jsWireBytes`.
 */
export interface FirstLoad {
  route: string;
  /** JavaScript files fetched until idle, in the order they finished. */
  js: FetchedFile[];
  css: FetchedFile[];
  /** Encoded bodies of the JavaScript fetched until idle. */
  jsBytes: number;
  /** The same with each response's status line and headers: every byte that crossed the wire. */
  jsWireBytes: number;
  /** Encoded bodies of the CSS fetched until idle. */
  cssBytes: number;
  /** Encoded bodies of the JavaScript fetched before the `load` event (the entry and its imports). */
  jsBytesBeforeLoad: number;
  /** Content-Encoding of the JavaScript files as served ("br" when the .br siblings are used). */
  encodings: string[];
}

export interface FetchedFile {
  /** The path on the service, e.g. /assets/chat-route-AbC123.js. */
  path: string;
  /** Network.loadingFinished encodedDataLength: the body as encoded plus the response's headers. */
  wireBytes: number;
  /** Of which the status line and headers (Network.responseReceived's encodedDataLength then). */
  headerBytes: number;
  /** The body as encoded: wireBytes − headerBytes (the .br file's size when brotli was sent). */
  bodyBytes: number;
  encoding: string;
  afterLoad: boolean;
}

/** A quiet spell with nothing started or in flight; a wait for the page to settle, not a limit. */
const QUIET_MS = 1000;

export interface MeasureOptions {
  viewport?: { width: number; height: number };
  /** Runs before the route is opened (a stored conversation, say), on a blank page of the origin. */
  prepare?: (page: Page) => Promise<void>;
}

/** The 1440 × 900 window the issue measured in: the inspector is beside the work, its first tab open. */
export const DESKTOP = { width: 1440, height: 900 } as const;

/**
 * Watches one page's network over CDP: what has been fetched, and whether anything is in flight.
 * Exposed for the browser tests that check what a gesture fetches.
 */
export class NetworkWatch {
  readonly files: FetchedFile[] = [];
  private readonly inFlight = new Map<string, string>();
  private readonly responses = new Map<string, { encoding: string; headerBytes: number }>();
  private lastStart = Date.now();
  private started = 0;
  private loaded = false;

  private constructor(private readonly session: CDPSession) {}

  static async attach(context: BrowserContext, page: Page): Promise<NetworkWatch> {
    const session = await context.newCDPSession(page);
    const watch = new NetworkWatch(session);
    session.on('Network.requestWillBeSent', (event) => {
      // A redirect reuses the request id; it is still one request in flight.
      watch.inFlight.set(event.requestId, event.request.url);
      watch.started += 1;
      watch.lastStart = Date.now();
    });
    session.on('Network.responseReceived', (event) => {
      const headers = event.response.headers as Record<string, string>;
      const encoding =
        Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ??
        'identity';
      watch.responses.set(event.requestId, { encoding, headerBytes: event.response.encodedDataLength });
    });
    session.on('Network.loadingFinished', (event) => {
      const url = watch.inFlight.get(event.requestId);
      watch.inFlight.delete(event.requestId);
      if (url === undefined) return;
      const { pathname } = new URL(url);
      const response = watch.responses.get(event.requestId);
      const headerBytes = response?.headerBytes ?? 0;
      watch.files.push({
        path: pathname,
        wireBytes: event.encodedDataLength,
        headerBytes,
        bodyBytes: event.encodedDataLength - headerBytes,
        encoding: response?.encoding ?? 'identity',
        afterLoad: watch.loaded,
      });
    });
    session.on('Network.loadingFailed', (event) => void watch.inFlight.delete(event.requestId));
    page.on('load', () => (watch.loaded = true));
    await session.send('Network.enable');
    // Every fetch goes to the network: nothing is measured from a cache.
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    return watch;
  }

  /** JavaScript files fetched so far (paths). */
  scripts(): string[] {
    return this.files.filter((f) => f.path.endsWith('.js')).map((f) => f.path);
  }

  /**
   * Resolves once the page is idle: an idle callback has run (after any the page queued before it),
   * then nothing was in flight and nothing started for QUIET_MS, and that whole round started nothing.
   */
  async settled(page: Page): Promise<void> {
    for (;;) {
      const before = this.started;
      await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (this.inFlight.size === 0 && Date.now() - this.lastStart >= QUIET_MS) break;
      }
      if (this.started === before) return;
    }
  }

  async detach(): Promise<void> {
    await this.session.detach().catch(() => undefined);
  }
}

const sum = (files: FetchedFile[], bytes: (f: FetchedFile) => number = (f) => f.bodyBytes) =>
  files.reduce((total, f) => total + bytes(f), 0);

/** Opens `route` of the service at `baseUrl` in a fresh context and measures its first load. */
export async function measureFirstLoad(
  browser: Browser,
  baseUrl: string,
  route: string,
  options: MeasureOptions = {},
): Promise<FirstLoad> {
  const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP });
  try {
    const page = await context.newPage();
    if (options.prepare) {
      await page.goto(new URL('/favicon.svg', baseUrl).href);
      await options.prepare(page);
    }
    const watch = await NetworkWatch.attach(context, page);
    await page.goto(new URL(route, baseUrl).href, { waitUntil: 'load' });
    await watch.settled(page);
    await watch.detach();
    const js = watch.files.filter((f) => f.path.endsWith('.js'));
    const css = watch.files.filter((f) => f.path.endsWith('.css'));
    return {
      route,
      js,
      css,
      jsBytes: sum(js),
      jsWireBytes: sum(js, (f) => f.wireBytes),
      cssBytes: sum(css),
      jsBytesBeforeLoad: sum(js.filter((f) => !f.afterLoad)),
      encodings: [...new Set(js.map((f) => f.encoding))],
    };
  } finally {
    await context.close();
  }
}

/** The chunk's name without its hash: /assets/chat-route-AbC123.js → chat-route. */
export function chunkName(file: string): string {
  return (file.split('/').pop() ?? file).replace(/-[\w-]{8}\.(js|css)$/, '');
}

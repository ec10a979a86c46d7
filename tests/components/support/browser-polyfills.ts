/**
 * Browser APIs jsdom does not implement, imitated closely enough for the shell's behaviour to be
 * tested: `matchMedia` (with a settable dark preference that fires `change`), and the modal methods
 * of `<dialog>` (open attribute, Esc cancels, `close` event).
 */

type Listener = (event: MediaQueryListEvent) => void;

let prefersDark = false;
const lists = new Set<{ query: string; listeners: Set<Listener> }>();

function matches(query: string): boolean {
  if (query.includes('prefers-color-scheme: dark')) return prefersDark;
  if (query.includes('prefers-color-scheme: light')) return !prefersDark;
  return false;
}

/** Defines `window.matchMedia`; every list follows `setPrefersDark`. */
export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => {
    const entry = { query, listeners: new Set<Listener>() };
    lists.add(entry);
    const list = {
      media: query,
      get matches() {
        return matches(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => true,
    };
    return list as unknown as MediaQueryList;
  };
}

/** Changes the system colour scheme and tells every listening media query list. */
export function setPrefersDark(dark: boolean): void {
  prefersDark = dark;
  for (const entry of lists) {
    const event = { matches: matches(entry.query), media: entry.query } as MediaQueryListEvent;
    for (const listener of entry.listeners) listener(event);
  }
}

export function resetMatchMedia(): void {
  prefersDark = false;
  lists.clear();
}

/** Gives `HTMLDialogElement` the modal behaviour of browsers, where jsdom has none. */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function' && !proto.showModal.toString().includes('not implemented'))
    return;
  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.addEventListener('keydown', escapeCancels);
  };
  proto.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.hasAttribute('open')) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    this.removeEventListener('keydown', escapeCancels);
    this.dispatchEvent(new Event('close'));
  };
}

function escapeCancels(this: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== 'Escape') return;
  const cancel = new Event('cancel', { cancelable: true });
  if (this.dispatchEvent(cancel)) this.close();
}

/**
 * jsdom does no layout, so `Range` has no geometry; editors that measure text (CodeMirror) call it.
 * Empty rectangles are what a hidden element would report in a browser.
 */
export function installRangeGeometry(): void {
  const empty = () => new DOMRect(0, 0, 0, 0);
  if (typeof Range.prototype.getClientRects !== 'function') {
    Range.prototype.getClientRects = () =>
      Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
  }
  if (typeof Range.prototype.getBoundingClientRect !== 'function')
    Range.prototype.getBoundingClientRect = empty;
}

/**
 * Component tests never leave this machine: the global fetch refuses any host but loopback, the
 * way a browser reports a network failure (TypeError). MSW, installed later, sits in front of it.
 */
export function restrictFetchToLoopback(): void {
  const original = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
      return Promise.reject(new TypeError(`Failed to fetch: tests may not reach ${url.host}`));
    }
    return original(input, init);
  }) as typeof fetch;
}

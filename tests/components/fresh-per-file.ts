/**
 * Runs before each component test file (the first setup file). The components project shares one
 * worker's jsdom window and its loaded packages (React, Testing Library, jsdom itself) across files,
 * which spares each file a new process and the import of every package: more than half of the
 * project's time. What a file may change that the next would see is put back here:
 * - the app's own modules (stores, on-demand loaders, caches) are loaded afresh, so a file meets
 *   them as a page's first load does;
 * - IndexedDB is a new, empty one;
 * - globals a file stubbed, timers it faked and the address it left are restored.
 * Module mocks (`vi.mock`) are already kept per file by vitest.
 */
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';

vi.resetModules();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.useRealTimers();
globalThis.indexedDB = new IDBFactory();
window.history.replaceState(null, '', '/');
document.head.replaceChildren();
document.body.replaceChildren();
document.title = '';
sessionStorage.clear();

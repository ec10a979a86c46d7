/**
 * Setup for every component test (jsdom): jest-dom matchers, the browser APIs jsdom lacks
 * (matchMedia, <dialog>'s modal methods, Range geometry, IndexedDB), a fetch that only reaches
 * loopback, and a clean slate after each test: unmounted trees, the settings store back to its
 * first state, empty localStorage, no theme class.
 */
import '@testing-library/jest-dom/vitest';
// Whole-app renders include the chat page, which keeps conversations in IndexedDB; jsdom has none.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetSettingsStore } from '../../src/stores';
import {
  installDialogPolyfill,
  installMatchMedia,
  installRangeGeometry,
  resetMatchMedia,
  restrictFetchToLoopback,
} from './support/browser-polyfills';

// A lazily loaded page or part can take over a second on a loaded two-core machine (CI, or tests
// beside other work), and past 5 s with a second `npm test` beside this one: findBy and waitFor wait
// up to 60 s before failing, a guard against a hang, not a limit (the tests' own waits say the same).
// Passing tests are no slower.
configure({ asyncUtilTimeout: 60_000 });

installMatchMedia();
installDialogPolyfill();
installRangeGeometry();
restrictFetchToLoopback();

afterEach(() => {
  cleanup();
  resetSettingsStore();
  localStorage.clear();
  resetMatchMedia();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});

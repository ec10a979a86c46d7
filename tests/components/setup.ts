/**
 * Setup for every component test (jsdom): jest-dom matchers, the browser APIs jsdom lacks
 * (matchMedia, <dialog>'s modal methods), and a clean slate after each test: unmounted trees, the
 * settings store back to its first state, empty localStorage, no theme class.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetSettingsStore } from '../../src/stores';
import { installDialogPolyfill, installMatchMedia, resetMatchMedia } from './support/browser-polyfills';

installMatchMedia();
installDialogPolyfill();

afterEach(() => {
  cleanup();
  resetSettingsStore();
  localStorage.clear();
  resetMatchMedia();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
});

import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { App } from '../../../src/app/app';
import { buildAppRoutes } from '../../../src/app/routes';
import { useSettingsStore, type AppStores, type ConnectionInput } from '../../../src/stores';

export interface RenderAppOptions {
  path?: string;
  fetch?: typeof fetch;
  /** How often the app's clients retry (their default when absent); 0 for tests that reach an error on purpose. */
  maxRetries?: number;
  /** The bootstrap is off unless a test names the origin to ask. */
  bootstrapOrigin?: string | null;
  /** Extra child routes of the layout, e.g. a probe page that makes a request. */
  extraRoutes?: RouteObject[];
  /** The app's stores, to inspect them (a fresh set otherwise). */
  stores?: AppStores;
}

/**
 * A blank page inside the real layout, where tests of the shell (header, settings) render by
 * default, so that what the real pages do on their own cannot disturb them.
 */
export const BLANK_PAGE_PATH = '/__blank';
const blankPage: RouteObject = { path: BLANK_PAGE_PATH.slice(1), element: <h1>Blank test page</h1> };

/** Renders the whole app in a memory router at `path` (the blank page by default). */
export function renderApp({
  path = BLANK_PAGE_PATH,
  fetch,
  maxRetries,
  bootstrapOrigin = null,
  extraRoutes = [],
  stores,
}: RenderAppOptions = {}) {
  const router = createMemoryRouter(buildAppRoutes([blankPage, ...extraRoutes]), { initialEntries: [path] });
  const utils = render(
    <App
      router={router}
      bootstrapOrigin={bootstrapOrigin}
      {...(fetch ? { fetch } : {})}
      {...(maxRetries !== undefined ? { maxRetries } : {})}
      {...(stores ? { stores } : {})}
    />,
  );
  return { router, ...utils };
}

/** Saves a connection (made active when it is the first) and returns its id. */
export function addConnection(input: Partial<ConnectionInput> & Pick<ConnectionInput, 'baseURL'>): string {
  return useSettingsStore.getState().addConnection({
    name: 'Test server',
    apiKey: '',
    rememberKey: false,
    ...input,
  });
}

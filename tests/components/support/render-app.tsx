import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { App } from '../../../src/app/app';
import { buildAppRoutes } from '../../../src/app/routes';
import { useSettingsStore, type ConnectionInput } from '../../../src/stores';

export interface RenderAppOptions {
  path?: string;
  fetch?: typeof fetch;
  /** The bootstrap is off unless a test names the origin to ask. */
  bootstrapOrigin?: string | null;
  /** Extra child routes of the layout, e.g. a probe page that makes a request. */
  extraRoutes?: RouteObject[];
}

/** Renders the whole app in a memory router at `path`. */
export function renderApp({
  path = '/chat',
  fetch,
  bootstrapOrigin = null,
  extraRoutes = [],
}: RenderAppOptions = {}) {
  const router = createMemoryRouter(buildAppRoutes(extraRoutes), { initialEntries: [path] });
  const utils = render(
    <App router={router} bootstrapOrigin={bootstrapOrigin} {...(fetch ? { fetch } : {})} />,
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

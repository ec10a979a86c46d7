import { BrowserRouter, useRoutes } from 'react-router';
import { AppProviders, type AppProvidersProps } from './providers';
import { appRoutes } from './routes';
import { RouteErrorBoundary } from './routes/route-error';

/**
 * The whole playground as the browser runs it: the app's routes on the browser's history, in React
 * Router's declarative mode. The data router (`createBrowserRouter` with `RouterProvider`) brings
 * loaders, actions, fetchers and revalidation that no page uses: about 14.6 KB brotli of every
 * page's first load (issue 29, item 10). Navigations still render as transitions (BrowserRouter
 * wraps them in startTransition), so a page whose chunk is loading keeps the old one in view.
 * Tests render `App` with a memory data router over the same routes.
 */
export function BrowserApp(props: Omit<AppProvidersProps, 'children'>) {
  return (
    <AppProviders {...props}>
      <BrowserRouter>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </AppProviders>
  );
}

function AppRoutes() {
  return useRoutes(appRoutes);
}

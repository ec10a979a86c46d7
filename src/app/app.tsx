import { RouterProvider } from 'react-router';
import { AppProviders, type AppProvidersProps } from './providers';

export interface AppProps extends Omit<AppProvidersProps, 'children'> {
  /** The router to render: a memory router over `appRoutes` in tests (the browser runs `BrowserApp`). */
  router: Parameters<typeof RouterProvider>[0]['router'];
}

/** The whole playground on a data router (the tests'); the browser's entry renders `BrowserApp`. */
export function App({ router, ...providers }: AppProps) {
  return (
    <AppProviders {...providers}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

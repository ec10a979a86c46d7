import { RouterProvider } from 'react-router';
import { AppProviders, type AppProvidersProps } from './providers';

export interface AppProps extends Omit<AppProvidersProps, 'children'> {
  /** The router to render: `createAppRouter()` in the browser, a memory router over `appRoutes` in tests. */
  router: Parameters<typeof RouterProvider>[0]['router'];
}

/** The whole playground. */
export function App({ router, ...providers }: AppProps) {
  return (
    <AppProviders {...providers}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

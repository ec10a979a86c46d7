import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';

/**
 * Shown when a route fails to load or render (for example a page's code could not be fetched after
 * a deploy); says what failed and offers a reload rather than a blank screen.
 */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="flex min-h-dvh flex-col items-start gap-3 bg-zinc-50 p-6 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <h1 className="text-lg font-semibold">This page could not be shown</h1>
      <p role="alert" className="text-sm">
        {message}
      </p>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Reloading fetches the page again; if the playground was just updated, that is usually all it takes.
      </p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </main>
  );
}

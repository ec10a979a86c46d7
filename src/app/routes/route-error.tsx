import { Component, type ReactNode } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';

/**
 * Shown when a route fails to load or render (for example a page's code could not be fetched after
 * a deploy); says what failed and offers a reload rather than a blank screen.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
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

/** The routes' `errorElement` under a data router (the tests' memory routers): the error it caught. */
export function RouteError() {
  return <RouteErrorPage error={useRouteError()} />;
}

interface BoundaryProps {
  children: ReactNode;
}

/**
 * The same page under the browser's router (declarative, without the data router's own boundary):
 * a failure anywhere below the router shows it, and moving to another address renders afresh, as
 * the data router's boundary does.
 */
export function RouteErrorBoundary({ children }: BoundaryProps) {
  const location = useLocation();
  return <LocationBoundary location={location}>{children}</LocationBoundary>;
}

interface LocationBoundaryProps extends BoundaryProps {
  location: unknown;
}

interface LocationBoundaryState {
  failed: boolean;
  error: unknown;
  location: unknown;
}

class LocationBoundary extends Component<LocationBoundaryProps, LocationBoundaryState> {
  override state: LocationBoundaryState = { failed: false, error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<LocationBoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: LocationBoundaryProps,
    state: LocationBoundaryState,
  ): Partial<LocationBoundaryState> | null {
    return props.location === state.location
      ? null
      : { failed: false, error: null, location: props.location };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

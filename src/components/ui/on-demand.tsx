import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Button } from './button';

export interface OnDemand<P extends object> {
  /** Renders the component once its code is here; `fallback` (sized like it) until then. */
  Component: ComponentType<P & { fallback: ReactNode }>;
  /** Fetches the code now (idempotent); resolves when it is here. */
  preload: () => Promise<void>;
}

/**
 * A component whose code loads when first needed, or earlier with `preload()`, without keeping it
 * off the first page. Unlike React.lazy it renders at once when the code is already here (no
 * suspended frame after a preload), and a failed fetch (a deploy replaced the chunk, the network
 * dropped) says so with a retry instead of an error boundary.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = null; // the next attempt fetches again
        throw error;
      },
    ));

  function Component({ fallback, ...props }: P & { fallback: ReactNode }) {
    const [failed, setFailed] = useState<string | null>(null);
    const [, setReady] = useState(false);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (loaded) return undefined;
      let live = true;
      preload().then(
        () => live && setReady(true),
        (error: unknown) => live && setFailed(error instanceof Error ? error.message : String(error)),
      );
      return () => {
        live = false;
      };
    }, [attempt]);
    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...(props as P)} />;
    }
    if (failed !== null)
      return (
        <div role="alert" className="flex flex-col items-start gap-1 text-xs text-red-700 dark:text-red-400">
          <p>This part of the page could not be loaded ({failed}). Check the connection to the playground.</p>
          <Button
            size="sm"
            onClick={() => {
              setFailed(null);
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </Button>
        </div>
      );
    return <>{fallback}</>;
  }
  return { Component, preload };
}

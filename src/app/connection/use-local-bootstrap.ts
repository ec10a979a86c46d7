import { useEffect } from 'react';
import { loadLocalBootstrap } from '../../lib/connection';
import { useApiEnvironment, useSettingsStore } from '../../stores';

/**
 * Once, at start: asks the page's own server whether it is the local service and, if so, adds or
 * refreshes the "Local service" connection with its URL and key, so `npm start` needs no typing.
 * Any other answer (a static host, 403/404, nothing) changes nothing.
 */
export function useLocalBootstrap(): void {
  const environment = useApiEnvironment();
  const fetchImpl = environment.fetch ?? globalThis.fetch;
  const origin =
    environment.bootstrapOrigin === undefined ? window.location.origin : environment.bootstrapOrigin;
  const applyLocalBootstrap = useSettingsStore((s) => s.applyLocalBootstrap);

  useEffect(() => {
    if (origin === null) return undefined;
    const controller = new AbortController();
    loadLocalBootstrap(fetchImpl.bind(globalThis), origin, controller.signal)
      .then((answer) => {
        if (answer && !controller.signal.aborted) applyLocalBootstrap(answer);
      })
      .catch(() => {
        // Only an abort (unmount) rejects; there is nothing to report.
      });
    return () => controller.abort();
  }, [fetchImpl, origin, applyLocalBootstrap]);
}

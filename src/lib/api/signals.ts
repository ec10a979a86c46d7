/** A signal that aborts when any of its sources does, and a way to stop listening to them. */
export interface LinkedSignal {
  signal: AbortSignal;
  /** Detaches from the sources; call it when the work is over so long-lived signals do not leak. */
  dispose(): void;
}

/**
 * Links abort signals. (`AbortSignal.any` does the same but keeps its sources referenced until they are
 * collected; an explicit `dispose` suits a page that reuses one signal for many requests.)
 */
export function linkSignals(...sources: (AbortSignal | undefined)[]): LinkedSignal {
  const controller = new AbortController();
  const attached: AbortSignal[] = [];
  const onAbort = (event: Event) => {
    controller.abort((event.target as AbortSignal).reason);
    dispose();
  };
  function dispose() {
    for (const source of attached) source.removeEventListener('abort', onAbort);
    attached.length = 0;
  }
  for (const source of sources) {
    if (!source) continue;
    if (source.aborted) {
      controller.abort(source.reason);
      dispose();
      break;
    }
    source.addEventListener('abort', onAbort);
    attached.push(source);
  }
  return { signal: controller.signal, dispose };
}

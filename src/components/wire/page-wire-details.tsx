import { useState } from 'react';
import type { Endpoint } from '../../lib/api';
import { useApi } from '../../stores';
import { WirePane } from './wire-pane';

/**
 * The wire pane folded under a page: closed by default, and not rendered at all until opened, so a
 * page pays nothing for it until someone wants to look at what went over the wire.
 */
export function PageWireDetails({ endpoint }: { endpoint: Endpoint }) {
  const { baseURL } = useApi();
  const [open, setOpen] = useState(false);
  return (
    <details
      className="rounded border border-zinc-200 p-2 text-sm dark:border-zinc-800"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-semibold">Wire: what was sent and received</summary>
      {open ? (
        <div className="mt-2">
          <WirePane baseURL={baseURL} endpoints={[endpoint]} />
        </div>
      ) : null}
    </details>
  );
}

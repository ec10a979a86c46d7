import { useState } from 'react';
import type { Endpoint } from '../../lib/api';
import { useApi } from '../../stores';
import { onDemand } from '../ui/on-demand';

// Its code too loads when first opened (about 8 KB gzipped that every Code, Vision and Audio visit
// used to load); what it shows is recorded from the start either way.
const Pane = onDemand(() => import('./wire-pane').then((m) => m.WirePane));

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
          <Pane.Component
            baseURL={baseURL}
            endpoints={[endpoint]}
            fallback={<p className="text-xs text-zinc-500">Loading the wire pane…</p>}
          />
        </div>
      ) : null}
    </details>
  );
}

import type { Endpoint } from '../../lib/api';
import { useApi } from '../../stores';
import { onDemand } from '../ui/on-demand';

// Its code loads when the tab is first opened, or on the intent to open it (the pointer over the
// tab, focus on it): about 8 KB gzipped that every Code, Vision and Audio visit used to load; what
// it shows is recorded from the start either way.
const Pane = onDemand(() => import('./wire-pane').then((m) => m.WirePane));

/** The inspector tabs of a page with one endpoint: its parameters, and what went over the wire. */
export const PAGE_INSPECTOR_TABS = [
  { id: 'parameters', label: 'Parameters' },
  { id: 'wire', label: 'Wire', preload: () => void Pane.preload().catch(() => undefined) },
] as const;

/** The wire pane of one endpoint's exchanges, rendered only while its tab is open. */
export function PageWireTab({ endpoint }: { endpoint: Endpoint }) {
  const { baseURL } = useApi();
  return (
    <Pane.Component
      baseURL={baseURL}
      endpoints={[endpoint]}
      fallback={<p className="text-xs text-zinc-500">Loading the wire pane…</p>}
    />
  );
}

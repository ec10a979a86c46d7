import { useState } from 'react';
import type { Endpoint } from '../../lib/api';
import type { PastedRequest } from '../../lib/export-code';
import { isStreamed, type WireLog } from '../../lib/wire-log';
import { Button } from '../ui/button';
import { SELECTED_TAB } from './selected-tab';
import { useTabs } from '../ui/use-tabs';
import { INPUT_CLASS } from '../ui/field';
import { RequestDetails, ResponseDetails } from './exchange-details';
import { PasteRequest } from './paste-request';
import { RateLimitView } from './rate-limit-view';
import { StreamTimelineView } from './stream-timeline-view';
import { useWireLog } from './use-wire-log';
import { useAppWireLog } from '../../stores';
import { ViewCode } from './view-code';

export interface WirePaneProps {
  /** The log to show; the app's own by default. */
  log?: WireLog;
  /** Only exchanges of these endpoints (all by default). */
  endpoints?: readonly Endpoint[];
  /** The active connection's base URL, for the rate-limit view. */
  baseURL: string;
  /** When given, a paste box loads a curl command or request JSON into the page. */
  onLoadRequest?: (request: PastedRequest) => string | null | Promise<string | null>;
  /** What the paste box says once a request went in. */
  loadedMessage?: string;
}

type Tab = 'request' | 'response' | 'timeline' | 'code';
const TABS: Record<Tab, string> = {
  request: 'Request',
  response: 'Response',
  timeline: 'Timeline',
  code: 'View code',
};
const TAB_IDS = Object.keys(TABS) as Tab[];

/**
 * What went over the wire, for any page: the exact request (key redacted) and response, stream
 * chunks with arrival times, the stream timeline, the request as code, a paste box and rate limits.
 */
export function WirePane({ log, endpoints, baseURL, onLoadRequest, loadedMessage }: WirePaneProps) {
  const appLog = useAppWireLog();
  const shown = log ?? appLog;
  const all = useWireLog(shown);
  const records = endpoints ? all.filter((r) => endpoints.includes(r.endpoint)) : all;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [tab, setTab] = useState<Tab>('request');
  // What the last Clear took, offered back (the log keeps what came since).
  const [cleared, setCleared] = useState<{ count: number; undo: () => void } | null>(null);
  const record = records.find((r) => r.id === selectedId) ?? records.at(-1);
  const { listProps, tabProps, panelProps } = useTabs(TAB_IDS, tab, setTab);
  return (
    <div className="flex flex-col gap-2 text-xs" aria-label="Wire pane" role="region">
      {record ? (
        <>
          <label className="flex flex-col gap-0.5">
            Exchange
            <select
              className={`${INPUT_CLASS} text-xs`}
              value={record.id}
              onChange={(e) => setSelectedId(Number(e.target.value))}
            >
              {[...records].reverse().map((r) => (
                <option key={r.id} value={r.id}>
                  #{r.id} {r.request.method} {new URL(r.request.url).pathname} →{' '}
                  {r.response?.status ?? r.error ?? '…'}
                  {isStreamed(r) ? ' (stream)' : ''}
                </option>
              ))}
            </select>
          </label>
          <div className="flex flex-wrap items-center gap-1">
            <div {...listProps} aria-label="Exchange view" className="flex flex-wrap gap-1">
              {TAB_IDS.map((id) => (
                <Button key={id} size="sm" variant="ghost" className={SELECTED_TAB} {...tabProps(id)}>
                  {TABS[id]}
                </Button>
              ))}
            </div>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setCleared({ count: all.length, undo: shown.clear() })}
            >
              Clear
            </Button>
          </div>
          <div role="tabpanel" {...panelProps}>
            {tab === 'request' ? <RequestDetails record={record} /> : null}
            {tab === 'response' ? <ResponseDetails record={record} /> : null}
            {tab === 'timeline' ? <StreamTimelineView record={record} /> : null}
            {tab === 'code' ? (
              <ViewCode
                request={{
                  method: record.request.method,
                  url: record.request.url,
                  body: record.request.body,
                }}
              />
            ) : null}
          </div>
        </>
      ) : (
        <p className="text-zinc-500">Nothing sent yet: requests and responses appear here as they happen.</p>
      )}
      {cleared ? (
        <p role="status" className="flex flex-wrap items-center gap-2">
          Cleared {cleared.count} {cleared.count === 1 ? 'exchange' : 'exchanges'}.
          <Button
            size="sm"
            onClick={() => {
              cleared.undo();
              setCleared(null);
            }}
          >
            Undo clear
          </Button>
        </p>
      ) : null}
      {onLoadRequest ? (
        <PasteRequest onLoad={onLoadRequest} {...(loadedMessage ? { loadedMessage } : {})} />
      ) : null}
      <section aria-label="Rate-limit state">
        <p className="font-semibold">Rate limits</p>
        <RateLimitView baseURL={baseURL} />
      </section>
    </div>
  );
}

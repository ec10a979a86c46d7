/** The wire pane: exact requests and responses, stream timeline, code export, paste, rate limits. */
export { RequestDetails, ResponseDetails } from './exchange-details';
export { PasteRequest } from './paste-request';
export { RateLimitView } from './rate-limit-view';
export { StreamTimelineView } from './stream-timeline-view';
export { useWireLog } from './use-wire-log';
export { ViewCode } from './view-code';
export { WirePane, type WirePaneProps } from './wire-pane';
export { PAGE_INSPECTOR_TABS, PageWireTab } from './page-wire-tab';

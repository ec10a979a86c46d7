/**
 * Which exchange on the wire answered which cell, so a click on a cell can show its own request and
 * response in the Wire tab. The run engine shares one client per connection among its cells, so the
 * client cannot say which cell an exchange is for; the cell's stored request can: when a result is
 * stored, the exchange is the one that carried that request and ended last (the result is stored as
 * soon as its reply ends). Repeats send the same request; whichever of them is taken, it is that
 * request and a reply to it. Only this page session's exchanges are known: a reload forgets them.
 */
import { canonicalJson } from '../function-schema/validator-cache';
import { WireLog } from '../wire-log';
import type { ExchangeEvent } from '../api/types';
import type { ChatCompletionRequest } from '../../protocol/wire';

/** Exchanges remembered, newest kept: enough for the cells on screen and the recent ones. */
const KEPT_EXCHANGES = 500;

interface Exchange {
  events: ExchangeEvent[];
  /** Canonical JSON of the request body sent. */
  body: string | null;
  ended: number | null;
  cellId: string | null;
}

const canonicalBody = (text: string): string | null => {
  try {
    return canonicalJson(JSON.parse(text) as unknown);
  } catch {
    return null;
  }
};

export class CellExchanges {
  private readonly exchanges = new Map<number, Exchange>();
  private readonly byCell = new Map<string, number>();

  /** Pass beside the wire log's own `record` as a client's `onExchange`. */
  readonly record = (event: ExchangeEvent): void => {
    if (event.type === 'request') {
      const body = event.body.kind === 'text' ? canonicalBody(event.body.text) : null;
      this.exchanges.set(event.id, { events: [event], body, ended: null, cellId: null });
      if (this.exchanges.size > KEPT_EXCHANGES) {
        const [oldest] = this.exchanges.keys();
        const dropped = this.exchanges.get(oldest!);
        if (dropped?.cellId) this.byCell.delete(dropped.cellId);
        this.exchanges.delete(oldest!);
      }
      return;
    }
    const exchange = this.exchanges.get(event.id);
    if (!exchange) return;
    exchange.events.push(event);
    if (event.type === 'end') exchange.ended = event.at;
  };

  /** Ties the cell to the exchange that carried its request and ended last, not yet tied to another. */
  assign(cellId: string, request: ChatCompletionRequest | null): void {
    if (!request) return;
    const wanted = canonicalJson({ ...request, stream: true });
    const plain = canonicalJson(request);
    let best: [number, Exchange] | null = null;
    for (const entry of this.exchanges) {
      const [, exchange] = entry;
      if (exchange.cellId !== null || (exchange.body !== wanted && exchange.body !== plain)) continue;
      if (!best || (exchange.ended ?? 0) >= (best[1].ended ?? 0)) best = entry;
    }
    if (!best) return;
    const previous = this.byCell.get(cellId);
    if (previous !== undefined) {
      const old = this.exchanges.get(previous);
      if (old) old.cellId = null;
    }
    best[1].cellId = cellId;
    this.byCell.set(cellId, best[0]);
  }

  has(cellId: string): boolean {
    return this.byCell.has(cellId);
  }

  /** A wire log holding only the cell's exchange (for the wire pane), or null when it is not known. */
  logFor(cellId: string): WireLog | null {
    const id = this.byCell.get(cellId);
    const exchange = id === undefined ? undefined : this.exchanges.get(id);
    if (!exchange) return null;
    const log = new WireLog({ limit: 1 });
    for (const event of exchange.events) log.record(event);
    return log;
  }
}

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

/**
 * Characters of a response body's text kept per exchange (the wire log's own default): past it, a
 * chunk keeps its time and size, not its text, so a server sending 100 MB costs 2 MB here.
 */
export const MAX_EXCHANGE_TEXT = 2_000_000;

interface Exchange {
  events: ExchangeEvent[];
  /** Canonical JSON of the request body sent. */
  body: string | null;
  ended: number | null;
  cellId: string | null;
  /** Characters of chunk text kept so far. */
  textKept: number;
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
  /** A cell's exchanges: its own request's first, then its judge requests'. */
  private readonly byCell = new Map<string, number[]>();

  /** Pass beside the wire log's own `record` as a client's `onExchange`. */
  readonly record = (event: ExchangeEvent): void => {
    if (event.type === 'request') {
      const body = event.body.kind === 'text' ? canonicalBody(event.body.text) : null;
      this.exchanges.set(event.id, { events: [event], body, ended: null, cellId: null, textKept: 0 });
      if (this.exchanges.size > KEPT_EXCHANGES) {
        const [oldest] = this.exchanges.keys();
        const dropped = this.exchanges.get(oldest!);
        if (dropped?.cellId) this.untie(dropped.cellId, oldest!);
        this.exchanges.delete(oldest!);
      }
      return;
    }
    const exchange = this.exchanges.get(event.id);
    if (!exchange) return;
    if (event.type === 'chunk') {
      exchange.textKept += event.text.length;
      if (exchange.textKept > MAX_EXCHANGE_TEXT) {
        exchange.events.push({ ...event, text: '' });
        return;
      }
    }
    exchange.events.push(event);
    if (event.type === 'end') exchange.ended = event.at;
  };

  private untie(cellId: string, id: number) {
    const left = (this.byCell.get(cellId) ?? []).filter((kept) => kept !== id);
    if (left.length > 0) this.byCell.set(cellId, left);
    else this.byCell.delete(cellId);
  }

  /** The exchange that carried `request` and ended last, not yet tied to a cell. */
  private latestFor(request: ChatCompletionRequest): [number, Exchange] | null {
    const wanted = canonicalJson({ ...request, stream: true });
    const plain = canonicalJson(request);
    let best: [number, Exchange] | null = null;
    for (const entry of this.exchanges) {
      const [, exchange] = entry;
      if (exchange.cellId !== null || (exchange.body !== wanted && exchange.body !== plain)) continue;
      if (!best || (exchange.ended ?? 0) >= (best[1].ended ?? 0)) best = entry;
    }
    return best;
  }

  /**
   * Ties the cell to the exchange that carried its request, and to those of its judge requests
   * (model-graded checks), each the one that ended last not yet tied to another cell.
   */
  assign(
    cellId: string,
    request: ChatCompletionRequest | null,
    judgeRequests: readonly ChatCompletionRequest[] = [],
  ): void {
    if (!request) return;
    const found: [number, Exchange][] = [];
    for (const body of [request, ...judgeRequests]) {
      const entry = this.latestFor(body);
      if (!entry) continue;
      // Held while the rest are looked for, so two equal judge requests take two exchanges.
      entry[1].cellId = cellId;
      found.push(entry);
    }
    if (found.length === 0) return;
    for (const id of this.byCell.get(cellId) ?? []) {
      const old = this.exchanges.get(id);
      if (old && !found.some(([kept]) => kept === id)) old.cellId = null;
    }
    this.byCell.set(
      cellId,
      found.map(([id]) => id),
    );
  }

  has(cellId: string): boolean {
    return this.byCell.has(cellId);
  }

  /** A wire log holding only the cell's exchanges (for the wire pane), or null when none is known. */
  logFor(cellId: string): WireLog | null {
    const kept = (this.byCell.get(cellId) ?? [])
      .map((id) => this.exchanges.get(id))
      .filter((exchange): exchange is Exchange => exchange !== undefined);
    if (kept.length === 0) return null;
    const log = new WireLog({ limit: kept.length });
    for (const exchange of kept) for (const event of exchange.events) log.record(event);
    return log;
  }
}

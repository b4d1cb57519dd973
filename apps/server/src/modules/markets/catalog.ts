import { isProviderMarketId, marketIdParse } from '@backlay/domain';
import { notifiedCache, type Changes } from '../../db/changes.js';
import type { Db } from '../../db/pool.js';
import type { Clock } from '../../seams.js';
import * as q from './markets.queries.js';

/** A market as a bet sees it: its state, stakes, runners in order and the operator's rows. */
export interface MarketFacts {
  readonly marketId: string;
  readonly marketType: q.MarketRow['marketType'];
  readonly isClosed: boolean;
  readonly operatorSuspended: boolean;
  readonly minStake: number;
  readonly maxStake: number;
  readonly runners: readonly { readonly selectionId: string; readonly name: string }[];
  readonly customBookmaker: readonly q.CustomBookmakerRow[];
}

/**
 * An event as a bet and a read see it (docs/decisions.md#money acceptance): everything but prices and
 * positions.
 */
export interface EventFacts {
  readonly eventId: number;
  /**
   * When these facts were read (epoch ms, at the start of the read): the Seq of everything built
   * from them is at least this, so a change of the operator's, whose new facts are read after it,
   * always gives a higher Seq than anything built before (docs/architecture.md, "Freshness on the
   * client").
   */
  readonly seenAt: number;
  /** The event as the market reads show it. */
  readonly row: q.EventRow;
  /** Its markets, closed ones too, in the order they were made, runners in order. */
  readonly marketRows: readonly q.MarketRow[];
  readonly status: 'upcoming' | 'inplay' | 'closed';
  readonly betLocked: boolean;
  readonly fancyActive: boolean;
  readonly sessionMinStake: number;
  readonly sessionMaxStake: number;
  readonly markets: ReadonlyMap<string, MarketFacts>;
  /** Fancy sessions: selection id → name, in the feed's order. */
  readonly fancyNames: ReadonlyMap<string, string>;
  readonly customFancy: readonly q.CustomFancyRow[];
  readonly activeFancy: readonly q.CustomFancyRow[];
  /** Markets and sessions with a result (declared, settled, voided or rolled back). */
  readonly declared: ReadonlySet<string>;
}

async function loadEvent(db: Db, eventId: number, seenAt: number): Promise<EventFacts | undefined> {
  const event = await q.findEvent(db, eventId);
  if (!event) return undefined;
  const [markets, fancyNames, customFancy, activeFancy, declared] = await Promise.all([
    q.findMarkets(db, { eventId }),
    q.fancyNames(db, eventId),
    q.customFancyRows(db, eventId, 'custom'),
    q.customFancyRows(db, eventId, 'active'),
    q.declaredTargets(db, eventId),
  ]);
  const facts = new Map<string, MarketFacts>();
  for (const market of markets) {
    facts.set(market.marketId, {
      marketId: market.marketId,
      marketType: market.marketType,
      isClosed: market.isClosed,
      operatorSuspended: market.operatorSuspended,
      minStake: market.minStake,
      maxStake: market.maxStake,
      runners: market.runners.map((runner) => ({
        selectionId: String(runner.selectionId),
        name: runner.name,
      })),
      customBookmaker:
        market.marketType === 'BOOKMAKER' ? await q.customBookmakerRows(db, market.marketId) : [],
    });
  }
  return {
    eventId,
    seenAt,
    row: event,
    marketRows: markets,
    status: event.status,
    betLocked: event.betLocked,
    fancyActive: event.fancyActive,
    sessionMinStake: event.sessionMinStake,
    sessionMaxStake: event.sessionMaxStake,
    markets: facts,
    fancyNames,
    customFancy,
    activeFancy,
    declared,
  };
}

/** Market ids remembered with their event; the oldest go first past this. */
const MAX_MARKET_EVENTS = 200_000;

/**
 * The catalog (docs/decisions.md#hot-paths): each event's facts in memory, loaded on first use and dropped when a
 * writer changes any of them — the triggers of db/functions/notify.sql notify every instance, whoever
 * wrote (feed, operator, settlement). While the listener is down, every read goes to PostgreSQL.
 * A bet's own statement re-checks what can change in the meantime (market closed or declared,
 * event locked, operator suspension), so a notification still in flight cannot let a bet through.
 *
 * It is also the market directory: which event a market belongs to. A provider's market id
 * (Betfair's `1.180305278`, the simulator's `1.<EventId>`) says nothing of its event, so the event
 * comes from the markets table (docs/architecture.md identifiers); a market never moves to another
 * event, so what was read is kept (the oldest dropped past MAX_MARKET_EVENTS) and needs no
 * notification. Our suffix ids (`<EventId>B`, `<EventId>T` …) name their event.
 */
export function createCatalog(deps: { db: Db; changes: Changes; clock: Clock }) {
  const marketEvents = new Map<string, number>();
  const remember = (marketId: string, eventId: number) => {
    if (marketEvents.get(marketId) === eventId) return;
    if (marketEvents.size >= MAX_MARKET_EVENTS) {
      const oldest = marketEvents.keys().next().value;
      if (oldest !== undefined) marketEvents.delete(oldest);
    }
    marketEvents.set(marketId, eventId);
  };
  const load = async (key: string) => {
    const facts = await loadEvent(deps.db, Number(key), deps.clock.now().getTime());
    for (const market of facts?.marketRows ?? []) remember(market.marketId, market.eventId);
    return facts;
  };
  const events = notifiedCache(deps.changes, load, {
    maxEntries: 5000,
  });
  deps.changes.on('backlay_catalog', (eventId) => events.forget(eventId));
  /** The event of a market when memory or the id itself says it; never loads. */
  const marketEventInMemory = (marketId: string): number | undefined =>
    marketIdParse(marketId)?.eventId ?? marketEvents.get(marketId);
  return {
    event: (eventId: number) => events.get(String(eventId)),
    /** The event's facts when they are in memory and current; never loads. */
    eventInMemory: (eventId: number) => events.peek(String(eventId)),
    /** Drops an event this instance has just changed (its notification reaches the others). */
    forget: (eventId: number) => events.forget(String(eventId)),
    /**
     * The event a market belongs to: the one our suffix id names (whether or not the market
     * exists; the event's facts say), or a provider's id's from its row, read once. Undefined
     * for a provider's id no market has, and for what is no market id.
     */
    async marketEvent(marketId: string): Promise<number | undefined> {
      const known = marketEventInMemory(marketId);
      if (known !== undefined || !isProviderMarketId(marketId)) return known;
      const eventId = await q.eventOfMarket(deps.db, marketId);
      if (eventId !== undefined) remember(marketId, eventId);
      return eventId;
    },
    marketEventInMemory,
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

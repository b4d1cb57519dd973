import type { HubPayload, HubPush } from '@backlay/contract/hub';
import type { EventDetail } from '@backlay/contract/markets';
import {
  bookmakerMarketId,
  isExchangeMarket,
  type BetDelays,
  type HouseMargins,
} from '@backlay/domain';
import type { PriceBook } from '../feed/price-book.js';
import type { Catalog } from '../modules/markets/catalog.js';
import { bookmakerBookShown } from '../modules/markets/house-rule.js';
import { bmFancyResult, eventDetailOf } from '../modules/markets/market-reads.js';
import { marketView, openMarketsInOrder } from '../modules/markets/markets.service.js';
import {
  customBookmakerWire,
  exchangeBookWire,
  marketBookWire,
  operatorFancyWire,
} from '../modules/markets/markets.wire.js';
import type { Clock } from '../seams.js';
import { eventGroup, type HubPublisher } from './hub.js';

/** A group push goes to every host's screens: the TV page's URL is each screen's own. */
const withoutTvUrl = ({ TvUrl: _perHost, ...detail }: EventDetail) => detail;

/** A message for an event's group, built and not yet sent. */
interface Push {
  readonly group: string;
  readonly push: HubPush;
}

/**
 * What changed: exchange and toss markets by id, each with its event (a provider's id does not
 * name it: docs/architecture.md identifiers); bookmaker rows, fancy rows and detail by event.
 */
export interface PushParts {
  readonly markets?: Iterable<readonly [marketId: string, eventId: number]>;
  readonly bookmakers?: Iterable<number>;
  readonly fancies?: Iterable<number>;
  readonly details?: Iterable<number>;
}

/** The markets whose books are pushed: the exchange markets and toss (bookmaker has its own). */
export const isPushedMarket = (kind: string): boolean => kind === 'TOSS' || isExchangeMarket(kind);

/**
 * Pushes an event's parts with their data to its group (docs/product.md#states real-time events; hub messages in
 * packages/contract/src/hub), each as the event screen's read answers it and with that read's Seq,
 * so an open screen puts them in its cache by Seq and never asks again because of a push:
 * UpdateMarketOdds (an exchange or toss market's book), GetActiveBM (the bookmaker rows),
 * GetActiveSession (the assembled fancy rows) and EventSuspended (the detail and the operator's
 * rows). Built from the catalog and the PriceBook, like the reads (market-reads.ts).
 */
export function createMarketPushes(deps: {
  publisher: HubPublisher;
  catalog: Pick<Catalog, 'event'>;
  priceBook: PriceBook;
  clock: Clock;
  /** The in-play bet delays the event detail tells (docs/architecture.md, "In-play bet delay"). */
  betDelay: BetDelays;
  /** The house's margins custom bookmaker rows keep (packages/domain/README.md, "House margins"). */
  margins: HouseMargins;
}) {
  const { publisher, catalog, priceBook, clock } = deps;
  const now = () => clock.now().getTime();

  /** A market's book as its kind is pushed; the kind is the catalog's, not the id's. */
  async function market(marketId: string, eventId: number): Promise<Push | undefined> {
    const facts = await catalog.event(eventId);
    const row = facts?.marketRows.find((candidate) => candidate.marketId === marketId);
    if (!facts || !row || !isPushedMarket(row.marketType)) return undefined;
    const kind = row.marketType;
    const view = marketView(row, priceBook.market(marketId, now()), facts.seenAt);
    const common = { EventId: eventId, MarketId: marketId, Seq: view.seq };
    const payload: HubPayload<'UpdateMarketOdds'> = isExchangeMarket(kind)
      ? { ...common, MarketType: kind, Book: exchangeBookWire(view) }
      : { ...common, MarketType: 'TOSS', Book: marketBookWire(view) };
    return { group: eventGroup(eventId), push: { target: 'UpdateMarketOdds', payload } };
  }

  const bmFancyOf = async (eventId: number) => {
    const at = now();
    const facts = await catalog.event(eventId);
    const marketId = bookmakerMarketId(eventId);
    return bmFancyResult(
      eventId,
      facts,
      bookmakerBookShown(facts, marketId, priceBook, at, deps.margins),
      priceBook.fancy(eventId, at),
    );
  };

  async function bookmaker(eventId: number): Promise<Push> {
    const result = await bmFancyOf(eventId);
    const payload: HubPayload<'GetActiveBM'> = {
      Marketid: result.Marketid,
      EventId: eventId,
      Seq: result.BMSeq,
      BMList: result.BMList,
    };
    return { group: eventGroup(eventId), push: { target: 'GetActiveBM', payload } };
  }

  async function fancy(eventId: number): Promise<Push> {
    const result = await bmFancyOf(eventId);
    const payload: HubPayload<'GetActiveSession'> = {
      MarketId: eventId,
      Seq: result.FancySeq,
      fancyList: result.fancyList.map(({ profitLoss: _position, ...row }) => row),
    };
    return { group: eventGroup(eventId), push: { target: 'GetActiveSession', payload } };
  }

  async function detail(eventId: number): Promise<Push | undefined> {
    const facts = await catalog.event(eventId);
    if (!facts) return undefined;
    const detailOf = withoutTvUrl(eventDetailOf(facts, priceBook, now(), null, deps.betDelay));
    const payload: HubPayload<'EventSuspended'> = {
      EventId: eventId,
      Seq: detailOf.Seq,
      Detail: detailOf,
      CustomBookmaker: (facts.markets.get(bookmakerMarketId(eventId))?.customBookmaker ?? []).map(
        customBookmakerWire,
      ),
      CustomFancy: facts.customFancy.map(operatorFancyWire),
      ActiveFancy: facts.activeFancy.map(operatorFancyWire),
    };
    return { group: eventGroup(eventId), push: { target: 'EventSuspended', payload } };
  }

  /**
   * Builds the messages of the parts named, then sends them all in one go, in this order: the
   * hub gives a group what it was sent in one turn as one WebSocket message (hub.ts), so a
   * screen takes a feed batch in one task.
   */
  async function send(parts: PushParts): Promise<void> {
    for (const push of await build(parts)) if (push) publisher.toGroup(push.group, push.push);
  }

  /** The messages of the parts named, in the order `send` sends them. */
  async function build(parts: PushParts): Promise<(Push | undefined)[]> {
    const built: (Push | undefined)[] = [];
    for (const [marketId, eventId] of parts.markets ?? [])
      built.push(await market(marketId, eventId));
    for (const eventId of parts.bookmakers ?? []) built.push(await bookmaker(eventId));
    for (const eventId of parts.fancies ?? []) built.push(await fancy(eventId));
    for (const eventId of parts.details ?? []) built.push(await detail(eventId));
    return built;
  }

  /** Every part of the event, built (nothing when the event is unknown). */
  async function everything(eventId: number): Promise<(Push | undefined)[]> {
    const facts = await catalog.event(eventId);
    if (!facts) return [];
    return build({
      markets: openMarketsInOrder(facts.marketRows).map((row) => [row.marketId, eventId] as const),
      bookmakers: facts.markets.has(bookmakerMarketId(eventId)) ? [eventId] : [],
      fancies: [eventId],
      details: [eventId],
    });
  }

  return {
    send,
    /** Everything of the event: after an operator's change, which may touch any part. */
    async event(eventId: number): Promise<void> {
      for (const push of await everything(eventId))
        if (push) publisher.toGroup(push.group, push.push);
    },
    /**
     * Everything of the event to one connection that has just joined its group (hub.ts
     * `onEventJoined`), each part with its Seq: what changed between the screen's first reads and
     * its join reaches it this way, and what did not leaves its cache as it is (seq-merge).
     */
    async snapshot(eventId: number, deliver: (push: HubPush) => void): Promise<void> {
      for (const push of await everything(eventId)) if (push) deliver(push.push);
    },
  };
}

export type MarketPushes = ReturnType<typeof createMarketPushes>;

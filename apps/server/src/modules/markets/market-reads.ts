import {
  getBmFancy,
  getEventDetail,
  getRates,
  getTossOdds,
  type BmFancyRow,
  type EventDetail,
} from '@backlay/contract/markets';
import type { z } from 'zod';
import {
  bookmakerMarketId,
  paiseToRupees,
  type BetDelays,
  type HouseMargins,
  type Paise,
} from '@backlay/domain';
import type { FancyBook, MarketBook, PriceBook } from '../../feed/price-book.js';
import { checkedAnswer } from '../../http/endpoints.js';
import { createSnapshots, type Snapshot } from '../../http/snapshot.js';
import type { Clock } from '../../seams.js';
import type { Catalog, EventFacts } from './catalog.js';
import { bookmakerBookShown } from './house-rule.js';
import type { MarketRow } from './markets.queries.js';
import {
  assembledFancyRows,
  fancyViews,
  marketView,
  openMarketsInOrder,
} from './markets.service.js';
import {
  bmFancyRowWire,
  bookmakerRowsWire,
  eventDetailWire,
  marketBookWire,
} from './markets.wire.js';

/** Different reads kept at once; the least recently read go first. */
const MAX_SNAPSHOTS = 20_000;

/** The catalog's events a read needs, by id (undefined: no such event). */
type Events = ReadonlyMap<number, EventFacts | undefined>;

type BmFancy = Extract<z.infer<typeof getBmFancy.response>, { Status: true }>['Result'];

/** The client's worst result per fancy session of an event with open bets, in paise. */
type Worst = ReadonlyMap<string, number>;

/** Markets as a query names them, each with its event, and the key of their snapshot. */
interface Markets {
  readonly markets: readonly { readonly marketId: string; readonly eventId: number }[];
  readonly eventIds: readonly number[];
  readonly key: string;
}

/**
 * A list of market ids as a query gives it (`1.180305278,30339025B`), each once, in order, with
 * its event (the catalog's market directory); toss answers the toss markets among them.
 */
interface MarketList {
  readonly all: Markets;
  readonly toss: Markets;
}

/** Lists remembered; every poll repeats its own. */
const MAX_LISTS = 10_000;

/**
 * The reads every open event screen polls (rates, toss, event detail, bookmaker and fancy) as
 * snapshots (http/snapshot.ts, docs/architecture.md "Caches"): built from the catalog and the
 * PriceBook, never from a query, once per change of what they show. Their inputs are what can
 * change them — the catalog's copy of the event (dropped by every writer's notification), each
 * book's seq and status (a book that goes stale changes status without any write) — so a read
 * after any change is built anew, on every instance, and every other read is bytes from memory.
 *
 * Each read comes twice: `…InMemory` answers only from what memory holds (undefined when the
 * catalog or a position would have to be loaded; http/fast-lane.ts then leaves the request to
 * the framework), the other loads what it lacks.
 */
/**
 * BmFancy's answer for everyone without a fancy position on the event (every `profitLoss` 0):
 * the bookmaker rows and the assembled fancy rows, each part with its own Seq.
 */
export function bmFancyResult(
  eventId: number,
  facts: EventFacts | undefined,
  bookmaker: MarketBook | undefined,
  fancy: FancyBook | undefined,
): BmFancy {
  const marketId = bookmakerMarketId(eventId);
  const row = facts?.marketRows.find((market) => market.marketId === marketId);
  const rates = facts ? fancyViews(facts, fancy) : { seq: 0, rows: [] };
  const bookmakerView = row && facts && marketView(row, bookmaker, facts.seenAt);
  return {
    EventId: eventId,
    Marketid: marketId,
    BMSeq: bookmakerView?.seq ?? facts?.seenAt ?? 0,
    FancySeq: rates.seq,
    BMList: bookmakerRowsWire(bookmakerView),
    fancyList: facts
      ? assembledFancyRows(facts, rates.rows).map((fancyRow) => bmFancyRowWire(fancyRow, 0))
      : [],
  };
}

/** The event's detail with its open markets as their books leave them now. */
export function eventDetailOf(
  facts: EventFacts,
  priceBook: PriceBook,
  at: number,
  tvUrl: string | null,
  delays: BetDelays,
): EventDetail {
  return eventDetailWire(
    facts.row,
    openMarketsInOrder(facts.marketRows).map((row) =>
      marketView(row, priceBook.market(row.marketId, at), facts.seenAt),
    ),
    tvUrl,
    facts.seenAt,
    delays,
  );
}

export function createMarketReads(deps: {
  catalog: Catalog;
  priceBook: PriceBook;
  clock: Clock;
  /** The live TV page of an event as the caller's host reaches it; null without TV. */
  tvUrl: (eventId: number, hostname: string) => string | null;
  /** The in-play bet delays the event detail tells each market's bettors. */
  betDelay: BetDelays;
  /** The house's margins custom bookmaker rows keep (packages/domain/README.md, "House margins"). */
  margins: HouseMargins;
  fancyWorst: (clientId: string, eventId: number) => Promise<Worst>;
  fancyWorstInMemory: (clientId: string, eventId: number) => Worst | undefined;
  /**
   * Resolves once this instance has heard every change committed before the call: what a read
   * asking for a current answer waits for (docs/architecture.md, "Caches").
   */
  caughtUp: () => Promise<void>;
}) {
  const { catalog, priceBook, clock } = deps;
  const snapshots = createSnapshots({ maxEntries: MAX_SNAPSHOTS });

  const loaded = async (eventIds: Iterable<number>): Promise<Events> => {
    const events = new Map<number, EventFacts | undefined>();
    for (const eventId of eventIds)
      if (!events.has(eventId))
        events.set(
          eventId,
          Number.isSafeInteger(eventId) ? await catalog.event(eventId) : undefined,
        );
    return events;
  };
  const inMemory = (eventIds: Iterable<number>): Events | undefined => {
    const events = new Map<number, EventFacts>();
    for (const eventId of eventIds) {
      const facts = catalog.eventInMemory(eventId);
      if (!facts) return undefined;
      events.set(eventId, facts);
    }
    return events;
  };
  const marketsOf = (
    kind: 'rates' | 'toss',
    text: string,
    markets: Markets['markets'],
  ): Markets => ({
    markets,
    eventIds: [...new Set(markets.map((market) => market.eventId))],
    key: `${kind}:${text}`,
  });
  const lists = new Map<string, MarketList>();
  /**
   * The query's list, each id with its event as `eventOf` says (unknown ids left out), and
   * whether every id's event was known. Only such a list is kept (a market never moves to another
   * event): a provider's id may name a market still to come.
   */
  const listOf = (
    text: string,
    eventOf: (marketId: string) => number | undefined,
  ): { list: MarketList; isKnown: boolean } => {
    const held = lists.get(text);
    if (held) return { list: held, isKnown: true };
    const ids = [...new Set(text.split(','))];
    const markets = ids.flatMap((marketId) => {
      const eventId = eventOf(marketId);
      return eventId === undefined ? [] : [{ marketId, eventId }];
    });
    const list = { all: marketsOf('rates', text, markets), toss: marketsOf('toss', text, markets) };
    const isKnown = markets.length === ids.length;
    if (isKnown) {
      if (lists.size >= MAX_LISTS) lists.clear();
      lists.set(text, list);
    }
    return { list, isKnown };
  };
  /** The list with every id's event, read where memory lacks it. */
  const listLoaded = async (text: string): Promise<MarketList> => {
    const held = lists.get(text);
    if (held) return held;
    const events = new Map<string, number | undefined>();
    for (const marketId of new Set(text.split(',')))
      events.set(marketId, await catalog.marketEvent(marketId));
    return listOf(text, (marketId) => events.get(marketId)).list;
  };
  /** The list when memory knows every id's event; undefined otherwise (never loads). */
  const listInMemory = (text: string): MarketList | undefined => {
    const { list, isKnown } = listOf(text, catalog.marketEventInMemory);
    return isKnown ? list : undefined;
  };

  /** The books of these markets (unknown ids left out), as GetRates and toss answer them. */
  const books = (kind: 'rates' | 'toss', list: Markets, events: Events) => {
    const at = clock.now().getTime();
    const inputs: unknown[] = [];
    const found: { row: MarketRow; book: MarketBook | undefined; seenAt: number }[] = [];
    for (const { marketId, eventId } of list.markets) {
      const facts = events.get(eventId);
      const row = facts?.marketRows.find((market) => market.marketId === marketId);
      // Toss answers the toss markets asked for, as the catalog knows their kind.
      if (!facts || !row || (kind === 'toss' && row.marketType !== 'TOSS')) continue;
      const book = priceBook.market(marketId, at);
      inputs.push(facts, book?.seq, book?.status);
      found.push({ row, book, seenAt: facts.seenAt });
    }
    return snapshots.get(list.key, inputs, () => {
      const Result = found.map(({ row, book, seenAt }) =>
        marketBookWire(marketView(row, book, seenAt)),
      );
      return kind === 'rates'
        ? checkedAnswer(getRates, { Status: true, Result })
        : checkedAnswer(getTossOdds, { Status: true, Result });
    });
  };

  const detail = (eventId: number, hostname: string, facts: EventFacts | undefined) => {
    if (!facts) {
      return snapshots.get('detail:none', [], () =>
        checkedAnswer(getEventDetail, { Status: false, Result: 'Event not found' }),
      );
    }
    const at = clock.now().getTime();
    const tvUrl = deps.tvUrl(eventId, hostname);
    const inputs: unknown[] = [facts, tvUrl];
    for (const row of openMarketsInOrder(facts.marketRows)) {
      const book = priceBook.market(row.marketId, at);
      inputs.push(book?.seq, book?.status);
    }
    return snapshots.get(`detail:${eventId}:${hostname}`, inputs, () =>
      checkedAnswer(getEventDetail, {
        Status: true,
        Result: eventDetailOf(facts, priceBook, at, tvUrl, deps.betDelay),
      }),
    );
  };

  /** Everyone without a fancy position on the event shares this one. */
  const bmFancyShared = (eventId: number, facts: EventFacts | undefined) => {
    const at = clock.now().getTime();
    const marketId = bookmakerMarketId(eventId);
    const row = facts?.marketRows.find((market) => market.marketId === marketId);
    const bookmaker = row && bookmakerBookShown(facts, marketId, priceBook, at, deps.margins);
    const fancy = facts && priceBook.fancy(eventId, at);
    return snapshots.get(
      `bmfancy:${eventId}`,
      [facts, bookmaker?.seq, bookmaker?.status, fancy?.seq, fancy?.isStale],
      () =>
        checkedAnswer(getBmFancy, {
          Status: true,
          Result: bmFancyResult(eventId, facts, bookmaker, fancy),
        }),
    );
  };

  /** The shared answer with the client's own results on the sessions they have bets on. */
  const bmFancyOf = (eventId: number, clientId: string, shared: Snapshot, worst: Worst) => {
    if (worst.size === 0) return shared;
    return snapshots.get(`bmfancy:${eventId}:${clientId}`, [shared, worst], () => {
      const answer = shared.answer as { Result: { fancyList: BmFancyRow[] } };
      return {
        ...answer,
        Result: {
          ...answer.Result,
          fancyList: answer.Result.fancyList.map((fancyRow) => ({
            ...fancyRow,
            profitLoss: paiseToRupees((worst.get(fancyRow.SelectionId) ?? 0) as Paise),
          })),
        },
      };
    });
  };

  return {
    /** GetRates: the books of the markets asked for (`marketIds`: the query's list). */
    async rates(marketIds: string): Promise<Snapshot> {
      const { all } = await listLoaded(marketIds);
      return books('rates', all, await loaded(all.eventIds));
    },
    ratesInMemory(marketIds: string): Snapshot | undefined {
      const all = listInMemory(marketIds)?.all;
      const events = all && inMemory(all.eventIds);
      return all && events && books('rates', all, events);
    },

    /** Toss odds: the toss markets among those asked for. */
    async toss(marketIds: string): Promise<Snapshot> {
      const { toss } = await listLoaded(marketIds);
      return books('toss', toss, await loaded(toss.eventIds));
    },
    tossInMemory(marketIds: string): Snapshot | undefined {
      const toss = listInMemory(marketIds)?.toss;
      const events = toss && inMemory(toss.eventIds);
      return toss && events && books('toss', toss, events);
    },

    /** GetEventDetail: the event, its open markets with their runners' status, its TV page. */
    async eventDetail(eventId: number, hostname: string): Promise<Snapshot> {
      return detail(eventId, hostname, (await loaded([eventId])).get(eventId));
    },
    eventDetailInMemory(eventId: number, hostname: string): Snapshot | undefined {
      const facts = catalog.eventInMemory(eventId);
      return facts && detail(eventId, hostname, facts);
    },

    /**
     * BmFancy: the bookmaker rows and the fancy rows of the event, with the caller's worst result
     * on each fancy session.
     */
    async bmFancy(eventId: number, clientId: string | undefined): Promise<Snapshot> {
      const shared = bmFancyShared(eventId, (await loaded([eventId])).get(eventId));
      if (clientId === undefined) return shared;
      return bmFancyOf(eventId, clientId, shared, await deps.fancyWorst(clientId, eventId));
    },
    /** Resolves once this instance has heard every change committed before the call. */
    caughtUp: deps.caughtUp,
    bmFancyInMemory(eventId: number, clientId: string): Snapshot | undefined {
      const facts = catalog.eventInMemory(eventId);
      const worst = deps.fancyWorstInMemory(clientId, eventId);
      if (!facts || !worst) return undefined;
      return bmFancyOf(eventId, clientId, bmFancyShared(eventId, facts), worst);
    },
  };
}

export type MarketReads = ReturnType<typeof createMarketReads>;

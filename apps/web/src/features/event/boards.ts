import {
  bookmakerMarketId,
  fancyRowsAssemble,
  tossMarketId,
  type FancySettings,
} from '@backlay/domain';
import { activeFancyQuery } from './api/get-active-fancy';
import { bmFancyQuery } from './api/get-bm-fancy';
import { customBookmakerQuery } from './api/get-custom-bookmaker';
import { customFancyQuery } from './api/get-custom-fancy';
import { marketOddsQuery } from './api/get-market-odds';
import { tossOddsQuery } from './api/get-toss-odds';
import {
  bookmakerTable,
  exchangeTable,
  fancyBoard,
  marketTypeOf,
  newerBook,
  plainFromExchange,
  plainFromRates,
  tableBoard,
  type EventMarket,
  type FancyBoard,
  type TableBoard,
} from './market-model';
import { derivedSource, queryRead, readPart, type PriceSource } from './price-source';
import type { PriceStore } from './price-store';

/**
 * The reads an event's prices come from, as its tables read them from the price store. The odds are
 * the event's, whichever market id asked for them (get-market-odds.ts); bookmaker and toss ids
 * are ours, `<EventId>B` and `<EventId>T` (docs/architecture.md identifiers).
 */
export function eventReads(eventId: string) {
  const id = Number(eventId);
  return {
    odds: queryRead(marketOddsQuery(eventId)),
    toss: queryRead(tossOddsQuery(eventId, tossMarketId(id), true)),
    bmFancy: queryRead(bmFancyQuery(eventId, true)),
    customBookmaker: queryRead(customBookmakerQuery(eventId, bookmakerMarketId(id))),
    activeFancy: queryRead(activeFancyQuery(eventId, true)),
    customFancy: queryRead(customFancyQuery(eventId, true)),
  };
}

export type EventReads = ReturnType<typeof eventReads>;

/** A market's own book in the odds answer, which holds every exchange market of the event. */
const bookOf = (reads: EventReads, market: EventMarket) =>
  readPart(reads.odds, (books) => books?.[market.MarketId]);

/** The bookmaker rows of the bookmaker/fancy answer (its fancy rows tick apart). */
const bookmakerRows = (reads: EventReads) => readPart(reads.bmFancy, (bmFancy) => bmFancy?.BMList);

/**
 * One market's table from the answers it is priced from: the bookmaker from the feed's rows with
 * the custom rows merged, toss from whichever of its two books is newer, match odds and the
 * further exchange markets from the one odds answer, keyed by market id (docs/architecture.md
 * identifiers).
 */
export function marketBoard(
  store: PriceStore,
  reads: EventReads,
  market: EventMarket,
): PriceSource<TableBoard> {
  switch (marketTypeOf(market)) {
    case 'BOOKMAKER':
      return derivedSource(store, [bookmakerRows(reads), reads.customBookmaker], (rows, custom) =>
        tableBoard(bookmakerTable(market, rows, custom ?? [])),
      );
    case 'TOSS':
      return derivedSource(store, [bookOf(reads, market), reads.toss], (book, toss) =>
        tableBoard(exchangeTable(market, newerBook(plainFromExchange(book), plainFromRates(toss)))),
      );
    case 'MATCH_ODDS':
    case 'TIED_MATCH':
    case 'COMPLETED_MATCH':
    case 'OVER_UNDER_15':
    case 'OVER_UNDER_25':
    case 'OVER_UNDER_35':
    case 'SET_WINNER':
    case 'FANCY':
      return derivedSource(store, [bookOf(reads, market)], (book) =>
        tableBoard(exchangeTable(market, plainFromExchange(book))),
      );
  }
}

/** The fancy rows as the domain assembles them from the feed's and the operator's rows. */
export function fancyRowsBoard(
  store: PriceStore,
  reads: EventReads,
  settings: FancySettings,
): PriceSource<FancyBoard> {
  const rates = readPart(reads.bmFancy, (bmFancy) => bmFancy?.fancyList);
  return derivedSource(
    store,
    [rates, reads.customFancy, reads.activeFancy],
    (rows, custom, active) =>
      fancyBoard(fancyRowsAssemble(rows ?? [], [...(custom ?? []), ...(active ?? [])], settings)),
  );
}

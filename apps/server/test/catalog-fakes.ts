import type { MarketBook } from '../src/feed/price-book.js';
import type { RunnerQuote } from '../src/feed/types.js';
import type { EventFacts, MarketFacts } from '../src/modules/markets/catalog.js';

/*
 * The catalog's and the price book's facts as the unit tests fake them (a bet decided in memory,
 * no database): an open match odds market, an event before play, an active book.
 */

/** An open match odds market of these runners; min 500, max 50,000 unless overridden. */
export function fakeMarket(
  facts: Pick<MarketFacts, 'marketId' | 'runners'> & Partial<MarketFacts>,
): MarketFacts {
  return {
    marketType: 'MATCH_ODDS',
    isClosed: false,
    operatorSuspended: false,
    minStake: 500,
    maxStake: 50_000,
    customBookmaker: [],
    ...facts,
  };
}

/** A cricket event before play (or `overrides.status`) holding these markets, no fancy. */
export function fakeEvent(
  eventId: number,
  markets: readonly MarketFacts[],
  overrides: Partial<EventFacts> = {},
): EventFacts {
  const status = overrides.status ?? 'upcoming';
  return {
    eventId,
    seenAt: 0,
    row: {
      eventId,
      sportId: 4,
      seriesName: 'Test Series',
      name: 'Lions v Tigers',
      startTime: new Date('2026-01-01T10:00:00Z'),
      status,
      betLocked: false,
      fancyActive: true,
      sessionMinStake: 100,
      sessionMaxStake: 10_000,
    },
    marketRows: [],
    status,
    betLocked: false,
    fancyActive: true,
    sessionMinStake: 100,
    sessionMaxStake: 10_000,
    markets: new Map(markets.map((entry) => [entry.marketId, entry])),
    fancyNames: new Map(),
    customFancy: [],
    activeFancy: [],
    declared: new Set(),
    ...overrides,
  };
}

/** An active runner's best back and lay: hundredths (match odds) or per 100 (bookmaker). */
export function fakeQuote(
  selectionId: string,
  back: number,
  lay: number,
  size = 5000,
): RunnerQuote {
  return {
    selectionId: Number(selectionId),
    status: 'ACTIVE',
    back: [{ price: back, size }],
    lay: [{ price: lay, size }],
  };
}

/** An active, fresh book of these runners. */
export function fakeBook(
  marketId: string,
  eventId: number,
  runners: readonly RunnerQuote[],
  overrides: Partial<MarketBook> = {},
): MarketBook {
  return {
    marketId,
    eventId,
    status: 'ACTIVE',
    isStale: false,
    seq: 1,
    runners,
    pricedAt: 0,
    downAt: 0,
    ...overrides,
  };
}

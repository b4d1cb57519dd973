import { DEFAULT_HOUSE_MARGINS } from '@backlay/domain';
import type { BetDraft } from '@backlay/contract/bets';
import type { BetDelays } from '@backlay/domain';
import { describe, expect, it } from 'vitest';
import type { FancyBook, MarketBook } from '../../feed/price-book.js';
import type { FancyQuote, RunnerQuote } from '../../feed/types.js';
import { manualClock } from '../../seams.js';
import { fakeBook, fakeEvent, fakeMarket, fakeQuote } from '../../../test/catalog-fakes.js';
import type { EventFacts, MarketFacts } from '../markets/catalog.js';
import { BET_MESSAGES } from './bet-answers.js';
import { exchangePlacement, fancyPlacement, type PlacementDeps } from './placement.js';

/*
 * docs/architecture.md, "The path of a bet" and "In-play bet delay": a bet decided in memory,
 * from fakes of the catalog and the price book, on a manual clock. No database.
 */

const EVENT = 7001;
const MATCH_ODDS = `1.${EVENT}`;
const BOOKMAKER = `${EVENT}B`;
const LIONS = '700101';
const TIGERS = '700102';
const SESSION = `${EVENT}-1`;
const DELAYS: BetDelays = { exchangeS: { 4: 5, 1: 5, 2: 3 }, bookmakerS: 2, fancyS: 1 };

function market(overrides: Partial<MarketFacts> = {}): MarketFacts {
  return fakeMarket({
    marketId: MATCH_ODDS,
    runners: [
      { selectionId: LIONS, name: 'Lions' },
      { selectionId: TIGERS, name: 'Tigers' },
    ],
    ...overrides,
  });
}

function event(
  overrides: Partial<EventFacts> = {},
  markets: readonly MarketFacts[] = [market()],
): EventFacts {
  return fakeEvent(EVENT, markets, {
    fancyNames: new Map([[SESSION, '10 over runs LIONS']]),
    ...overrides,
  });
}

const quote = (selectionId: string, back: number, lay: number) => fakeQuote(selectionId, back, lay);
const book = (
  marketId: string,
  runners: readonly RunnerQuote[],
  overrides: Partial<MarketBook> = {},
) => fakeBook(marketId, EVENT, runners, overrides);

const fancyRow: FancyQuote = {
  selectionId: SESSION,
  gameStatus: '',
  noLine: 50,
  noRate: 90,
  yesLine: 51,
  yesRate: 110,
};

/** A placement's reads, every one a fake the test can change. */
function fakes(
  state: {
    event?: EventFacts | undefined;
    books?: ReadonlyMap<string, MarketBook>;
    fancy?: FancyBook | undefined;
  } = {},
) {
  const world = {
    event: 'event' in state ? state.event : event(),
    books:
      state.books ??
      new Map([
        [MATCH_ODDS, book(MATCH_ODDS, [quote(LIONS, 190, 210), quote(TIGERS, 200, 220)])],
        [BOOKMAKER, book(BOOKMAKER, [quote(LIONS, 85, 115), quote(TIGERS, 95, 125)])],
      ]),
    fancy:
      'fancy' in state
        ? state.fancy
        : { eventId: EVENT, isStale: false, seq: 1, rows: [fancyRow], pricedAt: 0 },
    eventsAsked: [] as number[],
  };
  const clock = manualClock(new Date('2026-01-01T12:00:00Z'));
  const deps: PlacementDeps = {
    catalog: {
      event: async (eventId) => {
        world.eventsAsked.push(eventId);
        return eventId === EVENT ? world.event : undefined;
      },
      // The market directory: every market of the fake event is the event's.
      marketEvent: async (marketId) => (world.event?.markets.has(marketId) ? EVENT : undefined),
    },
    priceBook: {
      market: (marketId) => world.books.get(marketId),
      fancy: (eventId) => (eventId === EVENT ? world.fancy : undefined),
    },
    clock,
    betDelay: DELAYS,
    margins: DEFAULT_HOUSE_MARGINS,
  };
  return { deps, world, clock };
}

function draft(overrides: Partial<BetDraft> = {}): BetDraft {
  return {
    sportsId: 4,
    SelectionName: 'Lions',
    SelectionID: LIONS,
    Odds: 1.9,
    Price: 0,
    MarketType: 'MATCH_ODDS',
    MarketId: MATCH_ODDS,
    EventId: EVENT,
    BetType: 'Back',
    BetStatus: 'Pending',
    Stack: 1000,
    ...overrides,
  };
}

describe('exchangePlacement: the docs/decisions.md#money price check', () => {
  it('takes a Back when the best back is at least its odds, at that best back', async () => {
    const { deps } = fakes();
    const at = await exchangePlacement(deps, draft({ Odds: 1.9 }), 1000);
    expect(at).toMatchObject({
      marketId: MATCH_ODDS,
      positionKey: MATCH_ODDS,
      selectionId: LIONS,
      selectionName: 'Lions',
      betType: 'Back',
      odds: 190,
      askedOdds: 190,
      stake: 1000,
      figures: { profit: 90_000, liability: 100_000 },
      delayS: 0,
    });
    // Below the best back: matched at the best back, 1.90, not the 1.85 asked (price improvement).
    expect(await exchangePlacement(deps, draft({ Odds: 1.85 }), 1000)).toMatchObject({
      odds: 190,
      askedOdds: 185,
      figures: { profit: 90_000, liability: 100_000 },
      bet: { odds: 190, profitPaise: 90_000, liabilityPaise: 100_000 },
    });
  });

  it('refuses a Back above the best back with "Odds changed"', async () => {
    const { deps } = fakes();
    expect(await exchangePlacement(deps, draft({ Odds: 1.95 }), 1000)).toBe(
      BET_MESSAGES.oddsChanged,
    );
  });

  it('takes a Lay when the best lay is at most its odds, at that best lay; refuses it below', async () => {
    const { deps } = fakes();
    // Asked 2.20, best lay 2.10: liability ₹1,100 at 2.10, not ₹1,200 at 2.20.
    const lay = await exchangePlacement(deps, draft({ BetType: 'Lay', Odds: 2.2 }), 1000);
    expect(lay).toMatchObject({
      betType: 'Lay',
      odds: 210,
      askedOdds: 220,
      figures: { profit: 100_000, liability: 110_000 },
    });
    if (typeof lay === 'string') throw new Error(lay);
    expect(lay.exposureWith([])).toBe(110_000n);
    expect(await exchangePlacement(deps, draft({ BetType: 'Lay', Odds: 2.1 }), 1000)).toMatchObject(
      { odds: 210, askedOdds: 210 },
    );
    expect(await exchangePlacement(deps, draft({ BetType: 'Lay', Odds: 2 }), 1000)).toBe(
      BET_MESSAGES.oddsChanged,
    );
  });

  it('refuses on a suspended book, an operator suspension, no book and a suspended runner', async () => {
    const prices = [quote(LIONS, 190, 210), quote(TIGERS, 200, 220)];
    const suspended = fakes({
      books: new Map([[MATCH_ODDS, book(MATCH_ODDS, prices, { status: 'SUSPENDED' })]]),
    });
    expect(await exchangePlacement(suspended.deps, draft(), 1000)).toBe(BET_MESSAGES.suspended);

    const byOperator = fakes({ event: event({}, [market({ operatorSuspended: true })]) });
    expect(await exchangePlacement(byOperator.deps, draft(), 1000)).toBe(BET_MESSAGES.suspended);

    const noBook = fakes({ books: new Map() });
    expect(await exchangePlacement(noBook.deps, draft(), 1000)).toBe(BET_MESSAGES.suspended);

    const runnerDown = fakes({
      books: new Map([
        [
          MATCH_ODDS,
          book(MATCH_ODDS, [{ ...quote(LIONS, 190, 210), status: 'SUSPENDED' }, prices[1]!]),
        ],
      ]),
    });
    expect(await exchangePlacement(runnerDown.deps, draft(), 1000)).toBe(BET_MESSAGES.suspended);
  });

  it('refuses a closed, declared or locked market, and one it cannot find', async () => {
    expect(
      await exchangePlacement(fakes({ event: event({ status: 'closed' }) }).deps, draft(), 1000),
    ).toBe(BET_MESSAGES.closed);
    expect(
      await exchangePlacement(
        fakes({ event: event({ declared: new Set([MATCH_ODDS]) }) }).deps,
        draft(),
        1000,
      ),
    ).toBe(BET_MESSAGES.closed);
    expect(
      await exchangePlacement(fakes({ event: event({ betLocked: true }) }).deps, draft(), 1000),
    ).toBe(BET_MESSAGES.locked);
    expect(await exchangePlacement(fakes({ event: undefined }).deps, draft(), 1000)).toBe(
      BET_MESSAGES.notFound,
    );
    expect(await exchangePlacement(fakes().deps, draft({ SelectionID: '999' }), 1000)).toBe(
      BET_MESSAGES.runnerNotFound,
    );
  });

  it('refuses a fancy side and a market id of another kind before reading the catalog', async () => {
    const { deps, world } = fakes();
    expect(await exchangePlacement(deps, draft({ BetType: 'Yes' }), 1000)).toBe(
      BET_MESSAGES.wrongSide,
    );
    expect(await exchangePlacement(deps, draft({ MarketType: 'BOOKMAKER' }), 1000)).toBe(
      BET_MESSAGES.notFound,
    );
    expect(world.eventsAsked).toEqual([]);
  });

  it("keeps the asked odds of a bookmaker bet and of a cash out's bet, however good the best price", async () => {
    const bookmakerMarket = market({ marketId: BOOKMAKER, marketType: 'BOOKMAKER' });
    const { deps } = fakes({ event: event({}, [market(), bookmakerMarket]) });
    const bookmaker = draft({ MarketType: 'BOOKMAKER', MarketId: BOOKMAKER, Odds: 80 });
    expect(await exchangePlacement(deps, bookmaker, 1000)).toMatchObject({
      odds: 80,
      askedOdds: 80,
      figures: { profit: 80_000, liability: 100_000 },
    });
    expect(
      await exchangePlacement(deps, { ...bookmaker, BetType: 'Lay', Odds: 120 }, 1000),
    ).toMatchObject({ odds: 120, figures: { profit: 100_000, liability: 120_000 } });
    // A cash out's leg at its planned 1.85 and 2.20, though 1.90 and 2.10 are there.
    const cashOut = { isCashOut: true };
    expect(await exchangePlacement(deps, draft({ Odds: 1.85 }), 1000, cashOut)).toMatchObject({
      odds: 185,
      askedOdds: 185,
      figures: { profit: 85_000, liability: 100_000 },
    });
    expect(
      await exchangePlacement(deps, draft({ BetType: 'Lay', Odds: 2.2 }), 1000, cashOut),
    ).toMatchObject({ odds: 220, figures: { profit: 100_000, liability: 120_000 } });
    // And still refused at a price worse than planned.
    expect(await exchangePlacement(deps, draft({ Odds: 1.95 }), 1000, cashOut)).toBe(
      BET_MESSAGES.oddsChanged,
    );
  });

  it("checks the market's stakes, but a cash out's bet needs only 1 (the cash-out minimum)", async () => {
    const { deps } = fakes();
    expect(await exchangePlacement(deps, draft(), 1)).toBe('Minimum stake is 500');
    expect(await exchangePlacement(deps, draft(), 1, { isCashOut: true })).toMatchObject({
      stake: 1,
    });
    expect(await exchangePlacement(deps, draft(), 60_000, { isCashOut: true })).toBe(
      'Maximum stake is 50000',
    );
  });

  it('prices a bookmaker bet from the custom row when the operator set one', async () => {
    const bookmaker = market({
      marketId: BOOKMAKER,
      marketType: 'BOOKMAKER',
      customBookmaker: [
        {
          marketId: BOOKMAKER,
          selectionId: Number(LIONS),
          runnerName: 'Lions',
          isCustom: true,
          isActive: true,
          status: 'ACTIVE',
          backPrice: 80,
          backSize: 100,
          layPrice: 120,
          laySize: 100,
        },
      ],
    });
    const { deps } = fakes({ event: event({}, [market(), bookmaker]) });
    const bet = draft({ MarketType: 'BOOKMAKER', MarketId: BOOKMAKER, Odds: 80 });
    expect(await exchangePlacement(deps, bet, 1000)).toMatchObject({
      odds: 80,
      figures: { profit: 80_000, liability: 100_000 },
    });
    // The feed's 85 is not the price any more.
    expect(await exchangePlacement(deps, { ...bet, Odds: 85 }, 1000)).toBe(
      BET_MESSAGES.oddsChanged,
    );
  });

  it('chooses the delay: none before play, per sport in play, the bookmaker its own', async () => {
    expect(await exchangePlacement(fakes().deps, draft(), 1000)).toMatchObject({ delayS: 0 });
    const inPlay = fakes({ event: event({ status: 'inplay' }) }).deps;
    expect(await exchangePlacement(inPlay, draft(), 1000)).toMatchObject({ delayS: 5 });

    const tennis = event({ status: 'inplay' });
    const tennisDeps = fakes({ event: { ...tennis, row: { ...tennis.row, sportId: 2 } } }).deps;
    expect(await exchangePlacement(tennisDeps, draft(), 1000)).toMatchObject({ delayS: 3 });

    const bookmakerInPlay = fakes({
      event: event({ status: 'inplay' }, [
        market({ marketId: BOOKMAKER, marketType: 'BOOKMAKER' }),
      ]),
    }).deps;
    expect(
      await exchangePlacement(
        bookmakerInPlay,
        draft({ MarketType: 'BOOKMAKER', MarketId: BOOKMAKER, Odds: 85 }),
        1000,
      ),
    ).toMatchObject({ delayS: 2 });
  });

  it("carries the market's downAt and the position's exposure with the bet", async () => {
    const prices = [quote(LIONS, 190, 210), quote(TIGERS, 200, 220)];
    const { deps } = fakes({
      books: new Map([[MATCH_ODDS, book(MATCH_ODDS, prices, { downAt: 1234 })]]),
    });
    const placement = await exchangePlacement(deps, draft(), 1000);
    if (typeof placement === 'string') throw new Error(placement);
    expect(placement.downAt).toBe(1234);
    // Alone: the stake is what it can lose; hedged by a lay of Lions at 2.0, the worst is less.
    expect(placement.exposureWith([])).toBe(100_000n);
    expect(
      placement.exposureWith([
        {
          selectionId: LIONS,
          betType: 'Lay',
          odds: 200,
          profitPaise: 100_000,
          liabilityPaise: 100_000,
        },
      ]),
    ).toBe(10_000n);
  });
});

describe('fancyPlacement: the exact line and rate of the row', () => {
  const yes = (overrides: Partial<BetDraft> = {}) =>
    draft({
      MarketType: 'FANCY',
      MarketId: String(EVENT),
      SelectionID: SESSION,
      BetType: 'Yes',
      Odds: 51,
      Price: 110,
      Stack: 200,
      ...overrides,
    });

  it('takes the row\'s line and rate, refuses anything else with "Odds changed"', async () => {
    const { deps } = fakes();
    expect(await fancyPlacement(deps, yes(), 200)).toMatchObject({
      marketType: 'FANCY',
      positionKey: SESSION,
      selectionName: '10 over runs LIONS',
      odds: 51,
      price: 110,
      figures: { profit: 20_000, liability: 22_000 },
      downAt: 0,
    });
    expect(await fancyPlacement(deps, yes({ Price: 100 }), 200)).toBe(BET_MESSAGES.oddsChanged);
    expect(
      await fancyPlacement(deps, yes({ BetType: 'No', Odds: 50, Price: 90 }), 200),
    ).toMatchObject({ betType: 'No', odds: 50, price: 90 });
  });

  it('refuses a stale or suspended row with "Market suspended", and a session stake out of range', async () => {
    const stale = fakes({
      fancy: { eventId: EVENT, isStale: true, seq: 1, rows: [fancyRow], pricedAt: 0 },
    });
    expect(await fancyPlacement(stale.deps, yes(), 200)).toBe(BET_MESSAGES.suspended);
    const ballRunning = fakes({
      fancy: {
        eventId: EVENT,
        isStale: false,
        seq: 1,
        rows: [{ ...fancyRow, gameStatus: 'Ball Running' }],
        pricedAt: 0,
      },
    });
    expect(await fancyPlacement(ballRunning.deps, yes(), 200)).toBe(BET_MESSAGES.suspended);
    expect(await fancyPlacement(fakes().deps, yes(), 50)).toBe('Minimum stake is 100');
  });

  it('chooses the fancy delay in play', async () => {
    const { deps } = fakes({ event: event({ status: 'inplay' }) });
    expect(await fancyPlacement(deps, yes(), 200)).toMatchObject({ delayS: 1 });
  });
});

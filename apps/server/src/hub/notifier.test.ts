import { hubMessages } from '@backlay/contract/hub';
import { marketIdParse } from '@backlay/domain';
import { describe, expect, it } from 'vitest';
import { createMemoryPriceBook } from '../feed/price-book.js';
import type { FeedStatus, FeedUpdate, RunnerQuote } from '../feed/types.js';
import type { MarketView } from '../modules/markets/markets.service.js';
import { manualClock } from '../seams.js';
import { createFeedNotifier } from './notifier.js';

const EVENT_ID = 77;
const MATCH_ODDS = '1.77';
const TOSS = '77T';
const TIED_MATCH = '77TM';
const SET_2 = '77SW2';

const quotes = (status: FeedStatus, back: number): RunnerQuote[] => [
  {
    selectionId: 1,
    status,
    back: [{ price: back, size: 500 }],
    lay: [{ price: back + 2, size: 400 }],
  },
  { selectionId: 2, status, back: [], lay: [] },
];

/**
 * The notifier over a real PriceBook, with the markets service faked as a plain read of it: each
 * batch is applied to the book first, as the feed's applier does, then heard.
 */
function harness() {
  const priceBook = createMemoryPriceBook(10_000);
  for (const marketId of [MATCH_ODDS, TOSS, '77B', TIED_MATCH, SET_2])
    priceBook.register(marketId, EVENT_ID, 0);
  let at = 0;
  const view = (marketId: string): MarketView => {
    const book = priceBook.market(marketId, at);
    const status = book?.status ?? 'SUSPENDED';
    return {
      market: {
        marketId,
        eventId: EVENT_ID,
        marketType: marketIdParse(marketId)?.kind ?? 'MATCH_ODDS',
        name: marketId === TOSS ? 'Toss' : 'Match Odds',
        minStake: 100,
        maxStake: 50_000,
        isClosed: status === 'CLOSED',
        operatorSuspended: false,
        eventStatus: 'inplay',
        betLocked: false,
        runners: [
          { selectionId: 1, name: 'Lions' },
          { selectionId: 2, name: 'Tigers' },
        ],
      },
      status,
      isInPlay: true,
      seq: book?.seq ?? 0,
      runners: (book?.runners ?? []).map((runner) => ({
        ...runner,
        name: `runner ${runner.selectionId}`,
      })),
    };
  };
  const pushes: { group: string; target: string; payload: unknown }[] = [];
  const notify = createFeedNotifier({
    publisher: {
      toAll: () => {},
      toUser: () => {},
      toGroup: (group, target, payload) => void pushes.push({ group, target, payload }),
    },
    markets: {
      markets: (marketIds) => Promise.resolve(marketIds.map(view)),
      fancy: () => Promise.resolve({ seq: 0, rows: [] }),
      listEvents: () => Promise.resolve([]),
    },
    clock: manualClock(new Date(0)),
  });
  return {
    /** Applies the batch one second after the last one (so each book's Seq is `at`), and hears it. */
    async apply(...updates: FeedUpdate[]) {
      at += 1_000;
      for (const update of updates)
        if (update.kind === 'market')
          priceBook.putMarket(update.marketId, update.status, update.runners, at);
      await notify(updates);
    },
    /** The UpdateMarketOdds pushes since the last call, each checked against the contract. */
    marketPushes() {
      const taken = pushes.splice(0).filter((push) => push.target === 'UpdateMarketOdds');
      return taken.map(({ group, payload }) => ({
        group,
        payload: hubMessages.UpdateMarketOdds.parse(payload),
      }));
    },
  };
}

const market = (marketId: string, status: FeedStatus, back = 190): FeedUpdate => ({
  kind: 'market',
  marketId,
  status,
  runners: quotes(status, back),
});

describe('feed notifier: match odds and toss status', () => {
  it('pushes a match odds book once when the feed suspends the market and once when it reopens', async () => {
    const feed = harness();
    await feed.apply(market(MATCH_ODDS, 'ACTIVE'));
    feed.marketPushes();

    await feed.apply(market(MATCH_ODDS, 'SUSPENDED'));
    expect(feed.marketPushes()).toEqual([
      {
        group: 'event:77',
        payload: {
          EventId: 77,
          MarketId: MATCH_ODDS,
          MarketType: 'MATCH_ODDS',
          Seq: 2_000,
          Book: {
            marketId: MATCH_ODDS,
            status: 'SUSPENDED',
            inplay: true,
            Seq: 2_000,
            runners: [
              {
                selectionId: 1,
                status: 'SUSPENDED',
                exchange: {
                  availableToBack: [{ price: 1.9, size: 500 }],
                  availableToLay: [{ price: 1.92, size: 400 }],
                },
              },
              {
                selectionId: 2,
                status: 'SUSPENDED',
                exchange: { availableToBack: [], availableToLay: [] },
              },
            ],
          },
        },
      },
    ]);

    await feed.apply(market(MATCH_ODDS, 'ACTIVE', 200));
    const reopened = feed.marketPushes();
    expect(reopened).toHaveLength(1);
    expect(reopened[0]?.payload).toMatchObject({
      MarketType: 'MATCH_ODDS',
      Seq: 3_000,
      Book: { status: 'ACTIVE', Seq: 3_000 },
    });
    expect(reopened[0]?.payload.Book.runners[0]).toEqual({
      selectionId: 1,
      status: 'ACTIVE',
      exchange: {
        availableToBack: [{ price: 2, size: 500 }],
        availableToLay: [{ price: 2.02, size: 400 }],
      },
    });
  });

  it('pushes a toss book in the GetTossOdds shape once when suspended and once when reopened', async () => {
    const feed = harness();
    await feed.apply(market(TOSS, 'ACTIVE', 196));
    feed.marketPushes();

    await feed.apply(market(TOSS, 'SUSPENDED', 196));
    expect(feed.marketPushes()).toEqual([
      {
        group: 'event:77',
        payload: {
          EventId: 77,
          MarketId: TOSS,
          MarketType: 'TOSS',
          Seq: 2_000,
          Book: {
            marketId: TOSS,
            status: 'SUSPENDED',
            inplay: true,
            Seq: 2_000,
            runners: [
              {
                selectionId: 1,
                status: 'SUSPENDED',
                ex: {
                  availableToBack: [{ price: 1.96, size: 500 }],
                  availableToLay: [{ price: 1.98, size: 400 }],
                },
              },
              {
                selectionId: 2,
                status: 'SUSPENDED',
                ex: { availableToBack: [], availableToLay: [] },
              },
            ],
          },
        },
      },
    ]);

    await feed.apply(market(TOSS, 'ACTIVE', 196));
    const reopened = feed.marketPushes();
    expect(reopened).toHaveLength(1);
    expect(reopened[0]?.payload).toMatchObject({
      MarketType: 'TOSS',
      Seq: 3_000,
      Book: { status: 'ACTIVE', Seq: 3_000 },
    });
  });

  it('pushes nothing for price-only changes of an ACTIVE market or a repeated suspension', async () => {
    const feed = harness();
    await feed.apply(market(MATCH_ODDS, 'ACTIVE'), market(TOSS, 'ACTIVE'));
    feed.marketPushes();

    await feed.apply(market(MATCH_ODDS, 'ACTIVE', 192), market(TOSS, 'ACTIVE', 194));
    await feed.apply(market(MATCH_ODDS, 'ACTIVE', 194));
    expect(feed.marketPushes()).toEqual([]);

    await feed.apply(market(MATCH_ODDS, 'SUSPENDED'));
    feed.marketPushes();
    await feed.apply(market(MATCH_ODDS, 'SUSPENDED', 180));
    expect(feed.marketPushes()).toEqual([]);
  });

  it("pushes a market's first price as a reopening, as it read SUSPENDED before", async () => {
    const feed = harness();
    await feed.apply(market(MATCH_ODDS, 'ACTIVE'));
    expect(feed.marketPushes().map(({ payload }) => payload.Book.status)).toEqual(['ACTIVE']);
  });

  it('pushes once per batch, the book as the batch left it', async () => {
    const feed = harness();
    await feed.apply(market(MATCH_ODDS, 'ACTIVE'));
    feed.marketPushes();

    await feed.apply(market(MATCH_ODDS, 'SUSPENDED'), market(MATCH_ODDS, 'SUSPENDED', 150));
    await feed.apply(market(MATCH_ODDS, 'ACTIVE'), market(MATCH_ODDS, 'SUSPENDED'));
    // The second price of a batch takes the book's Seq one past the batch's time.
    expect(
      feed
        .marketPushes()
        .map(({ payload }) => [
          payload.Book.status,
          payload.Seq,
          payload.Book.runners[0]?.status,
          payload.MarketType === 'MATCH_ODDS' &&
            payload.Book.runners[0]?.exchange.availableToBack[0]?.price,
        ]),
    ).toEqual([['SUSPENDED', 2_001, 'SUSPENDED', 1.5]]);
  });

  it('pushes the further exchange markets in the match odds shape, with their own MarketType', async () => {
    const feed = harness();
    await feed.apply(market(TIED_MATCH, 'ACTIVE', 6000), market(SET_2, 'ACTIVE', 180));
    expect(
      feed.marketPushes().map(({ payload }) => [payload.MarketId, payload.MarketType]),
    ).toEqual([
      [TIED_MATCH, 'TIED_MATCH'],
      [SET_2, 'SET_WINNER'],
    ]);

    await feed.apply(market(TIED_MATCH, 'SUSPENDED', 6000));
    const [push] = feed.marketPushes();
    expect(hubMessages.UpdateMarketOdds.parse(push?.payload)).toMatchObject({
      EventId: 77,
      MarketId: TIED_MATCH,
      MarketType: 'TIED_MATCH',
      Book: {
        marketId: TIED_MATCH,
        status: 'SUSPENDED',
        runners: [
          {
            selectionId: 1,
            status: 'SUSPENDED',
            exchange: { availableToBack: [{ price: 60, size: 500 }] },
          },
          { selectionId: 2, status: 'SUSPENDED' },
        ],
      },
    });
  });

  it('pushes the closing of a market', async () => {
    const feed = harness();
    await feed.apply(market(TOSS, 'ACTIVE'));
    feed.marketPushes();

    await feed.apply(market(TOSS, 'CLOSED'));
    expect(feed.marketPushes().map(({ payload }) => payload.Book.status)).toEqual(['CLOSED']);
  });
});

import { DEFAULT_HOUSE_MARGINS, NO_BET_DELAYS } from '@backlay/domain';
import { hubMessages, type HubPush } from '@backlay/contract/hub';
import { describe, expect, it } from 'vitest';
import { createMemoryPriceBook } from '../feed/price-book.js';
import type { FeedStatus, FeedUpdate, RunnerQuote } from '../feed/types.js';
import type { EventFacts } from '../modules/markets/catalog.js';
import type { MarketRow } from '../modules/markets/markets.queries.js';
import { manualClock } from '../seams.js';
import { createMarketPushes } from './market-pushes.js';
import { createFeedNotifier } from './notifier.js';
import type { HubPublisher } from './publisher.js';

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

const MARKETS: [string, MarketRow['marketType'], string][] = [
  [MATCH_ODDS, 'MATCH_ODDS', 'Match Odds'],
  ['77B', 'BOOKMAKER', 'Bookmaker'],
  [TOSS, 'TOSS', 'Toss'],
  [TIED_MATCH, 'TIED_MATCH', 'Tied Match'],
  [SET_2, 'SET_WINNER', 'Set 2 Winner'],
];

/** The event as the catalog holds it: five markets of two runners, one fancy session. */
function facts(): EventFacts {
  const row: MarketRow['runners'] = [
    { selectionId: 1, name: 'Lions' },
    { selectionId: 2, name: 'Tigers' },
  ];
  const marketRows = MARKETS.map(([marketId, marketType, name]) => ({
    marketId,
    eventId: EVENT_ID,
    marketType,
    name,
    minStake: 100,
    maxStake: 50_000,
    isClosed: false,
    operatorSuspended: false,
    eventStatus: 'inplay' as const,
    betLocked: false,
    runners: row,
  }));
  return {
    eventId: EVENT_ID,
    seenAt: 0,
    row: {
      eventId: EVENT_ID,
      sportId: 4,
      seriesName: 'Coastal Cup',
      name: 'Lions v Tigers',
      startTime: new Date(0),
      status: 'inplay',
      betLocked: false,
      fancyActive: true,
      sessionMinStake: 100,
      sessionMaxStake: 100_000,
    },
    marketRows,
    status: 'inplay',
    betLocked: false,
    fancyActive: true,
    sessionMinStake: 100,
    sessionMaxStake: 100_000,
    markets: new Map(
      marketRows.map((market) => [
        market.marketId,
        {
          marketId: market.marketId,
          marketType: market.marketType,
          isClosed: false,
          operatorSuspended: false,
          minStake: 100,
          maxStake: 50_000,
          runners: row.map((runner) => ({ ...runner, selectionId: String(runner.selectionId) })),
          customBookmaker: [],
        },
      ]),
    ),
    fancyNames: new Map([['77-1', '6 over runs Lions']]),
    customFancy: [],
    activeFancy: [],
    declared: new Set(),
  };
}

/**
 * The notifier over a real PriceBook and the real pushes, with the catalog faked as the event's
 * facts: each batch is applied to the book first, as the feed's applier does, then heard.
 */
function harness() {
  const priceBook = createMemoryPriceBook(10_000);
  for (const [marketId] of MARKETS) priceBook.register(marketId, EVENT_ID, 0);
  let at = 0;
  const clock = manualClock(new Date(0));
  const event = facts();
  const pushes: ({ group: string } & HubPush)[] = [];
  const publisher: HubPublisher = {
    toAll: () => {},
    toUser: () => {},
    toGroup: (group, push) => void pushes.push({ group, ...push }),
  };
  const marketPushes = createMarketPushes({
    publisher,
    catalog: {
      event: (eventId) => Promise.resolve(eventId === EVENT_ID ? event : undefined),
    },
    priceBook,
    clock,
    betDelay: NO_BET_DELAYS,
    margins: DEFAULT_HOUSE_MARGINS,
  });
  const notify = createFeedNotifier({
    publisher,
    pushes: marketPushes,
    markets: { listEvents: () => Promise.resolve([]) },
    catalog: {
      marketEvent: (marketId) =>
        Promise.resolve(MARKETS.some(([known]) => known === marketId) ? EVENT_ID : undefined),
    },
    clock,
  });
  return {
    marketPushesOf: marketPushes,
    /** Applies the batch one second after the last one (so each book's Seq is `at`), and hears it. */
    async apply(...updates: FeedUpdate[]) {
      at += 1_000;
      clock.set(new Date(at));
      for (const update of updates) {
        if (update.kind === 'market')
          priceBook.putMarket(update.marketId, update.status, update.runners, at);
        if (update.kind === 'fancy') priceBook.putFancy(update.eventId, update.rows, at);
      }
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
    /** Every push since the last call: its target, checked against the contract. */
    targets() {
      return pushes.splice(0).map(({ target, payload }) => {
        hubMessages[target].parse(payload);
        return target;
      });
    },
    pushes,
  };
}

const market = (marketId: string, status: FeedStatus, back = 190): FeedUpdate => ({
  kind: 'market',
  marketId,
  status,
  runners: quotes(status, back),
});

describe('market pushes: the event as it is, to a screen that joins', () => {
  it("delivers every part of the event, as an operator's change pushes them to the group, to the joining connection alone", async () => {
    const feed = harness();
    await feed.apply(market(MATCH_ODDS, 'ACTIVE'), market(TOSS, 'ACTIVE'));
    feed.pushes.splice(0);
    await feed.marketPushesOf.event(EVENT_ID);
    const toGroup = feed.pushes.splice(0).map(({ target, payload }) => [target, payload]);
    expect(new Set(toGroup.map(([target]) => target))).toEqual(
      new Set(['UpdateMarketOdds', 'GetActiveBM', 'GetActiveSession', 'EventSuspended']),
    );

    const delivered: [string, object][] = [];
    await feed.marketPushesOf.snapshot(EVENT_ID, ({ target, payload }) =>
      delivered.push([target, payload]),
    );
    expect(delivered).toEqual(toGroup);
    expect(feed.pushes).toEqual([]);

    await feed.marketPushesOf.snapshot(EVENT_ID + 1, ({ target, payload }) =>
      delivered.push([target, payload]),
    );
    expect(delivered).toHaveLength(toGroup.length);
  });
});

describe('feed notifier: exchange and toss books', () => {
  it('pushes a match odds book when the feed suspends the market and when it reopens', async () => {
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

  it('pushes a toss book in the GetTossOdds shape when suspended and when reopened', async () => {
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

  it('pushes every price change with its data, and the detail only when a status changed', async () => {
    const feed = harness();
    await feed.apply(market(MATCH_ODDS, 'ACTIVE'), market(TOSS, 'ACTIVE'));
    expect(feed.targets()).toEqual(['UpdateMarketOdds', 'UpdateMarketOdds', 'EventSuspended']);

    await feed.apply(market(MATCH_ODDS, 'ACTIVE', 192), market(TOSS, 'ACTIVE', 194));
    expect(feed.targets()).toEqual(['UpdateMarketOdds', 'UpdateMarketOdds']);
    await feed.apply(market(MATCH_ODDS, 'ACTIVE', 194));
    const [push] = feed.marketPushes();
    expect(push?.payload).toMatchObject({ Seq: 3_000, Book: { status: 'ACTIVE', Seq: 3_000 } });
    expect(
      push?.payload.MarketType === 'MATCH_ODDS' &&
        push.payload.Book.runners[0]?.exchange.availableToBack[0]?.price,
    ).toBe(1.94);

    await feed.apply(market(MATCH_ODDS, 'SUSPENDED'));
    const suspended = feed.pushes.splice(0);
    expect(suspended.map(({ target }) => target)).toEqual(['UpdateMarketOdds', 'EventSuspended']);
    const detail = hubMessages.EventSuspended.parse(suspended[1]?.payload);
    expect(detail.Seq).toBe(4_000);
    expect(
      detail.Detail.MarketList.find((entry) => entry.MarketId === MATCH_ODDS)?.runners[0],
    ).toMatchObject({ status: 'SUSPENDED' });
    await feed.apply(market(MATCH_ODDS, 'SUSPENDED', 180));
    expect(feed.targets()).toEqual(['UpdateMarketOdds']);
  });

  it("passes on the feed's heartbeat of each event to its group", async () => {
    const feed = harness();
    await feed.apply({ kind: 'heartbeat', eventIds: [EVENT_ID, 78] });
    expect(feed.pushes.splice(0)).toEqual([
      { group: 'event:77', target: 'FeedHeartbeat', payload: { EventId: 77 } },
      { group: 'event:78', target: 'FeedHeartbeat', payload: { EventId: 78 } },
    ]);
  });

  it('pushes the bookmaker rows and the assembled fancy rows, each with its own Seq', async () => {
    const feed = harness();
    await feed.apply(market('77B', 'ACTIVE', 90));
    const [bookmaker] = feed.pushes.splice(0);
    expect(bookmaker?.target).toBe('GetActiveBM');
    expect(hubMessages.GetActiveBM.parse(bookmaker?.payload)).toEqual({
      Marketid: '77B',
      EventId: 77,
      Seq: 1_000,
      BMList: [
        {
          MarketId: '77B',
          selectionId: 1,
          RunnerName: 'Lions',
          status: 'ACTIVE',
          BackPrice1: 90,
          BackSize1: 500,
          LayPrice1: 92,
          LaySize1: 400,
        },
        {
          MarketId: '77B',
          selectionId: 2,
          RunnerName: 'Tigers',
          status: 'ACTIVE',
          BackPrice1: 0,
          BackSize1: 0,
          LayPrice1: 0,
          LaySize1: 0,
        },
      ],
    });

    await feed.apply({
      kind: 'fancy',
      eventId: EVENT_ID,
      rows: [
        { selectionId: '77-1', noLine: 48, noRate: 100, yesLine: 49, yesRate: 100, gameStatus: '' },
      ],
    });
    const [fancy] = feed.pushes.splice(0);
    expect(fancy?.target).toBe('GetActiveSession');
    expect(hubMessages.GetActiveSession.parse(fancy?.payload)).toEqual({
      MarketId: 77,
      Seq: 2_000,
      fancyList: [
        {
          SelectionId: '77-1',
          RunnerName: '6 over runs Lions',
          BackPrice1: 49,
          BackSize1: 100,
          LayPrice1: 48,
          LaySize1: 100,
          GameStatus: '',
          min: 100,
          max: 100_000,
          isCustome: false,
          isActive: false,
        },
      ],
    });
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

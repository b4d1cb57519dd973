import { getEventDetail, getMarketList, getMarketOdds, getRates } from '@backlay/contract/markets';
import { getMatchedBets } from '@backlay/contract/bets';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestClient,
  login,
  OPS_TOKEN,
  testClock,
} from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { scriptedFeed, type ScriptedControl } from '../../../test/feed.js';
import type { FeedEventSpec, FeedUpdate } from '../../feed/types.js';
import { systemRandom } from '../../seams.js';
import { createSettlementService, settleFromFeed } from '../settlement/settlement.service.js';

/*
 * A provider's market id says nothing of its event (docs/architecture.md identifiers): Betfair's
 * match odds of event 30339025 is `1.180305278`. The catalog maps it to its event from the data
 * the feed gave, so every read, a bet and its settlement find the right event — and not event
 * 180305278, which here exists too, as the id would have claimed.
 */

const EVENT = 30339025;
const MATCH_ODDS = '1.180305278';
const LIONS = 47972;
const TIGERS = 7659;
/** An event whose id the match odds id would name if it named one. */
const DECOY = 180305278;
const DECOY_MATCH_ODDS = '1.190000001';

let database: TestDatabase;
let app: FastifyInstance;
let feed: ScriptedControl;
let token: string;
const clock = testClock();
const feedLog: string[] = [];

const ops = (command: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/ops/${command}`, payload, headers: bearer(OPS_TOKEN) });

const get = async (url: string) => {
  const response = await app.inject({ url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<unknown>();
};

function eventSpec(eventId: number, marketId: string, names: [string, string]): FeedEventSpec {
  return {
    eventId,
    sportId: 4,
    seriesName: 'Provider Cup',
    name: names.join(' v '),
    startTime: new Date('2026-11-21T09:30:00Z'),
    markets: [
      {
        marketId,
        marketType: 'MATCH_ODDS',
        name: 'Match Odds',
        minStake: 100,
        maxStake: 50_000,
        runners: [
          { selectionId: eventId === EVENT ? LIONS : 1, name: names[0] },
          { selectionId: eventId === EVENT ? TIGERS : 2, name: names[1] },
        ],
      },
    ],
    fancy: [],
    sessionMinStake: 100,
    sessionMaxStake: 100_000,
  };
}

/** Lions 1.9 / 1.92 and Tigers 2.08 / 2.12, in hundredths. */
const prices: FeedUpdate = {
  kind: 'market',
  marketId: MATCH_ODDS,
  status: 'ACTIVE',
  runners: [
    {
      selectionId: LIONS,
      status: 'ACTIVE',
      back: [{ price: 190, size: 1200 }],
      lay: [{ price: 192, size: 900 }],
    },
    {
      selectionId: TIGERS,
      status: 'ACTIVE',
      back: [{ price: 208, size: 700 }],
      lay: [{ price: 212, size: 650 }],
    },
  ],
};

beforeAll(async () => {
  database = await createTestDatabase();
  const settlement = createSettlementService({ db: database.db, clock, random: systemRandom });
  feed = scriptedFeed(database.db, clock, {
    settle: settleFromFeed(settlement, (message) => feedLog.push(message)),
  });
  app = await buildTestApp(database.db, { clock, feed, settlement });
  await createTestClient(database.db, 'nadia', 10_000, clock);
  token = (await login(app, 'nadia')).Token;
  await feed.scripted.runner.inject([
    { kind: 'event', event: eventSpec(DECOY, DECOY_MATCH_ODDS, ['Rams', 'Bulls']) },
    { kind: 'event', event: eventSpec(EVENT, MATCH_ODDS, ['Lions', 'Tigers']) },
    { kind: 'eventStatus', eventId: EVENT, status: 'inplay' },
    prices,
  ]);
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe("a match odds market under the provider's id", () => {
  it('is listed under its own id, and its event detail lists it', async () => {
    const list = getMarketList.response.parse(await get('/api/MarketModels/GetMarketList'));
    const items = list.Status ? list.Result : [];
    expect(items.map((item) => [item.EventId, item.MarketId])).toEqual([
      [EVENT, MATCH_ODDS],
      [DECOY, DECOY_MATCH_ODDS],
    ]);
    const detail = getEventDetail.response.parse(
      await get(`/api/MarketModels/GetEventDetail?eventId=${EVENT}`),
    );
    expect(detail.Status && detail.Result.MarketList.map((market) => market.MarketId)).toEqual([
      MATCH_ODDS,
    ]);
  });

  it("answers Odds/Market with its event's books, keyed by its id", async () => {
    const answer = getMarketOdds.response.parse(await get(`/api/Odds/Market/${MATCH_ODDS}`));
    if (!answer.Status) throw new Error(answer.Result);
    expect(Object.keys(answer.Result)).toEqual([MATCH_ODDS]);
    expect(answer.Result[MATCH_ODDS]).toMatchObject({
      marketId: MATCH_ODDS,
      status: 'ACTIVE',
      inplay: true,
    });
    expect(answer.Result[MATCH_ODDS]?.runners[0]).toEqual({
      selectionId: LIONS,
      status: 'ACTIVE',
      exchange: {
        availableToBack: [{ price: 1.9, size: 1200 }],
        availableToLay: [{ price: 1.92, size: 900 }],
      },
    });
    // A well-formed id no market has: no books, as for an unknown event.
    expect(getMarketOdds.response.parse(await get('/api/Odds/Market/1.424242'))).toEqual({
      Status: true,
      Result: {},
    });
  });

  it('answers GetRates with its book, beside the other event and leaving unknown ids out', async () => {
    const answer = getRates.response.parse(
      await get(`/api/MarketModels/GetRates?marketids=${MATCH_ODDS},1.424242,${DECOY_MATCH_ODDS}`),
    );
    if (!answer.Status) throw new Error(answer.Result);
    expect(answer.Result.map((book) => [book.marketId, book.status, book.inplay])).toEqual([
      [MATCH_ODDS, 'ACTIVE', true],
      [DECOY_MATCH_ODDS, 'SUSPENDED', false],
    ]);
    expect(answer.Result[0]?.runners[1]?.ex.availableToBack).toEqual([{ price: 2.08, size: 700 }]);
  });

  it("suspends it when the operator says so, on its event's reads", async () => {
    const rates = async () => {
      const answer = getRates.response.parse(
        await get(`/api/MarketModels/GetRates?marketids=${MATCH_ODDS}`),
      );
      return answer.Status ? answer.Result[0]?.status : undefined;
    };
    expect(await rates()).toBe('ACTIVE');
    expect((await ops('suspend-market', { marketId: MATCH_ODDS })).json()).toMatchObject({
      Status: true,
    });
    expect(await rates()).toBe('SUSPENDED');
    await ops('resume-market', { marketId: MATCH_ODDS });
    expect(await rates()).toBe('ACTIVE');
  });

  it('takes a bet on it, on its event, and settles the bet with its result', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/UserBetModels/PostUserBetModel',
      headers: bearer(token),
      payload: {
        sportsId: 4,
        SelectionName: 'Lions',
        SelectionID: String(LIONS),
        Odds: 1.9,
        Price: 0,
        MarketType: 'MATCH_ODDS',
        MarketId: MATCH_ODDS,
        EventId: EVENT,
        BetType: 'Back',
        BetStatus: 'Pending',
        Stack: 1000,
      },
    });
    expect(response.json()).toEqual({ Status: true, Result: 'Bet placed successfully' });
    const bets = () =>
      database.db
        .selectFrom('bets')
        .select(['event_id', 'market_id', 'status', 'pl_paise'])
        .where('market_id', '=', MATCH_ODDS)
        .execute();
    expect(await bets()).toEqual([
      { event_id: String(EVENT), market_id: MATCH_ODDS, status: 'Pending', pl_paise: null },
    ]);
    const matched = getMatchedBets.response.parse(
      await get(`/api/UserBetModels/GetMatchedBets?marketId=${EVENT}`),
    );
    expect(matched.Status && matched.Result.map((bet) => bet.MarketId)).toEqual([MATCH_ODDS]);

    await feed.scripted.runner.inject([
      {
        kind: 'result',
        declaration: { kind: 'market', marketId: MATCH_ODDS, winnerSelectionId: LIONS },
      },
    ]);
    expect(feedLog).toEqual([]);
    // Backed at 1.9 for ₹1,000: ₹900 won.
    expect(await bets()).toEqual([
      { event_id: String(EVENT), market_id: MATCH_ODDS, status: 'Settled', pl_paise: '90000' },
    ]);
    const settled = await database.db
      .selectFrom('settlements')
      .select(['event_id', 'result'])
      .where('target', '=', MATCH_ODDS)
      .execute();
    expect(settled).toEqual([{ event_id: String(EVENT), result: String(LIONS) }]);
  });
});

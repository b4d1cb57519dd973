import {
  getMatchedBets,
  getProfitLossOnRunners,
  postCashOut,
  postUserBet,
} from '@backlay/contract/bets';
import { getAccountStatement } from '@backlay/contract/reports';
import { getBalanceDetail } from '@backlay/contract/wallet';
import { cashOutPlan, type Paise } from '@backlay/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestClient,
  login,
  OPS_TOKEN,
  testClock,
} from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { scriptedFeed } from '../../../test/feed.js';
import type { Timer } from '../../seams.js';
import { auditMoney, ledgerRows } from '../wallet/wallet.audit.js';
import { BET_MESSAGES } from './bets.service.js';

/*
 * docs/decisions.md#money, "Price improvement": an exchange or toss bet is made at the best price
 * when it is better for the bettor than the one asked, at once and after the in-play delay; the
 * bet, the book, the exposure, the ledger and the statement are at that price to the paisa; a
 * bookmaker bet and a cash out's bets keep the asked price. Through the whole app, on a manual
 * clock; the delay waits through a timer the tests drive, like exchange-mechanics.test.ts.
 */

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
let duringDelay: (() => Promise<void>) | undefined;
const waits: number[] = [];
const timer: Timer = {
  async wait(ms) {
    waits.push(ms);
    await duringDelay?.();
    clock.advance(ms);
  },
};

/** Cricket before play (no delay): Lions and Tigers, match odds, bookmaker and toss. */
let before: number;
/** Cricket in play: 5 s on its match odds (no bookmaker, so its prices may move freely). */
let inPlay: number;
const runner = (eventId: number, n: number) => eventId * 100 + n;

const ops = (command: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/ops/${command}`, payload, headers: bearer(OPS_TOKEN) });

type Quote = [back: number, lay: number];
async function price(marketId: string, eventId: number, quotes: readonly Quote[]) {
  const response = await ops('fixture-step', {
    eventId,
    step: {
      kind: 'prices',
      marketId,
      runners: quotes.map(([back, lay], index) => ({
        selectionId: runner(eventId, index + 1),
        back: [{ price: back, size: 100_000 }],
        lay: [{ price: lay, size: 100_000 }],
      })),
    },
  });
  expect(response.statusCode).toBe(200);
}

// Books keep the house's rule (packages/domain/README.md, "House margins").
const MATCH_ODDS: readonly Quote[] = [
  [1.85, 1.87],
  [2.14, 2.16],
];
async function priceAll() {
  await price(`1.${before}`, before, MATCH_ODDS);
  await price(`${before}B`, before, [
    [85, 90],
    [105, 115],
  ]);
  await price(`1.${inPlay}`, inPlay, MATCH_ODDS);
  await price(`${before}T`, before, [
    [1.95, 1.98],
    [1.95, 2.12],
  ]);
}

/** A fresh match before play, priced like the others, for a test that settles or cashes out. */
async function freshEvent(name: string): Promise<number> {
  const eventId = (
    await ops('fixture-event', {
      sportId: 4,
      seriesName: 'Improvement Cup',
      name,
      runners: ['Lions', 'Tigers'],
      maxStake: 500_000,
    })
  ).json<{ Result: { eventId: number } }>().Result.eventId;
  await price(`1.${eventId}`, eventId, MATCH_ODDS);
  return eventId;
}

interface Client {
  readonly token: string;
}

let clients = 0;
async function newClient(credit: number): Promise<Client> {
  clients += 1;
  const name = `improve${clients}`;
  await createTestClient(database.db, name, credit, clock);
  return { token: (await login(app, name)).Token };
}

async function bet(
  client: Client,
  eventId: number,
  overrides: Record<string, unknown>,
  key?: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: postUserBet.path,
    payload: {
      sportsId: 4,
      SelectionName: 'Lions',
      SelectionID: String(runner(eventId, 1)),
      Odds: 1.85,
      Price: 0,
      MarketType: 'MATCH_ODDS',
      MarketId: `1.${eventId}`,
      EventId: eventId,
      BetType: 'Back',
      BetStatus: 'Pending',
      Stack: 1000,
      ...overrides,
    },
    headers: { ...bearer(client.token), ...(key ? { 'idempotency-key': key } : {}) },
  });
  return response.json<{ Status: boolean; Result: string }>();
}

const read = async (client: Client, url: string) =>
  (await app.inject({ url, headers: bearer(client.token) })).json<unknown>();

async function exposure(client: Client): Promise<number> {
  const answer = getBalanceDetail.response.parse(
    await read(client, '/api/AmountModels/GetBalanceDetail'),
  );
  if (!answer.Status) throw new Error(answer.Result);
  return answer.Result.Exposure;
}

/** The client's bets on the event as GetMatchedBets lists them, oldest first. */
async function listed(client: Client, eventId: number) {
  const answer = getMatchedBets.response.parse(
    await read(client, `/api/UserBetModels/GetMatchedBets?marketId=${eventId}`),
  );
  if (!answer.Status) throw new Error(answer.Result);
  return answer.Result.map(({ BetType, Odds, Stack, MarketType }) => ({
    BetType,
    Odds,
    Stack,
    MarketType,
  })).reverse();
}

async function book(client: Client, marketId: string) {
  const answer = getProfitLossOnRunners.response.parse(
    await read(client, `/api/ProfitLossModels/GetProfitLossOnRunners?marketId=${marketId}`),
  );
  if (!answer.Status) throw new Error(answer.Result);
  return answer.Result.map((entry) => entry.pL);
}

beforeAll(async () => {
  database = await createTestDatabase();
  // Books never go stale on their own here.
  const feed = scriptedFeed(database.db, clock, { staleMs: 3_600_000 });
  app = await buildTestApp(database.db, {
    clock,
    feed,
    timer,
    config: { betDelay: { exchangeS: { 4: 5 }, bookmakerS: 0, fancyS: 0 } },
  });
  const event = async (name: string, isInPlay: boolean) =>
    (
      await ops('fixture-event', {
        sportId: 4,
        seriesName: 'Improvement Cup',
        name,
        runners: ['Lions', 'Tigers'],
        bookmaker: !isInPlay,
        toss: !isInPlay,
        inPlay: isInPlay,
        maxStake: 500_000,
      })
    ).json<{ Result: { eventId: number } }>().Result.eventId;
  before = await event('Lions v Tigers', false);
  inPlay = await event('Lions v Tigers Live', true);
});
afterAll(async () => {
  await app.close();
  await database.drop();
});
beforeEach(async () => {
  duringDelay = undefined;
  waits.length = 0;
  await priceAll();
});

describe('price improvement', () => {
  it('matches a Back asked at 1.80 at the best back, 1.85, and says so', async () => {
    const client = await newClient(10_000);
    const answer = await bet(client, before, { Odds: 1.8, Stack: 1000 }, 'improve-key-0001');
    expect(answer).toEqual({ Status: true, Result: 'Bet placed successfully at 1.85' });
    // The same key again, the best back now 1.82: the same answer, and no second bet.
    await price(`1.${before}`, before, [
      [1.82, 1.84],
      [2.2, 2.22],
    ]);
    expect(await bet(client, before, { Odds: 1.8, Stack: 1000 }, 'improve-key-0001')).toEqual(
      answer,
    );
    expect(await listed(client, before)).toEqual([
      { BetType: 'Back', Odds: 1.85, Stack: 1000, MarketType: 'MATCH_ODDS' },
    ]);
    // round(0.85 × 1000) = 850 if Lions win, not the 800 of 1.80.
    expect(await book(client, `1.${before}`)).toEqual([850, -1000]);
    expect(await exposure(client)).toBe(1000);
  });

  it('matches a Lay asked at 2.20 at the best lay, 2.16, and says so', async () => {
    const client = await newClient(10_000);
    expect(
      await bet(client, before, {
        SelectionID: String(runner(before, 2)),
        SelectionName: 'Tigers',
        BetType: 'Lay',
        Odds: 2.2,
        Stack: 1000,
      }),
    ).toEqual({ Status: true, Result: 'Bet placed successfully at 2.16' });
    expect(await listed(client, before)).toEqual([
      { BetType: 'Lay', Odds: 2.16, Stack: 1000, MarketType: 'MATCH_ODDS' },
    ]);
    // Liability round(1.16 × 1000) = 1160, not the 1200 of 2.20.
    expect(await book(client, `1.${before}`)).toEqual([1000, -1160]);
    expect(await exposure(client)).toBe(1160);
  });

  it('answers exactly "Bet placed successfully" when the asked price is the best one', async () => {
    const client = await newClient(10_000);
    expect(await bet(client, before, { Odds: 1.85 })).toEqual({
      Status: true,
      Result: BET_MESSAGES.placed,
    });
    expect(await bet(client, before, { BetType: 'Lay', Odds: 1.87, Stack: 500 })).toEqual({
      Status: true,
      Result: BET_MESSAGES.placed,
    });
    expect((await listed(client, before)).map((entry) => entry.Odds)).toEqual([1.85, 1.87]);
    // Lions: +850 − 435 = 415; Tigers: −1000 + 500 = −500.
    expect(await book(client, `1.${before}`)).toEqual([415, -500]);
  });

  it('matches a toss bet at the best price too', async () => {
    const client = await newClient(10_000);
    expect(
      await bet(client, before, {
        MarketType: 'TOSS',
        MarketId: `${before}T`,
        Odds: 1.9,
        Stack: 500,
      }),
    ).toEqual({ Status: true, Result: 'Bet placed successfully at 1.95' });
    expect(await listed(client, before)).toEqual([
      { BetType: 'Back', Odds: 1.95, Stack: 500, MarketType: 'TOSS' },
    ]);
    expect(await book(client, `${before}T`)).toEqual([475, -500]);
  });

  it('keeps a bookmaker bet at the asked rate, however good the quote', async () => {
    const client = await newClient(10_000);
    expect(
      await bet(client, before, { MarketType: 'BOOKMAKER', MarketId: `${before}B`, Odds: 80 }),
    ).toEqual({ Status: true, Result: BET_MESSAGES.placed });
    expect(
      await bet(client, before, {
        MarketType: 'BOOKMAKER',
        MarketId: `${before}B`,
        SelectionID: String(runner(before, 2)),
        BetType: 'Lay',
        Odds: 120,
        Stack: 500,
      }),
    ).toEqual({ Status: true, Result: BET_MESSAGES.placed });
    expect((await listed(client, before)).map((entry) => entry.Odds)).toEqual([80, 120]);
    // Back 1000 at 80 per 100: Lions +800; lay Tigers 500 at 120: Tigers −600, Lions +500.
    expect(await book(client, `${before}B`)).toEqual([1300, -1600]);
  });

  it('after the in-play delay, takes the price at the moment the bet is made', async () => {
    const client = await newClient(10_000);
    await price(`1.${inPlay}`, inPlay, [
      [1.95, 1.97],
      [2.04, 2.06],
    ]);
    // A moment after the market opened: it has not been down since the bet came.
    clock.advance(1000);
    // Asked 1.80 with 1.95 there; by the end of the delay the best back is 1.92.
    duringDelay = () =>
      price(`1.${inPlay}`, inPlay, [
        [1.92, 1.94],
        [2.08, 2.1],
      ]);
    expect(await bet(client, inPlay, { Odds: 1.8, Stack: 1000 })).toEqual({
      Status: true,
      Result: 'Bet placed successfully at 1.92',
    });
    expect(waits).toEqual([5000]);
    expect(await book(client, `1.${inPlay}`)).toEqual([920, -1000]);
    expect(await listed(client, inPlay)).toEqual([
      { BetType: 'Back', Odds: 1.92, Stack: 1000, MarketType: 'MATCH_ODDS' },
    ]);
  });

  it('books exposure, the ledger and the statement at the improved odds, to the paisa', async () => {
    const client = await newClient(10_000);
    const eventId = await freshEvent('Lions v Tigers Settled');
    const marketId = `1.${eventId}`;
    // Back Lions 1001 asked at 1.80, matched at 1.85: wins round(0.85 × 1001 = 850.85) = 851
    // (at 1.80 it would be round(800.80) = 801).
    expect((await bet(client, eventId, { Odds: 1.8, Stack: 1001 })).Result).toBe(
      'Bet placed successfully at 1.85',
    );
    // Lay Tigers 777 asked at 2.20, matched at 2.16: risks round(1.16 × 777 = 901.32) = 901
    // (at 2.20 it would be round(932.40) = 932).
    expect(
      (
        await bet(client, eventId, {
          SelectionID: String(runner(eventId, 2)),
          BetType: 'Lay',
          Odds: 2.2,
          Stack: 777,
        })
      ).Result,
    ).toBe('Bet placed successfully at 2.16');
    // Lions: 851 + 777 = 1628; Tigers: −1001 − 901 = −1902.
    expect(await book(client, marketId)).toEqual([1628, -1902]);
    expect(await exposure(client)).toBe(1902);

    const declared = await ops('declare-result', {
      marketId,
      winnerSelectionId: runner(eventId, 1),
    });
    expect(declared.json<{ Status: boolean }>().Status).toBe(true);
    const rows = await ledgerRows(database.db, { marketId, kind: 'settlement' });
    expect(
      rows.map((row) => [row.clientId === null ? 'house' : 'client', row.amountPaise]).sort(),
    ).toEqual([
      ['client', 162_800n],
      ['house', -162_800n],
    ]);
    const statement = getAccountStatement.response.parse(
      await read(client, '/api/AccountStatementModels/GetAccountStatement?psize=10'),
    );
    if (!statement.Status) throw new Error(statement.Result);
    expect(statement.Result.at(-1)).toMatchObject({ Amount: 1628, Balance: 11_628 });
    expect(statement.CloseBalance).toBe(11_628);
    expect(await exposure(client)).toBe(0);
    const audit = await auditMoney(database.db);
    expect(audit.ledgerTotal).toBe(0n);
    expect(audit.walletExposure).toBe(audit.positionExposure);
  });
});

describe('cash out keeps its planned price', () => {
  it('lays at the planned 2.50 though 2.40 is there: the book ends flat as the plan says', async () => {
    const client = await newClient(10_000);
    const eventId = await freshEvent('Lions v Tigers Cash');
    const marketId = `1.${eventId}`;
    expect((await bet(client, eventId, { Odds: 1.85, Stack: 1000 })).Status).toBe(true);
    expect(await book(client, marketId)).toEqual([850, -1000]);
    // The tab planned at a lay of 2.50; by the time it arrives the best lay is 2.40.
    const plan = cashOutPlan(
      'MATCH_ODDS',
      [
        { selectionId: String(runner(eventId, 1)), pl: 85_000 as Paise, back: 246, lay: 250 },
        { selectionId: String(runner(eventId, 2)), pl: -100_000 as Paise, back: 160, lay: 170 },
      ],
      100,
    );
    if (!plan.ok) throw new Error(plan.reason);
    // Lay 1850 / 2.5 = 740: Lions 850 − 1110 = −260, Tigers −1000 + 740 = −260.
    expect(plan.bets).toEqual([
      { selectionId: String(runner(eventId, 1)), betType: 'Lay', odds: 250, stake: 740 },
    ]);
    await price(marketId, eventId, [
      [2.36, 2.4],
      [1.7, 1.72],
    ]);
    const response = await app.inject({
      method: 'POST',
      url: postCashOut.path,
      payload: {
        MarketId: marketId,
        MarketType: 'MATCH_ODDS',
        EventId: eventId,
        Percent: 100,
        Bets: [{ SelectionID: String(runner(eventId, 1)), BetType: 'Lay', Odds: 2.5, Stack: 740 }],
      },
      headers: bearer(client.token),
    });
    expect(response.json()).toEqual({
      Status: true,
      Result: 'Cashed out: -₹260.00 whichever runner wins',
    });
    // At 2.40 it would be Lions −186, Tigers −260: an uneven book, not the plan.
    expect(await book(client, marketId)).toEqual([-260, -260]);
    expect((await listed(client, eventId)).map((entry) => entry.Odds)).toEqual([1.85, 2.5]);
    expect(await exposure(client)).toBe(260);
  });
});

import {
  getFancyCurrentPosition,
  getFancyPosition,
  getMatchedBets,
  getProfitLossOnRunners,
  getUserBook,
  postFancyBet,
  postUserBet,
} from '@backlay/contract/bets';
import { getMyMarkets } from '@backlay/contract/markets';
import { getBalanceDetail } from '@backlay/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestClient,
  login,
  OPS_TOKEN,
  testClock,
} from '../../../test/app.js';
import type { Schema } from '../../db/schema.js';
import { changesOf, createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { lockClientWallet, lockWithHouse } from '../wallet/wallet.service.js';
import { placeBetBatch, type BetCall, type PlaceOutcome } from './bet-calls.queries.js';
import { BET_MESSAGES } from './bets.service.js';
import { scriptedFeed, type ScriptedControl } from '../../../test/feed.js';

let database: TestDatabase;
let app: FastifyInstance;
let feed: ScriptedControl;
const clock = testClock();
let eventId: number;
let lions: number;
let tigers: number;

const ops = (command: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/ops/${command}`, payload, headers: bearer(OPS_TOKEN) });
const step = (payload: object) => ops('fixture-step', { eventId, step: payload });

async function priceAll() {
  await step({
    kind: 'prices',
    marketId: `1.${eventId}`,
    runners: [
      { selectionId: lions, back: [{ price: 1.9, size: 5000 }], lay: [{ price: 2.1, size: 5000 }] },
      {
        selectionId: tigers,
        back: [{ price: 2.0, size: 5000 }],
        lay: [{ price: 2.2, size: 5000 }],
      },
    ],
  });
  await step({
    kind: 'prices',
    marketId: `${eventId}B`,
    runners: [
      {
        selectionId: lions,
        back: [{ price: 85, size: 100000 }],
        lay: [{ price: 115, size: 100000 }],
      },
      {
        selectionId: tigers,
        back: [{ price: 95, size: 100000 }],
        lay: [{ price: 125, size: 100000 }],
      },
    ],
  });
  await step({
    kind: 'prices',
    marketId: `${eventId}T`,
    runners: [
      {
        selectionId: lions,
        back: [{ price: 1.95, size: 5000 }],
        lay: [{ price: 1.98, size: 5000 }],
      },
      {
        selectionId: tigers,
        back: [{ price: 1.95, size: 5000 }],
        lay: [{ price: 2.12, size: 5000 }],
      },
    ],
  });
  await step({
    kind: 'fancy',
    rows: [
      { selectionId: `${eventId}-1`, noLine: 50, noRate: 90, yesLine: 50, yesRate: 110 },
      { selectionId: `${eventId}-2`, noLine: 80, noRate: 100, yesLine: 81, yesRate: 100 },
    ],
  });
}

interface Client {
  readonly token: string;
  readonly uid: number;
}

async function newClient(name: string, credit: number): Promise<Client> {
  await createTestClient(database.db, name, credit, clock);
  const data = await login(app, name);
  return { token: data.Token, uid: data.uid };
}

function draft(overrides: Record<string, unknown>) {
  return {
    sportsId: 4,
    SelectionName: 'Lions',
    SelectionID: String(lions),
    Odds: 1.9,
    Price: 0,
    OldPrice: 0,
    OldStack: 1000,
    MarketType: 'MATCH_ODDS',
    MarketId: `1.${eventId}`,
    EventId: eventId,
    BetType: 'Back',
    BetStatus: 'Pending',
    Stack: 1000,
    Exposure: 1000,
    ReturnBalance: 0,
    UserId: 0,
    ...overrides,
  };
}

/** A bet through the app, or through another instance (`on`). */
async function bet(
  client: Client,
  overrides: Record<string, unknown>,
  key?: string,
  on: FastifyInstance = app,
) {
  const fancy = overrides.MarketType === 'FANCY';
  const response = await on.inject({
    method: 'POST',
    url: fancy ? postFancyBet.path : postUserBet.path,
    payload: draft(overrides),
    headers: { ...bearer(client.token), ...(key ? { 'idempotency-key': key } : {}) },
  });
  return response;
}

async function placed(client: Client, overrides: Record<string, unknown>) {
  const response = await bet(client, overrides);
  expect(response.json()).toEqual({ Status: true, Result: 'Bet placed successfully' });
}

const read = async (client: Client, url: string) =>
  (await app.inject({ url, headers: bearer(client.token) })).json<unknown>();

async function wallet(client: Client) {
  const answer = getBalanceDetail.response.parse(
    await read(client, '/api/AmountModels/GetBalanceDetail'),
  );
  if (!answer.Status) throw new Error(answer.Result);
  return answer.Result;
}

beforeAll(async () => {
  database = await createTestDatabase();
  feed = scriptedFeed(database.db, clock);
  app = await buildTestApp(database.db, { clock, feed });
  const created = await ops('fixture-event', {
    sportId: 4,
    seriesName: 'Engine Cup',
    name: 'Lions v Tigers',
    runners: ['Lions', 'Tigers'],
    bookmaker: true,
    toss: true,
    fancy: ['6 over runs Lions', '10 over runs Lions'],
    inPlay: true,
    maxStake: 200000,
  });
  eventId = created.json<{ Result: { eventId: number } }>().Result.eventId;
  lions = eventId * 100 + 1;
  tigers = eventId * 100 + 2;
  await priceAll();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('match odds positions', () => {
  it('books back 1000 at 1.90 and lay 500 at 2.10 on Lions as Lions +350, Tigers −500, exposure 500', async () => {
    const client = await newClient('worked', 10_000);
    await placed(client, { Odds: 1.9, Stack: 1000, BetType: 'Back' });
    await placed(client, { Odds: 2.1, Stack: 500, BetType: 'Lay' });
    const book = getProfitLossOnRunners.response.parse(
      await read(
        client,
        `/api/ProfitLossModels/GetProfitLossOnRunners?marketId=1.${eventId}&sportsId=4`,
      ),
    );
    expect(book).toEqual({
      Status: true,
      Result: [
        { selectionId: lions, RunnerName: 'Lions', pL: 350 },
        { selectionId: tigers, RunnerName: 'Tigers', pL: -500 },
      ],
    });
    expect(await wallet(client)).toEqual({
      CreditLimit: 10000,
      PL: 0,
      Exposure: 500,
      Balance: 10000,
      MainBalance: 9500,
    });
    const userBook = getUserBook.response.parse(
      await read(client, `/api/UserBetModels/GetUserBook?marketId=1.${eventId}&uid=${client.uid}`),
    );
    expect(userBook).toEqual({
      Status: true,
      Result: [
        { userName: 'worked', pL: 0, filterOrder: 1 },
        { userName: 'Lions', pL: 350, filterOrder: 0 },
        { userName: 'Tigers', pL: -500, filterOrder: 0 },
      ],
    });
    const matched = getMatchedBets.response.parse(
      await read(client, `/api/UserBetModels/GetMatchedBets?marketId=${eventId}`),
    );
    expect(
      matched.Status &&
        matched.Result.map((item) => [item.BetType, item.Odds, item.Stack, item.MarketType]),
    ).toEqual([
      ['Lay', 2.1, 500, 'MATCH_ODDS'],
      ['Back', 1.9, 1000, 'MATCH_ODDS'],
    ]);
    const mine = getMyMarkets.response.parse(await read(client, '/api/MarketModels/GetMyMarkets'));
    expect(mine.Status && mine.Result).toEqual([
      {
        EventId: eventId,
        SportsId: 4,
        MarketName: 'Lions v Tigers',
        SeriesName: 'Engine Cup',
        MarketType: 'MATCH_ODDS',
        Runners: [
          { selectionId: lions, RunnerName: 'Lions', profitLoss: 350 },
          { selectionId: tigers, RunnerName: 'Tigers', profitLoss: -500 },
        ],
      },
    ]);
  });

  it('nets a back and a lay of the same stake at the same odds to a zero position and frees the exposure', async () => {
    const client = await newClient('netting', 5_000);
    await step({
      kind: 'prices',
      marketId: `1.${eventId}`,
      runners: [
        {
          selectionId: lions,
          back: [{ price: 1.9, size: 5000 }],
          lay: [{ price: 2.1, size: 5000 }],
        },
        {
          selectionId: tigers,
          back: [{ price: 2.0, size: 5000 }],
          lay: [{ price: 2.0, size: 5000 }],
        },
      ],
    });
    await placed(client, {
      SelectionID: String(tigers),
      SelectionName: 'Tigers',
      Odds: 2,
      Stack: 1000,
      BetType: 'Back',
    });
    expect((await wallet(client)).Exposure).toBe(1000);
    await placed(client, {
      SelectionID: String(tigers),
      SelectionName: 'Tigers',
      Odds: 2,
      Stack: 1000,
      BetType: 'Lay',
    });
    expect((await wallet(client)).Exposure).toBe(0);
    await priceAll();
  });

  it('accepts a bet that lowers exposure even when the main balance cannot cover more', async () => {
    const client = await newClient('hedger', 1_000);
    await placed(client, { Odds: 1.9, Stack: 1000, BetType: 'Back' }); // exposure 1000, main 0
    await placed(client, {
      SelectionID: String(tigers),
      SelectionName: 'Tigers',
      Odds: 2,
      Stack: 500,
      BetType: 'Back',
    });
    expect(await wallet(client)).toMatchObject({ Exposure: 500, MainBalance: 500 });
  });
});

describe('bookmaker, toss and fancy figures', () => {
  it('books bookmaker odds per 100: back 1000 at 85 wins 850', async () => {
    const client = await newClient('bookie', 10_000);
    await placed(client, {
      MarketType: 'BOOKMAKER',
      MarketId: `${eventId}B`,
      Odds: 85,
      Stack: 1000,
      BetType: 'Back',
    });
    const book = getProfitLossOnRunners.response.parse(
      await read(client, `/api/ProfitLossModels/GetProfitLossOnRunners?marketId=${eventId}B`),
    );
    expect(book.Status && book.Result.map((runner) => runner.pL)).toEqual([850, -1000]);
    await placed(client, {
      MarketType: 'BOOKMAKER',
      MarketId: `${eventId}B`,
      SelectionID: String(tigers),
      Odds: 125,
      Stack: 500,
      BetType: 'Lay',
    });
    const after = getProfitLossOnRunners.response.parse(
      await read(client, `/api/ProfitLossModels/GetProfitLossOnRunners?marketId=${eventId}B`),
    );
    expect(after.Status && after.Result.map((runner) => runner.pL)).toEqual([
      850 + 500,
      -1000 - 625,
    ]);
    expect((await wallet(client)).Exposure).toBe(1625);
  });

  it('books toss odds like match odds: lay 1000 at 1.98 risks 980', async () => {
    const client = await newClient('tosser', 10_000);
    await placed(client, {
      MarketType: 'TOSS',
      MarketId: `${eventId}T`,
      Odds: 1.98,
      Stack: 1000,
      BetType: 'Lay',
    });
    expect((await wallet(client)).Exposure).toBe(980);
  });

  it('books fancy No at rate 90 (profit 90, liability 100) and Yes at 110 (profit 100, liability 110) on the ladder', async () => {
    const client = await newClient('sessions', 10_000);
    const fancy = {
      MarketType: 'FANCY',
      MarketId: String(eventId),
      SelectionID: `${eventId}-1`,
      SelectionName: '6 over runs Lions',
    };
    await placed(client, { ...fancy, BetType: 'No', Odds: 50, Price: 90, Stack: 100 });
    let ladder = getFancyCurrentPosition.response.parse(
      await read(
        client,
        `/api/UserBetModels/GetFancyCurrentPosition?selectionId=${eventId}-1&marketId=${eventId}`,
      ),
    );
    expect(ladder).toEqual({
      Status: true,
      Result: [
        { RunValue: 49, Pl: 90 },
        { RunValue: 50, Pl: -100 },
        { RunValue: 51, Pl: -100 },
      ],
    });
    expect((await wallet(client)).Exposure).toBe(100);
    await placed(client, { ...fancy, BetType: 'Yes', Odds: 50, Price: 110, Stack: 100 });
    ladder = getFancyCurrentPosition.response.parse(
      await read(
        client,
        `/api/UserBetModels/GetFancyCurrentPosition?selectionId=${eventId}-1&marketId=${eventId}`,
      ),
    );
    // The lines offset: below 50 the No wins 90 and the Yes loses 110; from 50 the Yes wins 100, the No loses 100.
    expect(ladder.Status && ladder.Result.map((rung) => rung.Pl)).toEqual([-20, 0, 0]);
    expect((await wallet(client)).Exposure).toBe(20);
    const positions = getFancyPosition.response.parse(
      await read(client, `/api/UserBetModels/GetFancyPosition?marketId=${eventId}`),
    );
    expect(positions).toEqual({
      Status: true,
      Result: [{ SelectionId: `${eventId}-1`, Position: -20 }],
    });
    const matched = getMatchedBets.response.parse(
      await read(client, `/api/UserBetModels/GetMatchedBets?marketId=${eventId}`),
    );
    expect(matched.Status && matched.Result[0]).toMatchObject({
      BetType: 'Yes',
      Odds: 50,
      Price: 110,
      MarketType: 'FANCY',
    });
  });
});

describe('refusals', () => {
  let client: Client;
  beforeAll(async () => {
    client = await newClient('refused', 2_000);
  });
  const result = async (overrides: Record<string, unknown>) =>
    (await bet(client, overrides)).json<{ Status: boolean; Result: string }>();

  it('refuses a stake below the house minimum, above the maximum, zero or fractional', async () => {
    expect(await result({ Stack: 499 })).toEqual({ Status: false, Result: 'Minimum stake is 500' });
    expect(await result({ Stack: 200001 })).toEqual({
      Status: false,
      Result: 'Maximum stake is 200000',
    });
    expect(await result({ Stack: 0 })).toEqual({
      Status: false,
      Result: 'Total stack must be greater than 0',
    });
    expect(await result({ Stack: 600.5 })).toEqual({
      Status: false,
      Result: 'Stake must be a whole number',
    });
    const fancy = {
      MarketType: 'FANCY',
      MarketId: String(eventId),
      SelectionID: `${eventId}-2`,
      Odds: 81,
      Price: 100,
      BetType: 'Yes',
    };
    expect(await result({ ...fancy, Stack: 99 })).toEqual({
      Status: false,
      Result: 'Minimum stake is 100',
    });
  });

  it('refuses odds better than the market offers, and a fancy line or rate that moved', async () => {
    expect(await result({ Odds: 1.95, BetType: 'Back' })).toEqual({
      Status: false,
      Result: 'Odds changed',
    });
    expect(await result({ Odds: 2.0, BetType: 'Lay' })).toEqual({
      Status: false,
      Result: 'Odds changed',
    });
    const fancy = {
      MarketType: 'FANCY',
      MarketId: String(eventId),
      SelectionID: `${eventId}-2`,
      Stack: 100,
    };
    expect(await result({ ...fancy, BetType: 'Yes', Odds: 80, Price: 100 })).toEqual({
      Status: false,
      Result: 'Odds changed',
    });
    expect(await result({ ...fancy, BetType: 'No', Odds: 80, Price: 90 })).toEqual({
      Status: false,
      Result: 'Odds changed',
    });
  });

  it('refuses more exposure than the main balance allows', async () => {
    expect(await result({ Odds: 2.1, BetType: 'Lay', Stack: 2000 })).toEqual({
      Status: false,
      Result: 'Insufficient balance',
    });
    const rows = await database.db
      .selectFrom('bets')
      .select('id')
      .where('selection_name', '=', 'never')
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses on a suspended market, a locked event, a stale feed and a closed market', async () => {
    await step({ kind: 'suspend', marketId: `1.${eventId}` });
    expect(await result({})).toEqual({ Status: false, Result: 'Market suspended' });
    await step({ kind: 'resume', marketId: `1.${eventId}` });
    await ops('suspend-market', { marketId: `1.${eventId}` });
    expect(await result({})).toEqual({ Status: false, Result: 'Market suspended' });
    await ops('resume-market', { marketId: `1.${eventId}` });
    await ops('lock-event', { eventId });
    expect(await result({})).toEqual({ Status: false, Result: 'Betting is locked for this event' });
    expect(
      await result({
        MarketType: 'FANCY',
        MarketId: String(eventId),
        SelectionID: `${eventId}-2`,
        Odds: 81,
        Price: 100,
        BetType: 'Yes',
        Stack: 100,
      }),
    ).toEqual({
      Status: false,
      Result: 'Betting is locked for this event',
    });
    await ops('unlock-event', { eventId });
    clock.advance(10_001);
    expect(await result({})).toEqual({ Status: false, Result: 'Market suspended' });
    await priceAll();
    expect((await result({ Stack: 500 })).Status).toBe(true);
    await step({ kind: 'result', marketId: `${eventId}T`, winnerSelectionId: lions });
    expect(
      await result({ MarketType: 'TOSS', MarketId: `${eventId}T`, Odds: 1.95, Stack: 500 }),
    ).toEqual({ Status: false, Result: 'Market closed' });
  });

  it('refuses a fancy bet on a session the operator settled, voided or rolled back', async () => {
    const created = await ops('fixture-event', {
      sportId: 4,
      seriesName: 'Engine Cup',
      name: 'Hawks v Owls',
      runners: ['Hawks', 'Owls'],
      fancy: ['6 over runs Hawks', '10 over runs Hawks', '15 over runs Hawks'],
      inPlay: true,
    });
    const sessionsEvent = created.json<{ Result: { eventId: number } }>().Result.eventId;
    const sessions = [1, 2, 3].map((n) => `${sessionsEvent}-${n}`);
    await ops('fixture-step', {
      eventId: sessionsEvent,
      step: {
        kind: 'fancy',
        rows: sessions.map((selectionId) => ({
          selectionId,
          noLine: 39,
          noRate: 100,
          yesLine: 40,
          yesRate: 100,
        })),
      },
    });
    const [settled = '', voided = '', rolledBack = ''] = sessions;
    const sessionBet = (selectionId: string) =>
      result({
        MarketType: 'FANCY',
        MarketId: String(sessionsEvent),
        EventId: sessionsEvent,
        SelectionID: selectionId,
        Odds: 40,
        Price: 100,
        BetType: 'Yes',
        Stack: 100,
      });
    expect(await sessionBet(rolledBack)).toEqual({
      Status: true,
      Result: 'Bet placed successfully',
    });
    await ops('declare-result', { eventId: sessionsEvent, selectionId: settled, runs: 45 });
    await ops('void-market', { target: voided, reason: 'Rain' });
    await ops('declare-result', { eventId: sessionsEvent, selectionId: rolledBack, runs: 45 });
    await ops('rollback', { target: rolledBack, reason: 'Wrong runs' });
    for (const selectionId of sessions)
      expect(await sessionBet(selectionId)).toEqual({ Status: false, Result: 'Market closed' });
  });

  it('refuses a market that does not exist, a runner of another market and the wrong route', async () => {
    expect(await result({ MarketId: '1.1' })).toEqual({
      Status: false,
      Result: 'Market not found',
    });
    expect(await result({ SelectionID: '999' })).toEqual({
      Status: false,
      Result: 'Selection not found',
    });
    const response = await app.inject({
      method: 'POST',
      url: postUserBet.path,
      payload: draft({ MarketType: 'FANCY' }),
      headers: bearer(client.token),
    });
    expect(response.json<{ Result: string }>().Result).toBe(
      'Use the fancy bet for FANCY markets and the user bet for the others',
    );
    expect(await result({ BetType: 'Yes' })).toEqual({
      Status: false,
      Result: 'Bet type does not fit the market',
    });
  });

  it('answers a malformed draft with 400 and ignores the client figures', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: postUserBet.path,
      payload: { Stack: 'lots' },
      headers: bearer(client.token),
    });
    expect(malformed.statusCode).toBe(400);
    const rich = await newClient('claims-rich', 600);
    const answer = await bet(rich, {
      Odds: 2.1,
      BetType: 'Lay',
      Stack: 600,
      Exposure: 0,
      ReturnBalance: 1e9,
      UserId: 1,
    });
    expect(answer.json()).toEqual({ Status: false, Result: 'Insufficient balance' });
  });
});

describe('idempotency', () => {
  it('turns the same key 20 times, in parallel and in sequence, into one bet with identical answers', async () => {
    const client = await newClient('idem', 50_000);
    const key = 'c0ffee00-0000-4000-8000-000000000001';
    const parallel = await Promise.all(
      Array.from({ length: 20 }, () => bet(client, { Stack: 700 }, key)),
    );
    const sequential = [];
    for (let n = 0; n < 20; n += 1) sequential.push(await bet(client, { Stack: 700 }, key));
    for (const response of [...parallel, ...sequential]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ Status: true, Result: 'Bet placed successfully' });
    }
    const bets = await database.db
      .selectFrom('bets')
      .innerJoin('clients', 'clients.id', 'bets.client_id')
      .select('bets.id')
      .where('clients.username', '=', 'idem')
      .execute();
    expect(bets).toHaveLength(1);
    const other = await bet(client, { Stack: 800 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      Status: false,
      Result: 'This Idempotency-Key was used with another request',
    });
  });

  it('remembers a refusal under its key', async () => {
    const client = await newClient('idem-refused', 100);
    const key = 'c0ffee00-0000-4000-8000-000000000002';
    const first = await bet(client, { Stack: 500 }, key);
    expect(first.json()).toEqual({ Status: false, Result: 'Insufficient balance' });
    await ops('credit', { username: 'idem-refused', amount: 10_000 });
    expect((await bet(client, { Stack: 500 }, key)).json()).toEqual(first.json());
  });
});

describe('concurrency on PostgreSQL', () => {
  it('accepts exactly what fits among 50 parallel bets, never below zero, alongside settlement-like locks', async () => {
    const client = await newClient('racer', 10_000); // each lay 1000 at 2.10 risks 1100: at most 9 fit
    let settling = true;
    const settlements = (async () => {
      // A settlement takes the market FOR UPDATE, then wallets in ascending order (docs/decisions.md#money).
      while (settling) {
        await database.db.transaction().execute(async (tx) => {
          await sql`SELECT id FROM markets WHERE id = ${`1.${eventId}`} FOR UPDATE`.execute(tx);
          await lockWithHouse(tx, []);
          await lockClientWallet(tx, String(client.uid));
        });
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => bet(client, { Odds: 2.1, BetType: 'Lay', Stack: 1000 })),
    );
    settling = false;
    await settlements;
    const accepted = answers.filter((response) => response.json<{ Status: boolean }>().Status);
    expect(answers.every((response) => response.statusCode === 200)).toBe(true);
    expect(accepted).toHaveLength(9);
    expect(await wallet(client)).toEqual({
      CreditLimit: 10000,
      PL: 0,
      Exposure: 9900,
      Balance: 10000,
      MainBalance: 100,
    });
  });
});

describe('group commit: bet_place_batch', () => {
  /** A back bet of `stake` rupees at 1.90 on Lions, as the server would pass it to bet_place. */
  const call = (clientId: string, version: string, stake: number, key: string): BetCall => ({
    clientId,
    key,
    hash: Buffer.alloc(32, 7),
    at: clock.now(),
    version,
    exposure: BigInt(stake * 100),
    eventId,
    marketId: `1.${eventId}`,
    marketType: 'MATCH_ODDS',
    positionKey: `1.${eventId}`,
    selectionId: String(lions),
    selectionName: 'Lions',
    betType: 'Back',
    odds: 190,
    price: 0,
    stake,
    profitPaise: stake * 90,
    liabilityPaise: stake * 100,
    messages: JSON.stringify(BET_MESSAGES),
    placed: BET_MESSAGES.placed,
  });

  it('answers each bet of one call as bet_place would, in order, each with its own answer text; a stale one writes nothing and a client without an account is left to place alone', async () => {
    const first = await newClient('batch-a', 5000);
    const second = await newClient('batch-b', 5000);
    const outcomes = await placeBetBatch(database.db, [
      // Matched at a better price than it asked (docs/decisions.md#money, "Price improvement").
      {
        ...call(String(second.uid), '0', 1000, 'batch-key-1'),
        odds: 195,
        profitPaise: 95_000,
        placed: 'Bet placed successfully at 1.95',
      },
      call(String(first.uid), '0', 2000, 'batch-key-2'),
      call('999999999', '0', 1000, 'batch-key-3'),
      call(String(first.uid), '12345', 500, 'batch-key-4'),
    ]);
    expect(outcomes.map((outcome) => outcome?.outcome ?? null)).toEqual([
      'answered',
      'answered',
      null,
      'stale',
    ]);
    expect(outcomes[0]).toMatchObject({
      answer: { Status: true, Result: 'Bet placed successfully at 1.95' },
    });
    expect(outcomes[1]).toMatchObject({
      answer: { Status: true, Result: 'Bet placed successfully' },
    });
    // The stale bet saw the position the batch's earlier bet of the same client left.
    const stale = outcomes[3] as Extract<PlaceOutcome, { outcome: 'stale' }>;
    const placedSecond = outcomes[1] as Extract<PlaceOutcome, { outcome: 'answered' }>;
    expect(stale.version).toBe(placedSecond.version);
    expect(stale.bets).toEqual([
      {
        selectionId: String(lions),
        betType: 'Back',
        odds: 190,
        profitPaise: 180000,
        liabilityPaise: 200000,
      },
    ]);
    expect((await wallet(first)).Exposure).toBe(2000);
    expect((await wallet(second)).Exposure).toBe(1000);
  });

  it('places bets of many clients arriving at once, each exactly as alone', async () => {
    const clients = await Promise.all(
      Array.from({ length: 12 }, (_, n) => newClient(`batch-many-${n}`, 10_000)),
    );
    // Each client: a match odds back, a bookmaker back and a fancy No, all at once.
    const answers = await Promise.all(
      clients.flatMap((client) => [
        bet(client, { Stack: 1000 }),
        bet(client, { MarketType: 'BOOKMAKER', MarketId: `${eventId}B`, Odds: 85, Stack: 1000 }),
        bet(client, {
          MarketType: 'FANCY',
          MarketId: String(eventId),
          SelectionID: `${eventId}-1`,
          SelectionName: '6 over runs Lions',
          BetType: 'No',
          Odds: 50,
          Price: 90,
          Stack: 500,
        }),
      ]),
    );
    expect(answers.map((response) => response.json<unknown>())).toEqual(
      answers.map(() => ({ Status: true, Result: 'Bet placed successfully' })),
    );
    for (const client of clients) expect((await wallet(client)).Exposure).toBe(2500);
  });
});

describe('two instances on one database (docs/decisions.md#hot-paths caches)', () => {
  /** The runners' book as the domain computes it from the stored open bets, and its exposure. */
  async function bookExposure(client: Client): Promise<number> {
    const book = getProfitLossOnRunners.response.parse(
      await read(
        client,
        `/api/ProfitLossModels/GetProfitLossOnRunners?marketId=1.${eventId}&sportsId=4`,
      ),
    );
    if (!book.Status) throw new Error(book.Result);
    return Math.max(0, -Math.min(...book.Result.map((runner) => runner.pL)));
  }

  it('keeps each position exact when its bets alternate between instances with their own caches', async () => {
    const other = await buildTestApp(database.db, { clock, feed });
    try {
      const client = await newClient('two-homes', 50_000);
      const bets: [FastifyInstance, Record<string, unknown>][] = [
        [app, { Odds: 1.9, Stack: 1000, BetType: 'Back' }],
        [other, { Odds: 2.1, Stack: 3000, BetType: 'Lay' }],
        [app, { Odds: 1.9, Stack: 2000, BetType: 'Back' }],
        [other, { SelectionID: String(tigers), Odds: 2.0, Stack: 1500, BetType: 'Back' }],
        [app, { SelectionID: String(tigers), Odds: 2.2, Stack: 500, BetType: 'Lay' }],
        [other, { Odds: 2.1, Stack: 700, BetType: 'Lay' }],
      ];
      for (const [target, overrides] of bets) {
        expect((await bet(client, overrides, undefined, target)).json()).toEqual({
          Status: true,
          Result: 'Bet placed successfully',
        });
        // Each instance computed on the other's bets too: the wallet holds the book's exposure.
        expect((await wallet(client)).Exposure).toBe(await bookExposure(client));
      }
    } finally {
      await other.close();
    }
  });

  it('places a burst on one position from two instances at once: every answer placed, the book exact', async () => {
    const other = await buildTestApp(database.db, { clock, feed });
    try {
      const client = await newClient('two-bursts', 100_000);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          (index % 2 === 0 ? app : other).inject({
            method: 'POST',
            url: postUserBet.path,
            payload: draft(
              index % 3 === 0
                ? { Odds: 2.1, Stack: 700, BetType: 'Lay' }
                : { Odds: 1.9, Stack: 500, BetType: 'Back' },
            ),
            headers: bearer(client.token),
          }),
        ),
      );
      expect(answers.map((answer) => answer.json<{ Result: string }>().Result)).toEqual(
        Array.from({ length: 40 }, () => 'Bet placed successfully'),
      );
      expect((await wallet(client)).Exposure).toBe(await bookExposure(client));
    } finally {
      await other.close();
    }
  });

  it('places a first bet on a fresh position in one call of bet_place; a position with bets from another instance costs two, exact', async () => {
    // An instance on the same pool that counts its calls of bet_place (not bet_place_batch).
    let calls = 0;
    const counting = new Kysely<Schema>({
      dialect: new PostgresDialect({ pool: database.pool }),
      log: (event) => {
        if (/\bbet_place\(/.test(event.query.sql)) calls += 1;
      },
    });
    const counted = await buildTestApp(counting, { clock, feed, changes: changesOf(database.db) });
    try {
      const fresh = await newClient('fresh-position', 10_000);
      const onCounted = (client: Client, overrides: Record<string, unknown>) =>
        bet(client, overrides, undefined, counted);
      expect((await onCounted(fresh, { Stack: 1000 })).json()).toEqual({
        Status: true,
        Result: 'Bet placed successfully',
      });
      expect(calls).toBe(1);

      // Bets placed through the other instance: the counted one guesses the position empty,
      // bet_place answers "stale" with the real one, and the second call places on it.
      const known = await newClient('known-elsewhere', 10_000);
      await placed(known, { Odds: 2.1, Stack: 3000, BetType: 'Lay' });
      calls = 0;
      expect((await onCounted(known, { Stack: 1000 })).json()).toEqual({
        Status: true,
        Result: 'Bet placed successfully',
      });
      expect(calls).toBe(2);
      expect((await wallet(known)).Exposure).toBe(await bookExposure(known));
      // Now remembered: one call.
      calls = 0;
      await onCounted(known, { Stack: 500 });
      expect(calls).toBe(1);
      expect((await wallet(known)).Exposure).toBe(await bookExposure(known));
    } finally {
      await counted.close();
    }
  });

  it("takes an operator's custom bookmaker price within a second on every instance", async () => {
    const client = await newClient('custom-price', 10_000);
    const custom = (backPrice: number) =>
      ops('set-custom-bookmaker', {
        marketId: `${eventId}B`,
        selectionId: tigers,
        runnerName: 'Tigers',
        isCustome: false,
        isActive: true,
        status: 'ACTIVE',
        backPrice,
        backSize: 50000,
        layPrice: backPrice + 40,
        laySize: 50000,
      });
    const bookmakerBet = () =>
      bet(client, {
        MarketType: 'BOOKMAKER',
        MarketId: `${eventId}B`,
        SelectionID: String(tigers),
        SelectionName: 'Tigers',
        Odds: 90,
        Stack: 500,
      });
    // The feed's 95 takes a back at 90; the operator's 85 does not, once the catalog has it.
    expect((await bookmakerBet()).json()).toMatchObject({ Status: true });
    await custom(85);
    const deadline = Date.now() + 1000;
    let answer = (await bookmakerBet()).json<{ Result: string }>();
    while (answer.Result !== 'Odds changed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = (await bookmakerBet()).json<{ Result: string }>();
    }
    expect(answer).toEqual({ Status: false, Result: 'Odds changed' });
  });
});

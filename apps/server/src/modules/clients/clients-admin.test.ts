import { boClientDetail, boClients } from '@backlay/contract/backoffice';
import { postFancyBet, postUserBet } from '@backlay/contract/bets';
import { toPaise } from '@backlay/domain';
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
import { scriptedFeed } from '../../../test/feed.js';
import { systemRandom } from '../../seams.js';
import { createWalletService } from '../wallet/wallet.service.js';
import { createSaferService } from '../safer/safer.service.js';
import {
  clientDetail,
  createClientsAdmin,
  DETAIL_ROWS,
  searchClients,
  statementKindOf,
} from './clients-admin.js';
import { positionPlaces } from './clients.queries.js';

/*
 * The back office's client reads (docs/backoffice.md): search and paging, and one client's
 * wallet, positions, statement and bets from real bets placed through the app.
 */

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
let eventId: number;
let lions: number;
let tigers: number;

const ops = async (command: string, payload: object) => {
  const response = await app.inject({
    method: 'POST',
    url: `/api/ops/${command}`,
    payload,
    headers: bearer(OPS_TOKEN),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ Status: boolean; Result: unknown }>();
};
const step = (payload: object) => ops('fixture-step', { eventId, step: payload });

async function placed(token: string, bet: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: bet.MarketType === 'FANCY' ? postFancyBet.path : postUserBet.path,
    payload: {
      sportsId: 4,
      SelectionName: 'Runner',
      SelectionID: String(lions),
      Price: 0,
      MarketType: 'MATCH_ODDS',
      MarketId: `1.${eventId}`,
      EventId: eventId,
      BetType: 'Back',
      BetStatus: 'Pending',
      ...bet,
    },
    headers: bearer(token),
  });
  expect(response.json()).toEqual({ Status: true, Result: 'Bet placed successfully' });
}

async function list(search: string | undefined, skip = 0, take = 25) {
  const answer = await searchClients(database.db, { search, skip, take });
  expect(boClients.response.parse({ Status: true, Result: answer }).Status).toBe(true);
  return answer;
}

async function detail(clientId: string) {
  // The back office's reads as wired, with the client's safer-betting view (no limits here).
  const safer = createSaferService({
    db: database.db,
    clock,
    auth: {
      endSessionsIn: () => Promise.reject(new Error('not here')),
      limitSessionsIn: () => Promise.reject(new Error('not here')),
      sessionTimes: () => Promise.reject(new Error('not here')),
    },
    reportTz: 'Asia/Kolkata',
  });
  const answer = await createClientsAdmin(database.db, safer).detail(clientId);
  if (!answer) throw new Error(`no client ${clientId}`);
  expect(boClientDetail.response.parse({ Status: true, Result: answer }).Status).toBe(true);
  return answer;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const feed = scriptedFeed(database.db, clock, { staleMs: 3_600_000 });
  app = await buildTestApp(database.db, { clock, feed });
  const created = await ops('fixture-event', {
    sportId: 4,
    seriesName: 'Clients Cup',
    name: 'Lions v Tigers',
    runners: ['Lions', 'Tigers'],
    bookmaker: true,
    fancy: ['6 over runs Lions'],
    inPlay: true,
    maxStake: 500_000,
  });
  eventId = (created.Result as { eventId: number }).eventId;
  lions = eventId * 100 + 1;
  tigers = eventId * 100 + 2;
  const quote = (selectionId: number, back: number, lay: number) => ({
    selectionId,
    back: [{ price: back, size: 100_000 }],
    lay: [{ price: lay, size: 100_000 }],
  });
  await step({
    kind: 'prices',
    marketId: `1.${eventId}`,
    runners: [quote(lions, 2, 2.02), quote(tigers, 2, 2.02)],
  });
  await step({
    kind: 'prices',
    marketId: `${eventId}B`,
    runners: [quote(lions, 45, 110), quote(tigers, 95, 110)],
  });
  await step({
    kind: 'fancy',
    rows: [{ selectionId: `${eventId}-1`, noLine: 49, noRate: 100, yesLine: 50, yesRate: 100 }],
  });
  for (const name of ['shaw', 'Shah', 'zedx1', 'SHANE', 'zed_1', 'shahid']) {
    await createTestClient(database.db, name, 0, clock);
    clock.advance(1000);
  }
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('the client list', () => {
  it('finds usernames by prefix in any case, by username, with the count of every match', async () => {
    const answer = await list('SHA');
    expect(answer.total).toBe(4);
    expect(answer.clients.map((client) => client.username)).toEqual([
      'Shah',
      'shahid',
      'SHANE',
      'shaw',
    ]);
  });

  it('pages with skip and take, the total unchanged', async () => {
    const page = await list('sha', 1, 2);
    expect(page.total).toBe(4);
    expect(page.clients.map((client) => client.username)).toEqual(['shahid', 'SHANE']);
    expect(await list('sha', 4, 2)).toEqual({ total: 4, clients: [] });
  });

  it('lists everyone without a search, and reads _ and % literally', async () => {
    const everyone = await list(undefined);
    expect(everyone.total).toBe(6);
    expect(await list('')).toEqual(everyone);
    expect((await list('zed_')).clients.map((client) => client.username)).toEqual(['zed_1']);
    expect((await list('%')).total).toBe(0);
  });

  it('shows a client never logged in with no login and their wallet empty', async () => {
    const [zed] = (await list('zedx')).clients;
    expect(zed).toEqual({
      clientId: expect.stringMatching(/^\d+$/),
      username: 'zedx1',
      mainBalance: 0,
      creditLimit: 0,
      exposure: 0,
      isBettingLocked: false,
      createdAt: '2026-11-21T10:00:02.000Z',
      lastLoginAt: null,
    });
  });
});

describe('one client', () => {
  let clientId: string;
  let loggedInAt: string;

  beforeAll(async () => {
    clientId = await createTestClient(database.db, 'punter', 10_000, clock);
    clock.advance(60_000);
    loggedInAt = clock.now().toISOString();
    const { Token: token } = await login(app, 'punter');
    clock.advance(1000);
    await placed(token, { Odds: 2, Stack: 1000 });
    clock.advance(1000);
    await placed(token, {
      MarketType: 'BOOKMAKER',
      MarketId: `${eventId}B`,
      Odds: 45,
      Stack: 500,
    });
    clock.advance(1000);
    await placed(token, {
      MarketType: 'FANCY',
      MarketId: String(eventId),
      SelectionID: `${eventId}-1`,
      SelectionName: '6 over runs Lions',
      BetType: 'Yes',
      Odds: 50,
      Price: 100,
      Stack: 100,
    });
    clock.advance(1000);
    // The bookmaker back on Lions loses its 500.
    await ops('declare-result', { marketId: `${eventId}B`, winnerSelectionId: tigers });
  });

  it('shows the wallet, the last login and the betting lock', async () => {
    const { client } = await detail(clientId);
    expect(client).toEqual({
      clientId,
      username: 'punter',
      // 10,000 credit − 500 lost − 1,000 and 100 held.
      mainBalance: 8400,
      creditLimit: 10_000,
      exposure: 1100,
      isBettingLocked: false,
      createdAt: expect.any(String),
      lastLoginAt: loggedInAt,
    });
    await database.db
      .updateTable('clients')
      .set({ betting_locked_at: clock.now() })
      .where('id', '=', clientId)
      .execute();
    expect((await detail(clientId)).client.isBettingLocked).toBe(true);
    expect((await list('punt')).clients[0]?.isBettingLocked).toBe(true);
  });

  it('lists the open positions, largest exposure first, with their events', async () => {
    expect((await detail(clientId)).positions).toEqual([
      { eventName: 'Lions v Tigers', positionKey: `1.${eventId}`, exposure: 1000 },
      { eventName: 'Lions v Tigers', positionKey: `${eventId}-1`, exposure: 100 },
    ]);
  });

  it('lists the statement newest first, with the balance after each row and its kind', async () => {
    expect((await detail(clientId)).statement).toEqual([
      {
        at: expect.any(String),
        amount: -500,
        balance: 9500,
        kind: 'settlement',
        remark: expect.any(String),
      },
      {
        at: expect.any(String),
        amount: 10_000,
        balance: 10_000,
        kind: 'credit',
        remark: 'Test credit',
      },
    ]);
  });

  it('lists the bets newest first, with the result of a settled one', async () => {
    expect((await detail(clientId)).bets).toEqual([
      {
        betId: expect.stringMatching(/^\d+$/),
        placedAt: expect.any(String),
        eventName: 'Lions v Tigers',
        market: '6 over runs Lions',
        selection: '6 over runs Lions',
        side: 'Yes',
        odds: 50,
        stake: 100,
        status: 'Pending',
        result: null,
      },
      {
        betId: expect.stringMatching(/^\d+$/),
        placedAt: expect.any(String),
        eventName: 'Lions v Tigers',
        market: 'Bookmaker',
        selection: 'Lions',
        side: 'Back',
        odds: 45,
        stake: 500,
        status: 'Lost',
        result: -500,
      },
      {
        betId: expect.stringMatching(/^\d+$/),
        placedAt: expect.any(String),
        eventName: 'Lions v Tigers',
        market: 'Match Odds',
        selection: 'Lions',
        side: 'Back',
        odds: 2,
        stake: 1000,
        status: 'Pending',
        result: null,
      },
    ]);
  });

  it('keeps the latest 50 statement rows and bets, their balances chained', async () => {
    const busy = await createTestClient(database.db, 'busy', 0, clock);
    const wallet = createWalletService({ db: database.db, clock, random: systemRandom });
    for (let n = 1; n <= DETAIL_ROWS + 5; n += 1) {
      clock.advance(1000);
      await wallet.transferCredit({
        clientId: busy,
        amount: toPaise(n * 100_00)!,
        remark: `Credit ${n}`,
      });
    }
    const token = (await login(app, 'busy')).Token;
    for (let n = 1; n <= DETAIL_ROWS + 1; n += 1) {
      clock.advance(1000);
      await placed(token, { Odds: 2, Stack: 500 + n });
    }
    const { statement, bets } = await detail(busy);
    expect(statement).toHaveLength(DETAIL_ROWS);
    expect(statement[0]).toMatchObject({ amount: 5500, balance: 154_000, remark: 'Credit 55' });
    expect(statement.at(-1)).toMatchObject({ amount: 600, remark: 'Credit 6' });
    statement.slice(1).forEach((row, index) => {
      const newer = statement[index]!;
      expect(row.balance).toBe(newer.balance - newer.amount);
    });
    expect(bets).toHaveLength(DETAIL_ROWS);
    expect(bets.map((bet) => bet.stake)).toEqual(
      Array.from({ length: DETAIL_ROWS }, (_, index) => 500 + DETAIL_ROWS + 1 - index),
    );
  });

  it('answers nothing for no such client', async () => {
    expect(await clientDetail(database.db, '999999999')).toBeUndefined();
  });
});

describe('positionPlaces', () => {
  it('places a market, a session and a matka market, and answers nothing for a key of any other shape', async () => {
    const mid = (
      await database.db
        .insertInto('matka_markets')
        .values({
          game_id: 1,
          day: '2026-11-21',
          opens_at: clock.now(),
          closes_at: new Date(clock.now().getTime() + 3_600_000),
          updated_at: clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const keys = [
      `1.${eventId}`,
      `${eventId}-1`,
      mid,
      '1.999999',
      '123',
      'casino:nosuchround',
      'x',
    ];
    const places = await positionPlaces(database.db, keys);
    expect(places.map((place) => [place.eventName, place.matkaGame, place.casinoGame])).toEqual([
      ['Lions v Tigers', null, null],
      ['Lions v Tigers', null, null],
      [null, expect.any(String), null],
      [null, null, null],
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ]);
    expect(places.map((place) => place.positionKey)).toEqual(keys);
  });
});

describe('statementKindOf', () => {
  it('reads a row without a market as credit, casino and matka as profit and loss, the rest as settlement', () => {
    expect(statementKindOf(null)).toBe('credit');
    expect(statementKindOf('CASINO')).toBe('profit_loss');
    expect(statementKindOf('MATKA')).toBe('profit_loss');
    expect(statementKindOf('MATCH_ODDS')).toBe('settlement');
    expect(statementKindOf('FANCY')).toBe('settlement');
  });
});

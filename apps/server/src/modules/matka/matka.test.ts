import {
  getMatkaBetResult,
  getMatkaEventMarkets,
  getMatkaMyBets,
  getMatkaProfitLoss,
  placeMatkaBet,
} from '@backlay/contract/matka';
import { boMatkaRollback, boMatkaVoid } from '@backlay/contract/backoffice';
import { hubMessages } from '@backlay/contract/hub';
import { matkaGame, matkaResult } from '@backlay/contract/ops';
import { getAccountStatement } from '@backlay/contract/reports';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestClient,
  login,
  operatorLogin,
  OPS_TOKEN,
  testClock,
} from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { inTransaction } from '../../db/pool.js';
import { systemRandom, type Random } from '../../seams.js';
import { toPaise } from '@backlay/domain';
import { createIdempotency } from '../idempotency/idempotency.service.js';
import { auditMoney, ledgerRows } from '../wallet/wallet.audit.js';
import { createWalletService, readWallet } from '../wallet/wallet.service.js';
import { createMatkaScheduler, MATKA_TICK_MS } from './matka.scheduler.js';
import { MATKA_ANSWERS } from './matka-answers.js';
import { drawMatkaNumber } from './matka-draw.js';
import { createMatkaService } from './matka.service.js';
import type { MatkaChange } from './matka.wire.js';

/** A deterministic Random (xorshift32) for fair-draw tests. */
function seededRandom(seed: number): Random {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  return {
    bytes: (size) => Buffer.from(Array.from({ length: size }, () => next() & 0xff)),
    uuid: () => crypto.randomUUID(),
  };
}

/** An instant given as Asia/Kolkata wall time (UTC+05:30, no DST). */
const ist = (local: string) => new Date(`${local}+05:30`);

// The schedule of migration 0006 (EventId: name, Asia/Kolkata).
const SRIDEVI = 1; // 06:00–11:30
const TIME_BAZAR = 2; // 09:00–13:00
const MILAN_DAY = 3; // 11:00–15:00
const KALYAN = 4; // 13:00–17:30
const SRIDEVI_NIGHT = 5; // 16:00–19:30
const MAIN_BAZAR = 8; // 23:30–06:30 (crosses midnight)

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
let token: string;
let poorToken: string;
/** What the hub was asked to tell one client's connections. */
const toUser: { target: string; payload: unknown }[] = [];
/** The same, with the client, and what it was asked to tell everyone. */
const toClient: { clientId: string; target: string; payload: unknown }[] = [];
const toAll: { target: string; payload: unknown }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db, {
    clock,
    publisher: {
      toAll: (push) => toAll.push(push),
      toGroup: () => {},
      toUser: (clientId, push) => {
        toUser.push(push);
        toClient.push({ clientId, ...push });
      },
    },
  });
  await createTestClient(database.db, 'matka1', 10_000, clock);
  await createTestClient(database.db, 'matka2', 100, clock);
});

/** Logs the two clients in again: sessions expire when the test clock jumps days. */
async function relogin() {
  token = (await login(app, 'matka1')).Token;
  poorToken = (await login(app, 'matka2')).Token;
}

afterAll(async () => {
  await app.close();
  await database.drop();
});

beforeEach(async () => {
  // Day one, 15:30 Asia/Kolkata: Kalyan is open, Sridevi has closed.
  clock.set(ist('2026-11-21T15:30:00'));
  await relogin();
});

async function events() {
  const response = await app.inject({ url: getMatkaEventMarkets.path, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  const body = getMatkaEventMarkets.response.parse(response.json());
  if (!body.Status) throw new Error(body.Result);
  return body.Result;
}

async function midOf(eventId: number) {
  const event = (await events()).find((entry) => entry.EventId === eventId);
  if (!event) throw new Error(`no game ${eventId}`);
  return event.Mid;
}

interface Draft {
  EventId?: number | string;
  TotalAmount?: number;
  SMBets?: { BetNo: string; Amount: number }[];
}

async function place(draft: Draft, as = token, key?: string) {
  const bets = draft.SMBets ?? [{ BetNo: '45', Amount: 100 }];
  const response = await app.inject({
    method: 'POST',
    url: placeMatkaBet.path,
    headers: { ...bearer(as), ...(key ? { 'idempotency-key': key } : {}) },
    payload: {
      SportsId: 6,
      EventName: 'Kalyan',
      EventId: draft.EventId ?? KALYAN,
      TotalAmount: draft.TotalAmount ?? bets.reduce((sum, bet) => sum + bet.Amount, 0),
      SMBets: bets,
    },
  });
  return response;
}

async function placed(draft: Draft, as = token, key?: string) {
  const response = await place(draft, as, key);
  expect(response.statusCode).toBe(200);
  return placeMatkaBet.response.parse(response.json());
}

async function myBets(mid?: number, as = token) {
  const response = await app.inject({
    url: `${getMatkaMyBets.path}?uid=0${mid === undefined ? '' : `&marketId=${mid}`}`,
    headers: bearer(as),
  });
  expect(response.statusCode).toBe(200);
  const body = getMatkaMyBets.response.parse(response.json());
  if (!body.Status) throw new Error(body.Result);
  return body.Result;
}

async function detail(as = token) {
  return (
    await app.inject({ url: '/api/AmountModels/GetBalanceDetail', headers: bearer(as) })
  ).json<{ Result: { CreditLimit: number; PL: number; Exposure: number; MainBalance: number } }>()
    .Result;
}

async function declare(mid: number, result: string) {
  const response = await app.inject({
    method: 'POST',
    url: matkaResult.path,
    headers: bearer(OPS_TOKEN),
    payload: { mid, result },
  });
  expect(response.statusCode).toBe(200);
  return matkaResult.response.parse(response.json());
}

async function betCount(): Promise<number> {
  const row = await database.db
    .selectFrom('matka_bets')
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Money is conserved: the ledger sums to zero, and the exposure held by the wallet totals is the
 * sum of the positions.
 */
async function expectBalanced() {
  const audit = await auditMoney(database.db);
  expect(audit.ledgerTotal).toBe(0n);
  expect(audit.walletExposure).toBe(audit.positionExposure);
}

describe('matka games', () => {
  it('lists every game with its Hindi name and current market, parsed by the contract', async () => {
    const list = await events();
    expect(list).toHaveLength(8);
    const kalyan = list.find((event) => event.EventId === KALYAN);
    expect(kalyan).toMatchObject({
      EventName: 'Kalyan',
      hindi: 'कल्याण',
      isOpen: true,
      StartTime: ist('2026-11-21T13:00:00').toISOString(),
      EndTime: ist('2026-11-21T17:30:00').toISOString(),
    });
    expect(kalyan?.id).toBe(kalyan?.Mid);
    // Sridevi closed at 11:30: its current market is tomorrow's.
    const sridevi = list.find((event) => event.EventId === SRIDEVI);
    expect(sridevi?.isOpen).toBe(false);
    expect(sridevi?.StartTime).toBe(ist('2026-11-22T06:00:00').toISOString());
  });

  it('keeps at least one game open at every hour of the day', async () => {
    clock.set(ist('2026-11-25T00:00:00'));
    await relogin();
    for (let hour = 0; hour < 24; hour += 1) {
      for (const minute of [0, 59]) {
        const hh = String(hour).padStart(2, '0');
        const mm = String(minute).padStart(2, '0');
        clock.set(ist(`2026-11-25T${hh}:${mm}:00`));
        expect((await events()).some((event) => event.isOpen)).toBe(true);
      }
    }
  });

  it('runs a game across midnight on the market of the day it opened', async () => {
    clock.set(ist('2026-11-23T02:00:00'));
    await relogin();
    const main = (await events()).find((event) => event.EventId === MAIN_BAZAR);
    expect(main).toMatchObject({
      isOpen: true,
      StartTime: ist('2026-11-22T23:30:00').toISOString(),
      EndTime: ist('2026-11-23T06:30:00').toISOString(),
    });
  });
});

describe('placing matka bets', () => {
  it('refuses each invalid bet with a clear Result and stores nothing', async () => {
    const before = await betCount();
    const exposureBefore = (await detail()).Exposure;
    const cases: [Draft, string][] = [
      [{ EventId: 999 }, MATKA_ANSWERS.unknownGame],
      [{ EventId: SRIDEVI }, MATKA_ANSWERS.closed],
      [{ SMBets: [{ BetNo: '100', Amount: 10 }] }, MATKA_ANSWERS.badNumber],
      [{ SMBets: [{ BetNo: '7', Amount: 10 }] }, MATKA_ANSWERS.badNumber],
      [{ SMBets: [{ BetNo: 'ab', Amount: 10 }] }, MATKA_ANSWERS.badNumber],
      [{ SMBets: [{ BetNo: '07', Amount: 0 }], TotalAmount: 0 }, MATKA_ANSWERS.badAmount],
      [
        {
          SMBets: [
            { BetNo: '07', Amount: -5 },
            { BetNo: '08', Amount: 15 },
          ],
          TotalAmount: 10,
        },
        MATKA_ANSWERS.badAmount,
      ],
      [{ SMBets: [{ BetNo: '07', Amount: 1.234 }], TotalAmount: 1 }, MATKA_ANSWERS.badAmount],
      [{ SMBets: [{ BetNo: '07', Amount: 10 }], TotalAmount: 20 }, MATKA_ANSWERS.badTotal],
      [{ SMBets: [{ BetNo: '07', Amount: 10.5 }], TotalAmount: 10.5 }, MATKA_ANSWERS.badTotal],
      [{ SMBets: [] }, MATKA_ANSWERS.noBets],
      [{ SMBets: [{ BetNo: '07', Amount: 20_000 }] }, MATKA_ANSWERS.insufficient],
    ];
    toUser.length = 0;
    for (const [draft, message] of cases) {
      expect(await placed(draft), JSON.stringify(draft)).toEqual({
        Status: false,
        Result: message,
      });
    }
    // A refusal moves no money: the wallet is not told to reload.
    expect(toUser).toEqual([]);
    expect(await betCount()).toBe(before);
    expect((await detail()).Exposure).toBe(exposureBefore);
  });

  it('refuses a SportsId other than 6 at the contract (400)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: placeMatkaBet.path,
      headers: bearer(token),
      payload: { SportsId: 4, EventName: 'Kalyan', EventId: KALYAN, TotalAmount: 10, SMBets: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Status: false });
  });

  it('takes bets only between StartTime and EndTime by the server clock', async () => {
    clock.set(ist('2026-11-21T12:59:59'));
    expect(await placed({}, poorToken)).toEqual({ Status: false, Result: MATKA_ANSWERS.closed });
    clock.set(ist('2026-11-21T17:30:00'));
    expect(await placed({}, poorToken)).toEqual({ Status: false, Result: MATKA_ANSWERS.closed });
    clock.set(ist('2026-11-21T13:00:00'));
    expect(await placed({ SMBets: [{ BetNo: '01', Amount: 1 }] }, poorToken)).toEqual({
      Status: true,
      Result: MATKA_ANSWERS.placed,
    });
    clock.set(ist('2026-11-21T17:29:59'));
    expect(await placed({ SMBets: [{ BetNo: '02', Amount: 1 }] }, poorToken)).toEqual({
      Status: true,
      Result: MATKA_ANSWERS.placed,
    });
  });

  it('books a paste of three numbers as three bets adding 300 to the exposure', async () => {
    const mid = await midOf(KALYAN);
    const before = await detail();
    toUser.length = 0;
    expect(
      await placed({
        SMBets: [
          { BetNo: '45', Amount: 100 },
          { BetNo: '46', Amount: 100 },
          { BetNo: '50', Amount: 100 },
        ],
        TotalAmount: 300,
      }),
    ).toEqual({ Status: true, Result: MATKA_ANSWERS.placed });
    // The client's screens reload the wallet at once (README, "Live updates": UpdateBalance).
    expect(toUser).toEqual([{ target: 'UpdateBalance', payload: { Reason: 'matka' } }]);
    const after = await detail();
    expect(after.Exposure - before.Exposure).toBe(300);
    expect(before.MainBalance - after.MainBalance).toBe(300);
    const bets = await myBets(mid);
    expect(bets.map((bet) => bet.betNo).sort()).toEqual(['45', '46', '50']);
    expect(bets[0]).toMatchObject({
      MatchName: 'Kalyan',
      Amount: 100,
      MarketId: mid,
      PL: 0,
      BetStatus: 'Pending',
    });
    expect(bets[0]?.IP_Address).not.toBe('');
    await expectBalanced();
  });

  it('keeps duplicate numbers as separate bets and takes Harup tenths', async () => {
    const mid = await midOf(KALYAN);
    const before = (await myBets(mid)).length;
    expect(
      await placed({
        SMBets: [
          { BetNo: '12', Amount: 10.5 },
          { BetNo: '12', Amount: 10.5 },
          { BetNo: '13', Amount: 9 },
        ],
        TotalAmount: 30,
      }),
    ).toEqual({ Status: true, Result: MATKA_ANSWERS.placed });
    const bets = await myBets(mid);
    expect(bets).toHaveLength(before + 3);
    expect(bets.filter((bet) => bet.betNo === '12').map((bet) => bet.Amount)).toEqual([10.5, 10.5]);
  });

  it('honours the Idempotency-Key: same answer once, another payload 409', async () => {
    const before = await betCount();
    const draft = { SMBets: [{ BetNo: '77', Amount: 5 }] };
    expect(await placed(draft, token, 'matka-key-0001')).toEqual({
      Status: true,
      Result: MATKA_ANSWERS.placed,
    });
    expect(await placed(draft, token, 'matka-key-0001')).toEqual({
      Status: true,
      Result: MATKA_ANSWERS.placed,
    });
    expect(await betCount()).toBe(before + 1);
    const other = await place({ SMBets: [{ BetNo: '78', Amount: 5 }] }, token, 'matka-key-0001');
    expect(other.statusCode).toBe(409);
    expect(await betCount()).toBe(before + 1);
  });
});

describe('the fair draw', () => {
  it('is uniform over 00–99 and deterministic for a seed', () => {
    const random = seededRandom(12345);
    const counts = new Map<string, number>();
    const draws = 200_000;
    for (let i = 0; i < draws; i += 1) {
      const drawn = drawMatkaNumber(random);
      expect(drawn).toMatch(/^\d{2}$/);
      counts.set(drawn, (counts.get(drawn) ?? 0) + 1);
    }
    expect(counts.size).toBe(100);
    const expected = draws / 100;
    let chiSquare = 0;
    for (const count of counts.values()) chiSquare += (count - expected) ** 2 / expected;
    // 99 degrees of freedom: the 0.999 quantile is about 148.
    expect(chiSquare).toBeLessThan(148);
    const a = seededRandom(7);
    const b = seededRandom(7);
    const sequence = (random: Random) => Array.from({ length: 50 }, () => drawMatkaNumber(random));
    expect(sequence(a)).toEqual(sequence(b));
  });

  it('rejects the bytes 200–255 instead of folding them (no modulo bias)', () => {
    const bytes = [250, 199, 200, 0];
    const random: Random = {
      bytes: () => Buffer.from([bytes.shift() ?? 0]),
      uuid: () => crypto.randomUUID(),
    };
    expect(drawMatkaNumber(random)).toBe('99');
    expect(drawMatkaNumber(random)).toBe('00');
  });
});

describe('matka results', () => {
  it('pays a hit 90 × its amount including the stake, others lose; settles once', async () => {
    await createTestClient(database.db, 'matka3', 1_000, clock);
    const player = (await login(app, 'matka3')).Token;
    const mid = await midOf(KALYAN);
    expect(
      await placed(
        {
          SMBets: [
            { BetNo: '45', Amount: 100 },
            { BetNo: '46', Amount: 100 },
            { BetNo: '50', Amount: 100 },
          ],
        },
        player,
      ),
    ).toMatchObject({ Status: true });
    expect((await detail(player)).Exposure).toBe(300);

    const first = await declare(mid, '45');
    expect(first.Status).toBe(true);
    const after = await detail(player);
    // 90 × 100 back on 45 (net +8,900), −100 on 46 and on 50: +8,700.
    expect(after).toMatchObject({ PL: 8_700, Exposure: 0, MainBalance: 9_700 });
    const bets = await myBets(mid, player);
    expect(Object.fromEntries(bets.map((bet) => [bet.betNo, [bet.BetStatus, bet.PL]]))).toEqual({
      '45': ['Settled', 8_900],
      '46': ['Lost', -100],
      '50': ['Lost', -100],
    });

    // Declared twice, then drawn at close: the first result wins and nothing is paid twice.
    expect(await declare(mid, '46')).toMatchObject({ Status: false });
    clock.set(ist('2026-11-21T18:00:00'));
    const service = createMatkaService({
      db: database.db,
      clock,
      random: seededRandom(99),
      idempotency: createIdempotency({ db: database.db, clock }),
      payout: 90,
    });
    await service.tick();
    expect((await detail(player)).PL).toBe(8_700);
    const rows = await ledgerRows(database.db, { marketId: String(mid) });
    expect(rows.filter((row) => row.amountPaise === 870_000n)).toHaveLength(1);
    expect(rows.every((row) => row.kind === 'profit_loss' && row.marketType === 'MATKA')).toBe(
      true,
    );

    // The result list, the P/L and the statement (type ProfitLoss).
    const results = getMatkaBetResult.response.parse(
      (await app.inject({ url: getMatkaBetResult.path, headers: bearer(player) })).json(),
    );
    expect(results.Status && results.Result.find((row) => row.MarketId === mid)).toMatchObject({
      MarketName: 'Kalyan',
      Result: '45',
    });
    const pl = getMatkaProfitLoss.response.parse(
      (
        await app.inject({
          url: `${getMatkaProfitLoss.path}?skipRec=0&psize=10&startDate=2026-11-21&endDate=2026-11-21&sportsId=6`,
          headers: bearer(player),
        })
      ).json(),
    );
    expect(pl).toMatchObject({
      Status: true,
      count: 1,
      Result: [{ MarketId: mid, MarketName: 'Kalyan', Result: '45', Amount: 8_700 }],
    });
    const statement = getAccountStatement.response.parse(
      (
        await app.inject({
          url: `${getAccountStatement.path}?type=ProfitLoss&startDate=2026-11-21&endDate=2026-11-21`,
          headers: bearer(player),
        })
      ).json(),
    );
    expect(statement.Status && statement.Result.map((row) => row.Amount)).toEqual([8_700]);
    await expectBalanced();
  });

  it('draws at close with the injected Random, then refuses a later declaration', async () => {
    clock.set(ist('2026-11-22T14:00:00'));
    await relogin();
    const mid = await midOf(KALYAN);
    await createTestClient(database.db, 'matka4', 1_000, clock);
    const player = (await login(app, 'matka4')).Token;
    const numbers = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
    // One rupee on every number: exactly one hits, whatever the draw.
    expect(
      await placed({ SMBets: numbers.map((BetNo) => ({ BetNo, Amount: 1 })) }, player),
    ).toMatchObject({ Status: true });
    expect((await detail(player)).Exposure).toBe(100);

    const serviceWith = (random: Random) =>
      createMatkaService({
        db: database.db,
        clock,
        random,
        idempotency: createIdempotency({ db: database.db, clock }),
        payout: 90,
      });
    clock.set(ist('2026-11-22T17:29:59'));
    expect((await serviceWith(seededRandom(1)).tick()).drawn).not.toContain(String(mid));
    // At the close only this market is due: its result is the seeded Random's first draw.
    const expected = drawMatkaNumber(seededRandom(2024));
    clock.set(ist('2026-11-22T17:30:00'));
    expect((await serviceWith(seededRandom(2024)).tick()).drawn).toEqual([String(mid)]);
    const market = await database.db
      .selectFrom('matka_markets')
      .select(['result', 'result_source'])
      .where('id', '=', String(mid))
      .executeTakeFirstOrThrow();
    expect(market).toEqual({ result: expected, result_source: 'draw' });
    // 90 back on the hit, 99 lost: −10.
    expect(await detail(player)).toMatchObject({ PL: -10, Exposure: 0 });
    expect(await declare(mid, '00')).toMatchObject({ Status: false });
    expect((await detail(player)).PL).toBe(-10);
    await expectBalanced();
  });

  it('draws at the next start a game whose close passed while the server was down', async () => {
    clock.set(ist('2026-11-23T14:00:00'));
    await relogin();
    const mid = await midOf(KALYAN);
    expect(await placed({ SMBets: [{ BetNo: '33', Amount: 10 }] })).toMatchObject({
      Status: true,
    });
    // The server is down from 14:00 to 20:00.
    clock.set(ist('2026-11-23T20:00:00'));
    const logs: string[] = [];
    const scheduler = createMatkaScheduler({
      matka: createMatkaService({
        db: database.db,
        clock,
        random: seededRandom(5),
        idempotency: createIdempotency({ db: database.db, clock }),
        payout: 90,
      }),
      intervalMs: 60_000,
      log: (message) => logs.push(message),
    });
    scheduler.start();
    await scheduler.stop();
    const market = await database.db
      .selectFrom('matka_markets')
      .select(['result', 'result_source'])
      .where('id', '=', String(mid))
      .executeTakeFirstOrThrow();
    expect(market.result).toMatch(/^\d{2}$/);
    expect(market.result_source).toBe('draw');
    expect((await myBets(mid))[0]?.BetStatus).not.toBe('Pending');
    expect(logs.join('\n')).toContain(String(mid));
    await expectBalanced();
  });

  it('answers an unknown Mid with a refusal', async () => {
    expect(await declare(987_654, '12')).toEqual({
      Status: false,
      Result: MATKA_ANSWERS.unknownMarket,
    });
  });
});

/** The service as the operator's console (and the scheduler) call it. */
const operatorMatka = (random: Random = seededRandom(31)) =>
  createMatkaService({
    db: database.db,
    clock,
    random,
    idempotency: createIdempotency({ db: database.db, clock }),
    payout: 90,
  });

/** A new client with `credit` rupees, logged in: their id and token. */
async function bettor(username: string, credit: number) {
  const clientId = await createTestClient(database.db, username, credit, clock);
  return { clientId, token: (await login(app, username)).Token };
}

/** Places bets that must be taken. */
async function bet(draft: Draft, as: string) {
  expect(await placed(draft, as)).toEqual({ Status: true, Result: MATKA_ANSWERS.placed });
}

/** The client's wallet in exact paise. */
async function paiseOf(clientId: string) {
  const wallet = await readWallet(database.db, clientId);
  return { pl: wallet.pl, exposure: wallet.exposure, main: wallet.mainBalance };
}

async function betRows(mid: number) {
  return database.db
    .selectFrom('matka_bets')
    .select(['client_id', 'bet_no', 'status', 'pl_paise', 'void_reason'])
    .where('market_id', '=', String(mid))
    .orderBy('id')
    .execute();
}

async function marketRow(mid: number) {
  return database.db
    .selectFrom('matka_markets')
    .select(['result', 'result_source', 'void_reason', 'rollback_reason'])
    .where('id', '=', String(mid))
    .executeTakeFirstOrThrow();
}

/** The sum of a client's ledger rows for one market, in paise. */
async function ledgerNet(clientId: string, mid: number) {
  const rows = await ledgerRows(database.db, { clientId, marketId: String(mid) });
  return rows.reduce((sum, row) => sum + row.amountPaise, 0n);
}

describe("an operator's void of a matka market", () => {
  it('returns every open stake: bets Voided with P/L 0, no ledger row, no more bets', async () => {
    clock.set(ist('2026-11-27T14:00:00'));
    await relogin();
    const mid = await midOf(KALYAN);
    const one = await bettor('mvoid1', 1_000);
    const two = await bettor('mvoid2', 500);
    await bet(
      {
        SMBets: [
          { BetNo: '45', Amount: 99.75 },
          { BetNo: '46', Amount: 50.25 },
        ],
        TotalAmount: 150,
      },
      one.token,
    );
    await bet({ SMBets: [{ BetNo: '45', Amount: 200 }] }, two.token);
    expect(await paiseOf(one.clientId)).toEqual({ pl: 0n, exposure: 150_00n, main: 850_00n });
    expect(await paiseOf(two.clientId)).toEqual({ pl: 0n, exposure: 200_00n, main: 300_00n });

    const matka = operatorMatka();
    const outcome = await matka.voidMarket(String(mid), 'Result feed lost');
    expect(outcome).toEqual({
      ok: true,
      message: `Voided Kalyan (Mid ${mid}): 3 bets of 2 clients, stakes ₹ 350.00 returned`,
      before: {
        mid: String(mid),
        status: 'open',
        result: null,
        bets: 3,
        stakedPaise: '35000',
        pendingPaise: '35000',
        clientsNetPaise: '0',
      },
      after: {
        mid: String(mid),
        status: 'voided',
        result: null,
        voidReason: 'Result feed lost',
        bets: 3,
        stakedPaise: '35000',
        pendingPaise: '0',
        clientsNetPaise: '0',
        releasedPaise: '35000',
      },
    });
    expect(await paiseOf(one.clientId)).toEqual({ pl: 0n, exposure: 0n, main: 1_000_00n });
    expect(await paiseOf(two.clientId)).toEqual({ pl: 0n, exposure: 0n, main: 500_00n });
    expect((await betRows(mid)).map((bet) => [bet.status, bet.pl_paise, bet.void_reason])).toEqual(
      Array.from({ length: 3 }, () => ['Voided', '0', 'Result feed lost']),
    );
    expect(await ledgerRows(database.db, { marketId: String(mid) })).toEqual([]);
    // The bettor's history shows the stake back: Settled with P/L 0 (docs/product.md#entities has no Voided).
    expect((await myBets(mid, one.token)).map((bet) => [bet.BetStatus, bet.PL])).toEqual([
      ['Settled', 0],
      ['Settled', 0],
    ]);

    // Still within its hours, the market takes no more bets and is no longer Kalyan's current one.
    expect(await placed({}, one.token)).toEqual({ Status: false, Result: MATKA_ANSWERS.closed });
    expect(await midOf(KALYAN)).not.toBe(mid);
    expect(await matka.voidMarket(String(mid), 'again')).toMatchObject({
      ok: false,
      message: `Kalyan (Mid ${mid}) was voided already`,
    });
    expect(await declare(mid, '45')).toEqual({
      Status: false,
      Result: `Kalyan (Mid ${mid}) was voided: roll the void back first`,
    });
    clock.set(ist('2026-11-27T18:00:00'));
    expect((await operatorMatka().tick()).drawn).not.toContain(String(mid));
    expect(await marketRow(mid)).toEqual({
      result: null,
      result_source: null,
      void_reason: 'Result feed lost',
      rollback_reason: null,
    });
    const recent = await matka.recentMarkets();
    expect(recent.find((market) => market.mid === String(mid))).toEqual({
      mid: String(mid),
      game: 'Kalyan',
      openAt: ist('2026-11-27T13:00:00'),
      closeAt: ist('2026-11-27T17:30:00'),
      status: 'voided',
      result: null,
      bets: 3,
      stakedPaise: 350_00n,
    });
    expect(recent.map((market) => market.openAt.getTime())).toEqual(
      recent.map((market) => market.openAt.getTime()).sort((a, b) => b - a),
    );
    expect(await paiseOf(one.clientId)).toEqual({ pl: 0n, exposure: 0n, main: 1_000_00n });
    await expectBalanced();
  });

  it('refuses a settled market (roll back its result first), an unknown one, and no reason', async () => {
    clock.set(ist('2026-11-27T15:00:00'));
    await relogin();
    const mid = await midOf(SRIDEVI + 2); // Milan Day, 11:00–15:00 … its next market
    const matka = operatorMatka();
    expect(await matka.voidMarket(String(mid), ' ')).toEqual({
      ok: false,
      message: MATKA_ANSWERS.noReason,
    });
    expect(await matka.voidMarket('987654', 'gone')).toEqual({
      ok: false,
      message: MATKA_ANSWERS.unknownMarket,
    });
    expect(await matka.rollback(String(mid), 'nothing to undo')).toMatchObject({
      ok: false,
      message: `Milan Day (Mid ${mid}) has no result or void to roll back`,
    });
    expect(await declare(mid, '07')).toMatchObject({ Status: true });
    expect(await matka.voidMarket(String(mid), 'too late')).toMatchObject({
      ok: false,
      message: `Milan Day (Mid ${mid}) is settled with 07: roll back its result first`,
      before: { status: 'settled', result: '07' },
    });
    expect(await matka.declare(String(mid), '7')).toEqual({
      ok: false,
      message: MATKA_ANSWERS.badResult,
    });
  });
});

describe("an operator's rollback of a matka result", () => {
  it('pays exactly once net across declare → rollback → declare, in exact paise', async () => {
    clock.set(ist('2026-11-28T14:00:00'));
    await relogin();
    const mid = await midOf(KALYAN);
    const one = await bettor('mroll1', 1_000);
    const two = await bettor('mroll2', 1_000);
    await bet(
      {
        SMBets: [
          { BetNo: '45', Amount: 10.25 },
          { BetNo: '46', Amount: 9.75 },
        ],
        TotalAmount: 20,
      },
      one.token,
    );
    await bet({ SMBets: [{ BetNo: '46', Amount: 30 }] }, two.token);

    expect(await declare(mid, '45')).toMatchObject({ Status: true });
    // 45 hits: 89 × 10.25 = 912.25; 46 loses 9.75.
    expect(await paiseOf(one.clientId)).toEqual({ pl: 902_50n, exposure: 0n, main: 1_902_50n });
    expect(await paiseOf(two.clientId)).toEqual({ pl: -30_00n, exposure: 0n, main: 970_00n });

    const matka = operatorMatka();
    const rolled = await matka.rollback(String(mid), 'Wrong number keyed');
    expect(rolled).toEqual({
      ok: true,
      message: `Rolled back Kalyan (Mid ${mid}) (was 45): 3 bets of 2 clients Pending again; only an operator's declaration settles it now`,
      before: {
        mid: String(mid),
        status: 'settled',
        result: '45',
        bets: 3,
        stakedPaise: '5000',
        pendingPaise: '0',
        clientsNetPaise: '87250',
      },
      after: {
        mid: String(mid),
        status: 'rolled back',
        result: null,
        rollbackReason: 'Wrong number keyed',
        bets: 3,
        stakedPaise: '5000',
        pendingPaise: '5000',
        clientsNetPaise: '0',
        reversedPaise: '87250',
      },
    });
    // The result undone and the stakes held again.
    expect(await paiseOf(one.clientId)).toEqual({ pl: 0n, exposure: 20_00n, main: 980_00n });
    expect(await paiseOf(two.clientId)).toEqual({ pl: 0n, exposure: 30_00n, main: 970_00n });
    expect((await betRows(mid)).map((bet) => [bet.status, bet.pl_paise])).toEqual([
      ['Pending', null],
      ['Pending', null],
      ['Pending', null],
    ]);
    // Append-only: the first result's rows stay, each undone by its opposite.
    const afterRollback = await ledgerRows(database.db, { marketId: String(mid) });
    expect(
      afterRollback
        .filter((row) => row.clientId !== null)
        .map((row) => [row.username, row.amountPaise, row.remark]),
    ).toEqual([
      ['mroll1', 902_50n, 'Matka Kalyan result 45'],
      ['mroll2', -30_00n, 'Matka Kalyan result 45'],
      ['mroll1', -902_50n, 'Matka Kalyan result 45 rolled back: Wrong number keyed'],
      ['mroll2', 30_00n, 'Matka Kalyan result 45 rolled back: Wrong number keyed'],
    ]);
    expect(await matka.rollback(String(mid), 'twice')).toMatchObject({ ok: false });

    // The draw at close leaves it to the operator.
    clock.set(ist('2026-11-28T18:00:00'));
    await relogin();
    expect((await operatorMatka(seededRandom(77)).tick()).drawn).not.toContain(String(mid));
    expect(await marketRow(mid)).toEqual({
      result: null,
      result_source: null,
      void_reason: null,
      rollback_reason: 'Wrong number keyed',
    });
    expect(
      (await matka.recentMarkets()).find((market) => market.mid === String(mid)),
    ).toMatchObject({
      status: 'rolled back',
      result: null,
      bets: 3,
      stakedPaise: 50_00n,
    });

    expect(await declare(mid, '46')).toMatchObject({ Status: true });
    // 46 hits: mroll1 −10.25 + 89 × 9.75 = 857.50; mroll2 89 × 30 = 2,670.
    expect(await paiseOf(one.clientId)).toEqual({ pl: 857_50n, exposure: 0n, main: 1_857_50n });
    expect(await paiseOf(two.clientId)).toEqual({ pl: 2_670_00n, exposure: 0n, main: 3_670_00n });
    expect(await ledgerNet(one.clientId, mid)).toBe(857_50n);
    expect(await ledgerNet(two.clientId, mid)).toBe(2_670_00n);
    expect(await declare(mid, '45')).toMatchObject({ Status: false });
    expect(await marketRow(mid)).toMatchObject({ result: '46', result_source: 'operator' });
    expect(
      Object.fromEntries(
        (await myBets(mid, one.token)).map((bet) => [bet.betNo, [bet.BetStatus, bet.PL]]),
      ),
    ).toEqual({ '45': ['Lost', -10.25], '46': ['Settled', 867.75] });
    const pl = getMatkaProfitLoss.response.parse(
      (
        await app.inject({
          url: `${getMatkaProfitLoss.path}?skipRec=0&psize=10&startDate=2026-11-28&endDate=2026-11-28&sportsId=6`,
          headers: bearer(one.token),
        })
      ).json(),
    );
    expect(pl).toMatchObject({
      Status: true,
      count: 1,
      Result: [{ MarketId: mid, Result: '46', Amount: 857.5 }],
    });
    await expectBalanced();
  });

  it('rolls back a void: stakes held again even past the main balance, then only a declaration settles it', async () => {
    clock.set(ist('2026-11-29T14:00:00'));
    await relogin();
    const mid = await midOf(KALYAN);
    const player = await bettor('mrvoid', 100);
    await bet({ SMBets: [{ BetNo: '45', Amount: 100 }] }, player.token);
    const matka = operatorMatka();
    expect((await matka.voidMarket(String(mid), 'Suspected leak')).ok).toBe(true);
    expect(await paiseOf(player.clientId)).toEqual({ pl: 0n, exposure: 0n, main: 100_00n });
    // The freed balance is taken away meanwhile: the rollback holds the stake anyway.
    const wallet = createWalletService({ db: database.db, clock, random: systemRandom });
    const taken = await wallet.transferCredit({
      clientId: player.clientId,
      amount: toPaise(-60_00)!,
      remark: 'withdrawal',
    });
    expect(taken.kind).toBe('done');

    const told: (() => void)[] = [];
    const rolled = await inTransaction(database.db, (tx) =>
      matka.rollbackIn(tx, String(mid), 'Leak not confirmed', (hook) => told.push(hook)),
    );
    // On the caller's transaction, its pushes wait for the caller's commit.
    expect(told).toHaveLength(1);
    expect(rolled).toMatchObject({
      ok: true,
      before: { status: 'voided', pendingPaise: '0' },
      after: { status: 'rolled back', pendingPaise: '10000', reversedPaise: '0' },
    });
    expect(await paiseOf(player.clientId)).toEqual({ pl: 0n, exposure: 100_00n, main: -60_00n });
    expect(await ledgerRows(database.db, { marketId: String(mid) })).toEqual([]);
    expect((await betRows(mid)).map((bet) => [bet.status, bet.pl_paise, bet.void_reason])).toEqual([
      ['Pending', null, null],
    ]);
    // Within its hours, a rolled back market takes no bets.
    expect(await placed({}, player.token)).toEqual({ Status: false, Result: MATKA_ANSWERS.closed });

    // Days later the draw has still not touched it, and the console still lists it.
    clock.set(ist('2026-12-04T12:00:00'));
    await relogin();
    expect((await operatorMatka(seededRandom(3)).tick()).drawn).not.toContain(String(mid));
    expect(
      (await matka.recentMarkets()).find((market) => market.mid === String(mid)),
    ).toMatchObject({
      status: 'rolled back',
    });
    const declared = await inTransaction(database.db, (tx) =>
      matka.declareIn(tx, String(mid), '45', () => {}),
    );
    expect(declared).toMatchObject({
      ok: true,
      before: { status: 'rolled back' },
      after: { status: 'settled', result: '45', clientsNetPaise: '890000' },
    });
    expect(await paiseOf(player.clientId)).toEqual({
      pl: 8_900_00n,
      exposure: 0n,
      main: 8_940_00n,
    });
    expect(await ledgerNet(player.clientId, mid)).toBe(8_900_00n);
    expect((await matka.recentMarkets(1)).some((market) => market.mid === String(mid))).toBe(false);
    await expectBalanced();
  });

  it('pays once when declarations, voids and rollbacks of one market race', async () => {
    clock.set(ist('2026-12-10T14:00:00'));
    await relogin();
    const mid = String(await midOf(KALYAN));
    const player = await bettor('mrace', 1_000);
    await bet(
      {
        SMBets: [
          { BetNo: '12', Amount: 10 },
          { BetNo: '34', Amount: 20 },
        ],
        TotalAmount: 30,
      },
      player.token,
    );
    const matka = operatorMatka();
    const outcomes = await Promise.all([
      matka.declare(mid, '12'),
      matka.rollback(mid, 'race'),
      matka.declare(mid, '34'),
      matka.voidMarket(mid, 'race'),
      matka.rollback(mid, 'race'),
      matka.declare(mid, '12'),
    ]);
    expect(outcomes.some((outcome) => outcome.ok)).toBe(true);
    const market = await marketRow(Number(mid));
    const wallet = await paiseOf(player.clientId);
    const expected =
      market.result === '12'
        ? { pl: 89n * 10_00n - 20_00n, exposure: 0n }
        : market.result === '34'
          ? { pl: 89n * 20_00n - 10_00n, exposure: 0n }
          : market.void_reason !== null
            ? { pl: 0n, exposure: 0n }
            : { pl: 0n, exposure: 30_00n };
    expect(wallet).toEqual({ ...expected, main: 1_000_00n + expected.pl - expected.exposure });
    expect(await ledgerNet(player.clientId, Number(mid))).toBe(expected.pl);
    await expectBalanced();
  });
});

/** What a service's listeners heard, in order: everyone's MatkaChanged, a client's UpdateBalance. */
type Heard = ['MatkaChanged', MatkaChange] | ['UpdateBalance', string];

/** The service as main.ts wires it, its listeners recording into `heard`. */
const liveMatka = (heard: Heard[], random: Random = seededRandom(41)) =>
  createMatkaService({
    db: database.db,
    clock,
    random,
    idempotency: createIdempotency({ db: database.db, clock }),
    payout: 90,
    onChanged: (change) => heard.push(['MatkaChanged', hubMessages.MatkaChanged.parse(change)]),
    onBalanceChanged: (clientId) => heard.push(['UpdateBalance', clientId]),
  });

/** The MatkaChanged of a market. */
const change = (
  EventId: number,
  Mid: number,
  Status: MatkaChange['Status'],
  EndTime: string,
  Result: string | null = null,
): MatkaChange => ({ EventId, Mid, Status, Result, EndTime: ist(EndTime).toISOString() });

/** The MatkaChanged a service's listeners heard, in order. */
const changes = (heard: Heard[]) =>
  heard.flatMap((entry) => (entry[0] === 'MatkaChanged' ? [entry[1]] : []));

const later = (at: string, ms: number) => new Date(ist(at).getTime() + ms);

describe('matka changes over the hub (MatkaChanged, UpdateBalance)', () => {
  it("tells everyone each market's open and close by the clock, and its draw to its bettors", async () => {
    clock.set(ist('2027-01-05T12:00:00'));
    await relogin();
    const heard: Heard[] = [];
    const matka = liveMatka(heard);
    const timeBazar = await midOf(TIME_BAZAR);
    const milanDay = await midOf(MILAN_DAY);
    const kalyan = await midOf(KALYAN);
    // A process's first pass tells every open market (and draws every due one).
    const first = await matka.tick();
    expect(first.opened).toEqual([String(timeBazar), String(milanDay)]);
    expect(changes(heard).filter((told) => told.Status === 'open')).toEqual([
      change(TIME_BAZAR, timeBazar, 'open', '2027-01-05T13:00:00'),
      change(MILAN_DAY, milanDay, 'open', '2027-01-05T15:00:00'),
    ]);

    // Then only what changed since the last pass.
    heard.length = 0;
    clock.set(ist('2027-01-05T12:59:59'));
    expect(await matka.tick()).toEqual({ opened: [], closed: [], drawn: [] });
    expect(heard).toEqual([]);
    clock.set(later('2027-01-05T13:00:00', 400));
    expect(await matka.tick()).toEqual({
      opened: [String(kalyan)],
      closed: [String(timeBazar)],
      drawn: [String(timeBazar)],
    });
    const drawn = (await marketRow(timeBazar)).result;
    expect(drawn).toMatch(/^\d{2}$/);
    // No bets on Time Bazar: no wallet to reload.
    expect(heard).toEqual([
      ['MatkaChanged', change(KALYAN, kalyan, 'open', '2027-01-05T17:30:00')],
      ['MatkaChanged', change(TIME_BAZAR, timeBazar, 'closed', '2027-01-05T13:00:00')],
      ['MatkaChanged', change(TIME_BAZAR, timeBazar, 'settled', '2027-01-05T13:00:00', drawn)],
    ]);

    clock.set(ist('2027-01-05T14:00:00'));
    const one = await bettor('mlive1', 1_000);
    const two = await bettor('mlive2', 1_000);
    await bettor('mlive0', 1_000); // no bet: hears no UpdateBalance
    await bet({ SMBets: [{ BetNo: '45', Amount: 10 }] }, one.token);
    await bet(
      {
        SMBets: [
          { BetNo: '46', Amount: 5 },
          { BetNo: '47', Amount: 5 },
        ],
      },
      two.token,
    );
    await bet({ SMBets: [{ BetNo: '48', Amount: 1 }] }, one.token);

    // A pass long after the last one notices every open and close in between.
    heard.length = 0;
    clock.set(ist('2027-01-05T17:29:59'));
    const srideviNight = (await events()).find((event) => event.EventId === SRIDEVI_NIGHT)?.Mid;
    expect(await matka.tick()).toEqual({
      opened: [String(srideviNight)],
      closed: [String(milanDay)],
      drawn: [String(milanDay)],
    });

    // Kalyan's close is told at the first pass after its EndTime, its result once committed, and
    // each of its two bettors' wallets once.
    heard.length = 0;
    clock.set(later('2027-01-05T17:30:00', 400));
    expect(await matka.tick()).toEqual({
      opened: [],
      closed: [String(kalyan)],
      drawn: [String(kalyan)],
    });
    const result = (await marketRow(kalyan)).result;
    expect(heard).toEqual([
      ['MatkaChanged', change(KALYAN, kalyan, 'closed', '2027-01-05T17:30:00')],
      ['MatkaChanged', change(KALYAN, kalyan, 'settled', '2027-01-05T17:30:00', result)],
      ['UpdateBalance', one.clientId],
      ['UpdateBalance', two.clientId],
    ]);
    expect((await paiseOf(one.clientId)).exposure).toBe(0n);

    // The next pass tells nothing again.
    heard.length = 0;
    clock.set(later('2027-01-05T17:30:01', 400));
    expect(await matka.tick()).toEqual({ opened: [], closed: [], drawn: [] });
    expect(heard).toEqual([]);
    await expectBalanced();
  });

  it('tells a market created already open at the next pass', async () => {
    clock.set(ist('2027-01-06T12:00:00'));
    await relogin();
    const heard: Heard[] = [];
    const matka = liveMatka(heard);
    await matka.tick();
    heard.length = 0;
    // A market that did not exist (a game added, or days without a server) is created open by a
    // bettor's read before the scheduler's next pass.
    const milanDay = await midOf(MILAN_DAY);
    await database.db.deleteFrom('matka_markets').where('id', '=', String(milanDay)).execute();
    clock.set(ist('2027-01-06T12:00:01'));
    const recreated = await midOf(MILAN_DAY);
    expect(recreated).not.toBe(milanDay);
    clock.set(ist('2027-01-06T12:00:02'));
    expect((await matka.tick()).opened).toEqual([String(recreated)]);
    expect(heard).toEqual([
      ['MatkaChanged', change(MILAN_DAY, recreated, 'open', '2027-01-06T15:00:00')],
    ]);
  });

  it('the scheduler tells a close within a tick of its EndTime', async () => {
    // Production ticks each second: a close is told within about a second of the EndTime.
    expect(MATKA_TICK_MS).toBeLessThanOrEqual(1_000);
    clock.set(ist('2027-01-06T17:29:59'));
    await relogin();
    const kalyan = await midOf(KALYAN);
    const heard: Heard[] = [];
    const scheduler = createMatkaScheduler({
      matka: liveMatka(heard),
      intervalMs: 20,
      log: () => {},
    });
    const told = (status: MatkaChange['Status']) =>
      changes(heard).some((told) => told.Mid === kalyan && told.Status === status);
    scheduler.start();
    try {
      await vi.waitFor(() => expect(told('open')).toBe(true), { timeout: 2_000 });
      expect(told('closed')).toBe(false);
      clock.set(later('2027-01-06T17:30:00', 1));
      await vi.waitFor(() => expect(told('settled')).toBe(true), { timeout: 2_000 });
      const result = (await marketRow(kalyan)).result;
      expect(changes(heard).filter((told) => told.Mid === kalyan)).toEqual([
        change(KALYAN, kalyan, 'open', '2027-01-06T17:30:00'),
        change(KALYAN, kalyan, 'closed', '2027-01-06T17:30:00'),
        change(KALYAN, kalyan, 'settled', '2027-01-06T17:30:00', result),
      ]);
    } finally {
      await scheduler.stop();
    }
  });

  it("tells everyone an operator's declaration, void and rollback, and each bettor's wallet, after the commit", async () => {
    clock.set(ist('2027-01-07T14:00:00'));
    await relogin();
    const mid = await midOf(KALYAN);
    const one = await bettor('mlive3', 1_000);
    const two = await bettor('mlive4', 1_000);
    await bettor('mlive5', 1_000); // no bet
    await bet({ SMBets: [{ BetNo: '45', Amount: 10 }] }, one.token);
    await bet({ SMBets: [{ BetNo: '46', Amount: 20 }] }, two.token);
    const risk = await operatorLogin(app, clock, 'mlive-risk', 'risk');
    const backOffice = async (
      endpoint: typeof boMatkaVoid | typeof boMatkaRollback,
      reason: string,
    ) => {
      const response = await app.inject({
        method: 'POST',
        url: endpoint.path,
        headers: bearer(risk.token),
        payload: { mid, reason },
      });
      expect(response.statusCode).toBe(200);
      return endpoint.response.parse(response.json());
    };
    const balances = [one.clientId, two.clientId].map((clientId) => ({
      clientId,
      target: 'UpdateBalance',
      payload: { Reason: 'matka' },
    }));
    const told = (Status: MatkaChange['Status'], Result: string | null = null) => [
      {
        target: 'MatkaChanged',
        payload: change(KALYAN, mid, Status, '2027-01-07T17:30:00', Result),
      },
    ];
    const reset = () => {
      toAll.length = 0;
      toClient.length = 0;
    };

    reset();
    expect(await backOffice(boMatkaVoid, 'Result feed lost')).toMatchObject({ Status: true });
    expect(toAll).toEqual(told('voided'));
    expect(toClient).toEqual(balances);

    reset();
    expect(await backOffice(boMatkaRollback, 'Feed back')).toMatchObject({ Status: true });
    expect(toAll).toEqual(told('rolled back'));
    expect(toClient).toEqual(balances);

    reset();
    expect(await declare(mid, '46')).toMatchObject({ Status: true });
    expect(toAll).toEqual(told('settled', '46'));
    for (const { payload } of toAll) hubMessages.MatkaChanged.parse(payload);
    expect(toClient).toEqual(balances);

    // A refusal changes nothing and tells no one.
    reset();
    expect(await declare(mid, '45')).toMatchObject({ Status: false });
    expect(await backOffice(boMatkaVoid, 'too late')).toMatchObject({ Status: false });
    expect(toAll).toEqual([]);
    expect(toClient).toEqual([]);

    reset();
    expect(await backOffice(boMatkaRollback, 'Wrong number')).toMatchObject({ Status: true });
    expect(toAll).toEqual(told('rolled back'));
    expect(toClient).toEqual(balances);
    await expectBalanced();
  });

  it("tells nothing itself on the caller's transaction, and after the commit in its own", async () => {
    clock.set(ist('2027-01-08T14:00:00'));
    await relogin();
    const mid = String(await midOf(KALYAN));
    const player = await bettor('mlive6', 1_000);
    await bet({ SMBets: [{ BetNo: '12', Amount: 10 }] }, player.token);
    const heard: Heard[] = [];
    const matka = liveMatka(heard);
    // The caller's transaction fails after the void: its hook is never run, no one hears a void.
    const hooks: (() => void)[] = [];
    await expect(
      inTransaction(database.db, async (tx) => {
        expect((await matka.voidMarketIn(tx, mid, 'test', (hook) => hooks.push(hook))).ok).toBe(
          true,
        );
        throw new Error('the action fails after the void');
      }),
    ).rejects.toThrow('the action fails');
    expect(hooks).toHaveLength(1);
    expect(heard).toEqual([]);
    expect((await paiseOf(player.clientId)).exposure).toBe(10_00n);

    const endTime = '2027-01-08T17:30:00';
    expect((await matka.declare(mid, '12')).ok).toBe(true);
    expect((await matka.rollback(mid, 'Wrong game')).ok).toBe(true);
    expect((await matka.voidMarket(mid, 'Game cancelled')).ok).toBe(true);
    expect((await matka.declare(mid, '13')).ok).toBe(false);
    expect(heard).toEqual([
      ['MatkaChanged', change(KALYAN, Number(mid), 'settled', endTime, '12')],
      ['UpdateBalance', player.clientId],
      ['MatkaChanged', change(KALYAN, Number(mid), 'rolled back', endTime)],
      ['UpdateBalance', player.clientId],
      ['MatkaChanged', change(KALYAN, Number(mid), 'voided', endTime)],
      ['UpdateBalance', player.clientId],
    ]);
    await expectBalanced();
  });
});

describe("an operator's new matka game", () => {
  async function addGame(body: object) {
    const response = await app.inject({
      method: 'POST',
      url: matkaGame.path,
      headers: bearer(OPS_TOKEN),
      payload: body,
    });
    return {
      status: response.statusCode,
      body: response.json<{ Status: boolean; Result: string }>(),
    };
  }

  it('joins the daily schedule at once, open between its times, across midnight too', async () => {
    // 15:30 Asia/Kolkata: a game from 15:00 to 16:00 is open now, one from 23:00 to 01:00 opens tonight.
    expect(await addGame({ name: 'Journey Day', opens: '15:00', closes: '16:00' })).toEqual({
      status: 200,
      body: {
        Status: true,
        Result:
          'Added matka game Journey Day (EventId 9), open 15:00 to 16:00 Asia/Kolkata every day',
      },
    });
    expect(
      (await addGame({ name: 'Journey Night', hindi: 'रात', opens: '23:00', closes: '01:00' })).body
        .Status,
    ).toBe(true);
    const list = await events();
    expect(list.find((event) => event.EventName === 'Journey Day')).toMatchObject({
      EventId: 9,
      hindi: 'Journey Day',
      isOpen: true,
      StartTime: ist('2026-11-21T15:00:00').toISOString(),
      EndTime: ist('2026-11-21T16:00:00').toISOString(),
    });
    expect(list.find((event) => event.EventName === 'Journey Night')).toMatchObject({
      EventId: 10,
      hindi: 'रात',
      isOpen: false,
      StartTime: ist('2026-11-21T23:00:00').toISOString(),
      EndTime: ist('2026-11-22T01:00:00').toISOString(),
    });
    // It takes bets like any game.
    await bet({ EventId: 9, TotalAmount: 10, SMBets: [{ BetNo: '07', Amount: 10 }] }, token);
  });

  it('refuses a name taken, a close at its open and a time that is not HH:MM', async () => {
    await addGame({ name: 'Journey Twice', opens: '10:00', closes: '11:00' });
    expect(
      (await addGame({ name: 'Journey Twice', opens: '12:00', closes: '13:00' })).body,
    ).toEqual({ Status: false, Result: 'A matka game named Journey Twice exists' });
    expect(
      (await addGame({ name: 'Journey Still', opens: '12:00', closes: '12:00' })).body,
    ).toEqual({ Status: false, Result: MATKA_ANSWERS.sameMinute });
    const late = await addGame({ name: 'Journey Late', opens: '24:00', closes: '01:00' });
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.body)).toContain('a time of day is HH:MM, from 00:00 to 23:59');
    expect((await events()).map((event) => event.EventName)).not.toContain('Journey Still');
  });
});

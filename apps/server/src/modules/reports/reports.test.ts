import { randomUUID } from 'node:crypto';
import {
  betHistory,
  getFancyBetsOfUser,
  getMarketBetsOfUser,
  getMatchBet,
  profitLoss,
  statement,
} from '@backlay/contract/reports';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { marketIdParse, type MarketType } from '@backlay/domain';
import { inTransaction } from '../../db/pool.js';
import { bearer, buildTestApp, createTestClient, login, testClock } from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { clientAccountId, houseAccountId, postPair } from '../../../test/ledger.js';
import { ledgerRows } from '../wallet/wallet.audit.js';

// Report days are Asia/Kolkata days (docs/decisions.md#api): the app gets REPORT_TZ=Asia/Kolkata, the
// fixtures name instants in IST, and the server's process and database zones play no part.
let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock(); // 2026-11-21T10:00Z = 15:30 IST

/** An instant given as Kolkata wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);

interface Client {
  readonly id: string;
  readonly account: string;
  readonly token: string;
}

async function newClient(name: string): Promise<Client> {
  const id = await createTestClient(database.db, name, 0, clock);
  const account = await clientAccountId(database.db, id);
  if (account === undefined) throw new Error('no account');
  return { id, account, token: (await login(app, name)).Token };
}

async function addEvent(id: number, sportId: number, name: string, home: string) {
  const db = database.db;
  const at = ist('2026-10-01T00:00:00');
  await db
    .insertInto('events')
    .values({
      id,
      sport_id: sportId,
      series_name: 'Report Cup',
      name,
      start_time: at,
      source: 'scripted',
      session_min_stake: 100,
      session_max_stake: 50000,
      created_at: at,
    })
    .execute();
  for (const [suffix, type, marketName] of [
    ['1.', 'MATCH_ODDS', 'Match Odds'],
    ['B', 'BOOKMAKER', 'Bookmaker'],
    ['T', 'TOSS', 'Toss'],
  ] as const) {
    await db
      .insertInto('markets')
      .values({
        id: suffix === '1.' ? `1.${id}` : `${id}${suffix}`,
        event_id: id,
        market_type: type,
        name: marketName,
        min_stake: 100,
        max_stake: 100000,
        created_at: at,
      })
      .execute();
  }
  await db
    .insertInto('fancy_runners')
    .values(
      [1, 2].map((n) => ({
        selection_id: `${id}-${n}`,
        event_id: id,
        name: `${n * 6} over runs ${home}`,
        sort_priority: n,
        created_at: at,
      })),
    )
    .execute();
}

/** One ledger pair with the house, as a money-moving module writes it. */
async function post(
  client: Client,
  entry: {
    kind: 'credit' | 'settlement' | 'profit_loss';
    paise: number;
    at: Date;
    remark: string;
    description?: string;
    eventId?: number;
    marketId?: string;
    marketType?: string;
  },
): Promise<string> {
  const txnId = randomUUID();
  await inTransaction(database.db, async (tx) =>
    postPair(tx, {
      txnId,
      clientAccountId: client.account,
      houseAccountId: await houseAccountId(tx),
      kind: entry.kind,
      amountPaise: BigInt(entry.paise),
      remark: entry.remark,
      description: entry.description ?? '',
      eventId: entry.eventId === undefined ? null : String(entry.eventId),
      marketId: entry.marketId ?? null,
      marketType: entry.marketType ?? null,
      at: entry.at,
    }),
  );
  return txnId;
}

const eventNames = new Map<number, string>();

/** A result for one client as settlement writes it: the ledger pair, the settlement and its line. */
async function settle(
  client: Client,
  result: {
    eventId: number;
    target: string;
    marketType: MarketType;
    grossPaise: number;
    commissionPaise?: number;
    at: Date;
    remark: string;
    epoch?: number;
    state?: 'settled' | 'voided';
    reason?: string;
  },
): Promise<void> {
  const commission = result.commissionPaise ?? 0;
  const net = result.grossPaise - commission;
  const txnId =
    net === 0
      ? null
      : await post(client, {
          kind: 'settlement',
          paise: net,
          at: result.at,
          remark: result.remark,
          description: `${eventNames.get(result.eventId) ?? ''} - ${result.target}`,
          eventId: result.eventId,
          marketId: result.target,
          marketType: result.marketType,
        });
  const epoch = result.epoch ?? 1;
  await database.db
    .insertInto('settlements')
    .values({
      target: result.target,
      event_id: result.eventId,
      market_type: result.marketType,
      state: result.state ?? 'settled',
      result: result.remark,
      epoch,
      reason: result.reason ?? null,
      updated_at: result.at,
    })
    .onConflict((oc) =>
      oc.column('target').doUpdateSet({ state: result.state ?? 'settled', epoch }),
    )
    .execute();
  await database.db
    .insertInto('settlement_lines')
    .values({
      target: result.target,
      epoch,
      client_id: client.id,
      gross_paise: result.grossPaise,
      commission_paise: commission,
      txn_id: txnId,
      created_at: result.at,
    })
    .execute();
}

/** A rollback: the negated pair, the line no longer counting, the settlement rolled back. */
async function rollBack(
  client: Client,
  result: { eventId: number; target: string; marketType: MarketType; netPaise: number; at: Date },
): Promise<void> {
  await post(client, {
    kind: 'settlement',
    paise: -result.netPaise,
    at: result.at,
    remark: 'Rollback: wrong result',
    description: `${eventNames.get(result.eventId) ?? ''} - ${result.target}`,
    eventId: result.eventId,
    marketId: result.target,
    marketType: result.marketType,
  });
  await database.db
    .updateTable('settlement_lines')
    .set({ rolled_back: true })
    .where('target', '=', result.target)
    .where('client_id', '=', client.id)
    .execute();
  await database.db
    .updateTable('settlements')
    .set({ state: 'rolled_back' })
    .where('target', '=', result.target)
    .execute();
}

interface BetSpec {
  eventId: number;
  marketType: MarketType;
  target: string;
  selectionName: string;
  betType: 'Back' | 'Lay' | 'Yes' | 'No';
  odds: number;
  price?: number;
  stake: number;
  profitPaise: number;
  liabilityPaise: number;
  status: 'Pending' | 'Settled' | 'Lost';
  plPaise?: number;
  remark?: string;
  at: Date;
}

async function addBet(client: Client, bet: BetSpec): Promise<void> {
  await database.db
    .insertInto('bets')
    .values({
      client_id: client.id,
      event_id: bet.eventId,
      market_id: bet.marketType === 'FANCY' ? String(bet.eventId) : bet.target,
      market_type: bet.marketType,
      position_key: bet.target,
      selection_id: bet.marketType === 'FANCY' ? bet.target : '1',
      selection_name: bet.selectionName,
      bet_type: bet.betType,
      odds: bet.odds,
      price: bet.price ?? 0,
      stake: bet.stake,
      profit_paise: bet.profitPaise,
      liability_paise: bet.liabilityPaise,
      status: bet.status,
      pl_paise: bet.status === 'Pending' ? null : (bet.plPaise ?? 0),
      remark: bet.remark ?? null,
      created_at: bet.at,
    })
    .execute();
}

async function get(client: Client, url: string) {
  const response = await app.inject({ url, headers: bearer(client.token) });
  return { status: response.statusCode, body: response.json<unknown>() };
}

async function statementOf(client: Client, query: string) {
  const { status, body } = await get(
    client,
    `/api/AccountStatementModels/GetAccountStatement?${query}`,
  );
  expect(status).toBe(200);
  const parsed = statement.parse(body);
  if (!parsed.Status) throw new Error(parsed.Result);
  return parsed;
}

async function profitLossOf(client: Client, query: string) {
  const { status, body } = await get(client, `/api/ProfitLossModels/GetProfitLoss?${query}`);
  expect(status).toBe(200);
  const parsed = profitLoss.parse(body);
  if (!parsed.Status) throw new Error(parsed.Result);
  return parsed;
}

async function betHistoryOf(client: Client, query: string) {
  const { status, body } = await get(client, `/api/UserBetModels/GetBetHistory?${query}`);
  expect(status).toBe(200);
  const parsed = betHistory.parse(body);
  if (!parsed.Status) throw new Error(parsed.Result);
  return parsed;
}

async function matchBetsOf(client: Client, eventId: number) {
  const { status, body } = await get(
    client,
    `/api/UserBetModels/GetMatchBet?marketId=${eventId}&role=Client&uid=${client.id}`,
  );
  expect(status).toBe(200);
  const parsed = getMatchBet.response.parse(body);
  if (!parsed.Status) throw new Error(parsed.Result);
  return parsed.Result;
}

let alice: Client;
let bob: Client;
const LIONS = 3001; // cricket
const REDS = 3002; // soccer
const LIONS_MO = `1.${LIONS}`;
const LIONS_F1 = `${LIONS}-1`;

/**
 * The target's event and market type, from the ids this test gives: `1.<EventId>` its match odds
 * (as the scripted feed mints them), our suffix ids, `<EventId>-<n>` a session.
 */
function targetOf(target: string): { eventId: number; marketType: MarketType } {
  const fancy = /^(\d+)-\d+$/.exec(target);
  if (fancy) return { eventId: Number(fancy[1]), marketType: 'FANCY' };
  const matchOdds = /^1\.(\d+)$/.exec(target);
  if (matchOdds) return { eventId: Number(matchOdds[1]), marketType: 'MATCH_ODDS' };
  const market = marketIdParse(target);
  if (!market) throw new Error(`not a target: ${target}`);
  return { eventId: market.eventId, marketType: market.kind };
}

/**
 * A worked ledger, one row per step (IST wall-clock times, rupees): credit and casino rows,
 * results (gross, commission), rollbacks of a result's net amount.
 */
type LedgerStep =
  | readonly [at: string, kind: 'credit' | 'casino', rupees: number, remark: string]
  | readonly [
      at: string,
      kind: 'result',
      target: string,
      gross: number,
      remark: string,
      fee?: number,
    ]
  | readonly [at: string, kind: 'void', target: string]
  | readonly [at: string, kind: 'rollback', target: string, net: number];

async function playLedger(client: Client, steps: readonly LedgerStep[]): Promise<void> {
  const epochs = new Map<string, number>();
  for (const step of steps) {
    const at = ist(step[0]);
    switch (step[1]) {
      case 'credit':
      case 'casino':
        await post(client, {
          kind: step[1] === 'credit' ? 'credit' : 'profit_loss',
          paise: Math.round(step[2] * 100),
          at,
          remark: step[3],
          ...(step[1] === 'casino' ? { marketType: 'CASINO' } : {}),
        });
        break;
      case 'result':
      case 'void': {
        const epoch = (epochs.get(step[2]) ?? 0) + 1;
        epochs.set(step[2], epoch);
        await settle(client, {
          ...targetOf(step[2]),
          target: step[2],
          at,
          epoch,
          ...(step[1] === 'result'
            ? {
                grossPaise: Math.round(step[3] * 100),
                commissionPaise: Math.round((step[5] ?? 0) * 100),
                remark: step[4],
              }
            : { grossPaise: 0, remark: 'Void', state: 'voided' as const, reason: 'Rain' }),
        });
        break;
      }
      case 'rollback':
        await rollBack(client, {
          ...targetOf(step[2]),
          target: step[2],
          netPaise: Math.round(step[3] * 100),
          at,
        });
        break;
    }
  }
}

/** Bets as rows (IST times, rupees): odds as stored (hundredths, per 100, or the fancy line). */
type BetStep = readonly [
  at: string,
  target: string,
  selection: string,
  side: 'Back' | 'Lay' | 'Yes' | 'No',
  odds: number,
  price: number,
  stake: number,
  profit: number,
  liability: number,
  status: 'Pending' | 'Settled' | 'Lost',
  pl: number | null,
];

async function placeBets(client: Client, steps: readonly BetStep[]): Promise<void> {
  for (const [at, target, name, side, odds, price, stake, profit, liability, status, pl] of steps) {
    await addBet(client, {
      ...targetOf(target),
      target,
      selectionName: name,
      betType: side,
      odds,
      price,
      stake,
      profitPaise: Math.round(profit * 100),
      liabilityPaise: Math.round(liability * 100),
      status,
      plPaise: pl === null ? 0 : Math.round(pl * 100),
      ...(status === 'Settled' && pl === 0 ? { remark: 'Void' } : {}),
      at: ist(at),
    });
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  // Every connection of this database speaks UTC+14: the reports must not depend on it.
  const owner = new pg.Client({ connectionString: database.url });
  await owner.connect();
  await owner.query(`ALTER DATABASE ${database.name} SET timezone TO 'Pacific/Kiritimati'`);
  await owner.end();
  app = await buildTestApp(database.db, { clock });
  alice = await newClient('alice');
  bob = await newClient('bob');
  for (const [id, sport, name, home] of [
    [LIONS, 4, 'Lions v Tigers', 'Lions'],
    [REDS, 1, 'Reds v Blues', 'Reds'],
    [3003, 2, 'Ana v Bea', 'Ana'],
  ] as const) {
    eventNames.set(id, name);
    await addEvent(id, sport, name, home);
  }

  await playLedger(alice, [
    ['2026-11-01T09:00', 'credit', 10_000, 'Opening credit'],
    // The toss is void: no money moves, its bet is Settled with zero P/L.
    ['2026-11-01T18:00', 'void', `${LIONS}T`],
    ['2026-11-02T20:00', 'result', LIONS_MO, 400, 'Match Odds: Lions won', 20],
    ['2026-11-02T21:00', 'result', LIONS_F1, -500, '6 over runs Lions: 52 runs'],
    ['2026-11-03T23:59:59', 'result', `1.${REDS}`, 210, 'Match Odds: Reds won', 10],
    ['2026-11-04T00:00', 'credit', -1000, 'Credit taken'],
    ['2026-11-04T10:00', 'casino', 150.5, 'Casino round 77'],
    ['2026-11-05T12:00', 'result', `${LIONS}B`, 90, 'Bookmaker: Lions won'],
    ['2026-11-05T13:00', 'rollback', `${LIONS}B`, 90],
    ['2026-11-05T14:00', 'result', `${LIONS}B`, -100, 'Bookmaker: Tigers won'],
  ]);
  await placeBets(alice, [
    ['2026-11-02T19:00', LIONS_MO, 'Lions', 'Back', 190, 0, 1000, 900, 1000, 'Settled', 900],
    ['2026-11-02T19:10', LIONS_MO, 'Lions', 'Lay', 210, 0, 500, 500, 550, 'Lost', -550],
    ['2026-11-02T19:20', LIONS_F1, '6 overs', 'Yes', 50, 110, 100, 100, 110, 'Lost', -110],
    ['2026-11-05T11:00', `${LIONS}B`, 'Lions', 'Back', 45, 0, 200, 90, 200, 'Pending', null],
    ['2026-11-03T23:59:59', `1.${REDS}`, 'Reds', 'Back', 150, 0, 500, 250, 500, 'Settled', 250],
    ['2026-11-04T00:00', `${LIONS}T`, 'Lions', 'Back', 195, 0, 500, 475, 500, 'Settled', 0],
    ['2026-11-06T10:00', `${LIONS}-2`, '12 overs', 'No', 80, 100, 100, 100, 100, 'Pending', null],
    // Today in Kolkata (2026-11-21) began at 2026-11-20T18:30Z.
    ['2026-11-21T00:30', LIONS_MO, 'Lions', 'Back', 200, 0, 500, 500, 500, 'Pending', null],
    ['2026-11-20T23:30', LIONS_MO, 'Lions', 'Back', 200, 0, 600, 600, 600, 'Pending', null],
  ]);

  // Bob's rows must never show in Alice's reports; his bookmaker result is rolled back.
  await playLedger(bob, [
    ['2026-11-02T10:00', 'credit', 5000, 'Opening credit'],
    ['2026-11-02T20:00', 'result', LIONS_MO, -400, 'Match Odds: Lions won'],
    ['2026-11-03T10:00', 'result', `${REDS}B`, 50, 'Bookmaker: Reds won'],
    ['2026-11-03T11:00', 'rollback', `${REDS}B`, 50],
  ]);
  await placeBets(bob, [
    ['2026-11-02T19:30', LIONS_MO, 'Lions', 'Lay', 190, 0, 400, 400, 360, 'Lost', -360],
    ['2026-11-03T09:00', `${REDS}B`, 'Reds', 'Back', 50, 0, 100, 50, 100, 'Pending', null],
  ]);
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const aliceAll = 'startDate=2026-11-01&endDate=2026-11-06';

describe('account statement', () => {
  it('lists the rows of the range oldest first with the running balance after each', async () => {
    const answer = await statementOf(
      alice,
      'uid=0&skipRec=0&type=All&psize=10&startDate=2026-11-02&endDate=2026-11-03&sportsId=0',
    );
    expect(answer).toEqual({
      Status: true,
      OpenBalance: 10000,
      CloseBalance: 10080,
      Result: [
        {
          createdOn: '2026-11-02T14:30:00.000Z',
          Amount: 380,
          Balance: 10380,
          Remark: 'Match Odds: Lions won',
          Discription: `Lions v Tigers - 1.${LIONS}`,
          EventId: LIONS,
          MarketType: 'MATCH_ODDS',
          SqlCount: 3,
        },
        {
          createdOn: '2026-11-02T15:30:00.000Z',
          Amount: -500,
          Balance: 9880,
          Remark: '6 over runs Lions: 52 runs',
          Discription: `Lions v Tigers - ${LIONS}-1`,
          EventId: LIONS,
          MarketType: 'FANCY',
        },
        {
          createdOn: '2026-11-03T18:29:59.000Z',
          Amount: 200,
          Balance: 10080,
          Remark: 'Match Odds: Reds won',
          Discription: `Reds v Blues - 1.${REDS}`,
          EventId: REDS,
          MarketType: 'MATCH_ODDS',
        },
      ],
    });
  });

  it('keeps a row at 23:59:59 IST on endDate and leaves out one at 00:00 IST the next day', async () => {
    const third = await statementOf(alice, 'startDate=2026-11-03&endDate=2026-11-03');
    expect(third.Result.map((row) => row.Remark)).toEqual(['Match Odds: Reds won']);
    expect(third.CloseBalance).toBe(10080);
    const fourth = await statementOf(alice, 'startDate=2026-11-04&endDate=2026-11-04');
    expect(fourth.OpenBalance).toBe(10080);
    expect(fourth.Result.map((row) => [row.Remark, row.Amount, row.Balance])).toEqual([
      ['Credit taken', -1000, 9080],
      ['Casino round 77', 150.5, 9230.5],
    ]);
    expect(fourth.Result[0]).toMatchObject({ EventId: null, MarketType: null, Discription: '' });
  });

  it('filters Balance to credit, Settlement to market results and ProfitLoss to casino and matka', async () => {
    const balance = await statementOf(alice, `type=Balance&${aliceAll}`);
    expect(balance.Result.map((row) => [row.Remark, row.Balance])).toEqual([
      ['Opening credit', 10000],
      ['Credit taken', 9000],
    ]);
    expect([balance.OpenBalance, balance.CloseBalance]).toEqual([0, 9000]);

    const settlement = await statementOf(alice, `type=Settlement&${aliceAll}`);
    expect(settlement.Result.map((row) => [row.Amount, row.Balance])).toEqual([
      [380, 380],
      [-500, -120],
      [200, 80],
      [90, 170],
      [-90, 80],
      [-100, -20],
    ]);
    expect(settlement.Result[4]?.Remark).toBe('Rollback: wrong result');
    expect(settlement.CloseBalance).toBe(-20);

    const casino = await statementOf(alice, `type=ProfitLoss&${aliceAll}`);
    expect(casino.Result.map((row) => [row.Remark, row.Amount, row.MarketType])).toEqual([
      ['Casino round 77', 150.5, 'CASINO'],
    ]);
  });

  it('keeps only the rows of events of the chosen sport', async () => {
    const soccer = await statementOf(alice, `sportsId=1&${aliceAll}`);
    expect(soccer.Result.map((row) => row.EventId)).toEqual([REDS]);
    expect([soccer.OpenBalance, soccer.CloseBalance]).toEqual([0, 200]);
    const cricket = await statementOf(alice, `sportsId=4&${aliceAll}`);
    expect(cricket.Result).toHaveLength(5);
    expect(cricket.CloseBalance).toBe(-220);
    const tennis = await statementOf(alice, `sportsId=2&${aliceAll}`);
    expect(tennis).toEqual({ Status: true, Result: [], OpenBalance: 0, CloseBalance: 0 });
  });

  it('pages by skipRec and psize with SqlCount on the first row and the balance running across pages', async () => {
    const first = await statementOf(alice, `psize=4&skipRec=0&${aliceAll}`);
    expect(first.Result.map((row) => row.SqlCount)).toEqual([9, undefined, undefined, undefined]);
    const second = await statementOf(alice, `psize=4&skipRec=4&${aliceAll}`);
    expect(second.Result.map((row) => [row.Amount, row.Balance, row.SqlCount])).toEqual([
      [-1000, 9080, 9],
      [150.5, 9230.5, undefined],
      [90, 9320.5, undefined],
      [-90, 9230.5, undefined],
    ]);
    const last = await statementOf(alice, `psize=4&skipRec=8&${aliceAll}`);
    expect(last.Result.map((row) => [row.Balance, row.SqlCount])).toEqual([[9130.5, 9]]);
    expect(last.CloseBalance).toBe(9130.5);
    const beyond = await statementOf(alice, `psize=4&skipRec=9&${aliceAll}`);
    expect(beyond).toEqual({ Status: true, Result: [], OpenBalance: 0, CloseBalance: 9130.5 });
  });

  it('defaults to the last 7 days of Kolkata, 10 rows per page', async () => {
    const answer = await statementOf(alice, '');
    expect(answer).toEqual({ Status: true, Result: [], OpenBalance: 9130.5, CloseBalance: 9130.5 });
    const wide = await statementOf(alice, 'startDate=2026-10-01&endDate=2026-11-21');
    expect(wide.Result).toHaveLength(9);
  });

  it('answers 400 with a clear Result for a bad date, a reversed or too long range, or a bad page size', async () => {
    for (const [query, message] of [
      ['startDate=2026-11-05&endDate=2026-11-04', 'startDate must not be after endDate'],
      [
        'startDate=2025-01-01&endDate=2026-11-04',
        'A report covers at most 366 days: narrow startDate … endDate',
      ],
      [
        'startDate=2026-02-30&endDate=2026-03-01',
        'Invalid query: startDate: must be a date YYYY-MM-DD',
      ],
      [
        'startDate=2026-11-1&endDate=2026-11-04',
        'Invalid query: startDate: must be a date YYYY-MM-DD',
      ],
      ['psize=101', 'Invalid query: psize: must be 1–100'],
      ['skipRec=-1', 'Invalid query: skipRec: must be a whole number'],
      ['type=Everything', 'Invalid query: type:'],
    ]) {
      const { status, body } = await get(
        alice,
        `/api/AccountStatementModels/GetAccountStatement?${query}`,
      );
      expect(status, query).toBe(400);
      expect(body).toMatchObject({ Status: false });
      expect((body as { Result: string }).Result, query).toContain(message);
    }
  });

  it("refuses another client's uid with 403", async () => {
    const { status, body } = await get(
      alice,
      `/api/AccountStatementModels/GetAccountStatement?uid=${bob.id}`,
    );
    expect(status).toBe(403);
    expect(body).toEqual({ Status: false, Result: 'You may only read your own data' });
  });
});

describe('profit and loss', () => {
  it('sums the settlement rows per event with the commission not rolled back, latest first', async () => {
    const answer = await profitLossOf(
      alice,
      `userId=${alice.id}&skipRec=0&psize=10&${aliceAll}&sportsId=0`,
    );
    expect(answer).toEqual({
      Status: true,
      count: 2,
      Result: [
        {
          Discription: 'Lions v Tigers',
          Amount: -220,
          Commission: 20,
          createdOn: '2026-11-05T08:30:00.000Z',
          EventId: LIONS,
        },
        {
          Discription: 'Reds v Blues',
          Amount: 200,
          Commission: 10,
          createdOn: '2026-11-03T18:29:59.000Z',
          EventId: REDS,
        },
      ],
    });
  });

  it('filters by sport and by Kolkata days', async () => {
    const soccer = await profitLossOf(alice, `sportsId=1&${aliceAll}`);
    expect(soccer.Result.map((row) => row.EventId)).toEqual([REDS]);
    const fifth = await profitLossOf(alice, 'startDate=2026-11-05&endDate=2026-11-05');
    expect(fifth.Result).toEqual([
      {
        Discription: 'Lions v Tigers',
        Amount: -100,
        Commission: 0,
        createdOn: '2026-11-05T08:30:00.000Z',
        EventId: LIONS,
      },
    ]);
    const third = await profitLossOf(alice, 'startDate=2026-11-03&endDate=2026-11-03');
    expect(third.Result.map((row) => row.EventId)).toEqual([REDS]);
    expect((await profitLossOf(alice, 'startDate=2026-11-04&endDate=2026-11-04')).count).toBe(0);
  });

  it('pages the events and keeps the count past the last page', async () => {
    const second = await profitLossOf(alice, `psize=1&skipRec=1&${aliceAll}`);
    expect([second.count, second.Result.map((row) => row.EventId)]).toEqual([2, [REDS]]);
    const beyond = await profitLossOf(alice, `psize=1&skipRec=2&${aliceAll}`);
    expect(beyond).toEqual({ Status: true, Result: [], count: 2 });
  });
});

describe('bet history', () => {
  const all = 'startDate=2026-11-01&endDate=2026-11-06';

  it('lists the bets placed in the range newest first, with their figures in rupees', async () => {
    const answer = await betHistoryOf(alice, `userId=0&sportsId=0&skipRec=0&marketType=0&${all}`);
    expect(answer.count).toBe(7);
    expect(answer.Result.map((row) => row.createdOn)).toEqual([
      '2026-11-06T04:30:00.000Z',
      '2026-11-05T05:30:00.000Z',
      '2026-11-03T18:30:00.000Z',
      '2026-11-03T18:29:59.000Z',
      '2026-11-02T13:50:00.000Z',
      '2026-11-02T13:40:00.000Z',
      '2026-11-02T13:30:00.000Z',
    ]);
    expect(answer.Result).toEqual(
      expect.arrayContaining([
        {
          createdOn: '2026-11-02T13:30:00.000Z',
          MatchName: 'Lions v Tigers',
          SelectionName: 'Lions',
          BetType: 'Back',
          Odds: 1.9,
          Price: 0,
          Stack: 1000,
          BetStatus: 'Settled',
          CancelledOn: null,
          Exposure: 1000,
          ReturnBalance: 900,
          MarketType: 'MATCH_ODDS',
          Role: 'Client',
          Remark: null,
          VoidReason: null,
        },
        {
          createdOn: '2026-11-02T13:40:00.000Z',
          MatchName: 'Lions v Tigers',
          SelectionName: 'Lions',
          BetType: 'Lay',
          Odds: 2.1,
          Price: 0,
          Stack: 500,
          BetStatus: 'Lost',
          CancelledOn: null,
          Exposure: 550,
          ReturnBalance: -550,
          MarketType: 'MATCH_ODDS',
          Role: 'Client',
          Remark: null,
          VoidReason: null,
        },
        {
          createdOn: '2026-11-02T13:50:00.000Z',
          MatchName: 'Lions v Tigers',
          SelectionName: '6 overs',
          BetType: 'Yes',
          Odds: 50,
          Price: 110,
          Stack: 100,
          BetStatus: 'Lost',
          CancelledOn: null,
          Exposure: 110,
          ReturnBalance: -110,
          MarketType: 'FANCY',
          Role: 'Client',
          Remark: null,
          VoidReason: null,
        },
        {
          createdOn: '2026-11-05T05:30:00.000Z',
          MatchName: 'Lions v Tigers',
          SelectionName: 'Lions',
          BetType: 'Back',
          Odds: 45,
          Price: 0,
          Stack: 200,
          BetStatus: 'Pending',
          CancelledOn: null,
          Exposure: 200,
          ReturnBalance: 90,
          MarketType: 'BOOKMAKER',
          Role: 'Client',
          Remark: null,
          VoidReason: null,
        },
        {
          createdOn: '2026-11-03T18:30:00.000Z',
          MatchName: 'Lions v Tigers',
          SelectionName: 'Lions',
          BetType: 'Back',
          Odds: 1.95,
          Price: 0,
          Stack: 500,
          BetStatus: 'Settled',
          CancelledOn: null,
          Exposure: 500,
          ReturnBalance: 0,
          MarketType: 'TOSS',
          Role: 'Client',
          Remark: 'Void',
          VoidReason: 'Rain',
        },
      ]),
    );
  });

  it('reads Settled as every finished bet and MATCH_ODDS as every market but fancy', async () => {
    const settled = await betHistoryOf(alice, `betStatus=Settled&${all}`);
    expect(settled.Result.map((row) => row.BetStatus).sort()).toEqual([
      'Lost',
      'Lost',
      'Settled',
      'Settled',
      'Settled',
    ]);
    const pending = await betHistoryOf(alice, `betStatus=Pending&${all}`);
    expect(pending.Result.map((row) => row.MarketType)).toEqual(['FANCY', 'BOOKMAKER']);
    const nonFancy = await betHistoryOf(alice, `marketType=MATCH_ODDS&${all}`);
    expect(nonFancy.Result.map((row) => row.MarketType).sort()).toEqual([
      'BOOKMAKER',
      'MATCH_ODDS',
      'MATCH_ODDS',
      'MATCH_ODDS',
      'TOSS',
    ]);
    const fancy = await betHistoryOf(alice, `marketType=FANCY&betStatus=Pending&${all}`);
    expect(fancy.Result.map((row) => row.SelectionName)).toEqual(['12 overs']);
    const soccer = await betHistoryOf(alice, `sportsId=1&${all}`);
    expect(soccer.Result.map((row) => row.MatchName)).toEqual(['Reds v Blues']);
  });

  it('keeps a bet at 23:59:59 IST on endDate and leaves out one at 00:00 IST the next day', async () => {
    const third = await betHistoryOf(alice, 'startDate=2026-11-03&endDate=2026-11-03');
    expect(third.Result.map((row) => row.MatchName)).toEqual(['Reds v Blues']);
  });

  it('defaults to today in Kolkata, which began at 18:30 UTC the day before', async () => {
    const today = await betHistoryOf(alice, '');
    expect(today.Result.map((row) => [row.createdOn, row.Stack])).toEqual([
      ['2026-11-20T19:00:00.000Z', 500],
    ]);
  });

  it('pages 10 by default and by psize, with the count past the last page', async () => {
    const first = await betHistoryOf(alice, `psize=3&${all}`);
    expect([first.count, first.Result.length]).toEqual([7, 3]);
    const last = await betHistoryOf(alice, `psize=3&skipRec=6&${all}`);
    expect(last.Result.map((row) => row.createdOn)).toEqual(['2026-11-02T13:30:00.000Z']);
    expect(await betHistoryOf(alice, `skipRec=7&${all}`)).toEqual({
      Status: true,
      Result: [],
      count: 7,
    });
    const wide = await betHistoryOf(alice, 'startDate=2026-11-01&endDate=2026-11-21');
    expect([wide.count, wide.Result.length]).toEqual([9, 9]);
  });
});

describe('match bets, market bets and fancy bets', () => {
  it('gives the result of each settled market and session of an event, with a void market at zero', async () => {
    expect(await matchBetsOf(alice, LIONS)).toEqual([
      {
        MarketName: 'Match Odds',
        marketType: 'MATCH_ODDS',
        profitLoss: 380,
        commission: 20,
        marketId: `1.${LIONS}`,
        userId: Number(alice.id),
        Selectionid: null,
      },
      {
        MarketName: 'Bookmaker',
        marketType: 'BOOKMAKER',
        profitLoss: -100,
        commission: 0,
        marketId: `${LIONS}B`,
        userId: Number(alice.id),
        Selectionid: null,
      },
      {
        MarketName: 'Toss',
        marketType: 'TOSS',
        profitLoss: 0,
        commission: 0,
        marketId: `${LIONS}T`,
        userId: Number(alice.id),
        Selectionid: null,
      },
      {
        MarketName: '6 over runs Lions',
        marketType: 'FANCY',
        profitLoss: -500,
        commission: 0,
        marketId: String(LIONS),
        userId: Number(alice.id),
        Selectionid: `${LIONS}-1`,
      },
    ]);
  });

  it('leaves out a market whose result is rolled back and not declared again', async () => {
    expect(await matchBetsOf(bob, REDS)).toEqual([]);
    expect(await matchBetsOf(bob, LIONS)).toEqual([
      {
        MarketName: 'Match Odds',
        marketType: 'MATCH_ODDS',
        profitLoss: -400,
        commission: 0,
        marketId: `1.${LIONS}`,
        userId: Number(bob.id),
        Selectionid: null,
      },
    ]);
  });

  it("lists the client's bets on a market, newest first, and on one fancy session", async () => {
    const { body } = await get(
      alice,
      `/api/UserBetModels/GetMarketBetsOfUser?marketId=1.${LIONS}&role=Client&userId=${alice.id}`,
    );
    const market = getMarketBetsOfUser.response.parse(body);
    if (!market.Status) throw new Error(market.Result);
    expect(market.Result.map((row) => [row.BetType, row.Stack])).toEqual([
      ['Back', 500],
      ['Back', 600],
      ['Lay', 500],
      ['Back', 1000],
    ]);

    const fancy = getFancyBetsOfUser.response.parse(
      (
        await get(
          alice,
          `/api/UserBetModels/GetFancyBetsOfUser?marketId=${LIONS}&userId=0&selectionId=${LIONS}-1`,
        )
      ).body,
    );
    expect(fancy).toEqual({
      Status: true,
      Result: [
        {
          createdOn: '2026-11-02T13:50:00.000Z',
          MatchName: 'Lions v Tigers',
          SelectionName: '6 overs',
          BetType: 'Yes',
          Odds: 50,
          Price: 110,
          Stack: 100,
          BetStatus: 'Lost',
          CancelledOn: null,
          Exposure: 110,
          ReturnBalance: -110,
          MarketType: 'FANCY',
          Role: 'Client',
          Remark: null,
          VoidReason: null,
        },
      ],
    });
  });

  it('refuses a session of another event and answers an unplayed market with an empty list', async () => {
    const wrong = await get(
      alice,
      `/api/UserBetModels/GetFancyBetsOfUser?marketId=${LIONS}&selectionId=${REDS}-1`,
    );
    expect(wrong).toEqual({
      status: 200,
      body: { Status: false, Result: 'The session is not of this event' },
    });
    const none = await get(alice, `/api/UserBetModels/GetMarketBetsOfUser?marketId=3003B`);
    expect(none).toEqual({ status: 200, body: { Status: true, Result: [] } });
  });

  it('agrees with profit and loss: the markets of an event add up to its P/L', async () => {
    const pl = await profitLossOf(alice, 'startDate=2026-10-01&endDate=2026-11-21');
    for (const event of pl.Result) {
      const markets = await matchBetsOf(alice, event.EventId);
      const sum = (values: number[]) => values.reduce((a, b) => Math.round((a + b) * 100) / 100, 0);
      expect(sum(markets.map((row) => row.profitLoss))).toBe(event.Amount);
      expect(sum(markets.map((row) => row.commission))).toBe(event.Commission);
    }
  });
});

// ------------------------------------------------------------------------------------------
// Every report rebuilt from the raw rows, independently of the server's SQL: a seeded random
// history for one client, Kolkata days computed from the fixed +05:30 offset.

function mulberry32(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const kolkataDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
const rupees = (paise: bigint | number | string) => Number(paise) / 100;

describe('reports rebuilt from the raw rows', () => {
  let carol: Client;
  const EVENTS = [
    [5001, 4],
    [5002, 1],
    [5003, 2],
    [5004, 4],
  ] as const;

  beforeAll(async () => {
    carol = await newClient('carol');
    for (const [id, sport] of EVENTS) {
      eventNames.set(id, `Event ${id}`);
      await addEvent(id, sport, `Event ${id}`, 'Home');
    }
    const random = mulberry32(20261121);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    // Instants from 2026-10-01 to 2026-10-12 IST, often right at a midnight.
    const instant = () => {
      const day = 1 + Math.floor(random() * 12);
      const base = ist(`2026-10-${String(day).padStart(2, '0')}T00:00:00`).getTime();
      const offset = pick([0, 1000, -1000, Math.floor(random() * 86_400_000)]);
      return new Date(base + offset);
    };
    const epochs = new Map<string, number>();
    for (let n = 0; n < 70; n += 1) {
      const kind = pick([
        'credit',
        'settlement',
        'settlement',
        'settlement',
        'profit_loss',
      ] as const);
      const paise = (random() < 0.5 ? -1 : 1) * (1 + Math.floor(random() * 500_000));
      const at = instant();
      if (kind === 'settlement') {
        const [eventId] = pick(EVENTS);
        const [target, marketType] = pick([
          [`1.${eventId}`, 'MATCH_ODDS'],
          [`${eventId}B`, 'BOOKMAKER'],
          [`${eventId}T`, 'TOSS'],
          [`${eventId}-1`, 'FANCY'],
          [`${eventId}-2`, 'FANCY'],
        ] as const);
        const epoch = (epochs.get(target) ?? 0) + 1;
        epochs.set(target, epoch);
        const commission = paise > 0 && random() < 0.5 ? Math.floor(paise / 50) : 0;
        await settle(carol, {
          eventId,
          target,
          marketType,
          grossPaise: paise,
          commissionPaise: commission,
          at,
          remark: `Result ${n}`,
          epoch,
        });
        if (random() < 0.2) {
          await database.db
            .updateTable('settlement_lines')
            .set({ rolled_back: true })
            .where('target', '=', target)
            .where('epoch', '=', epoch)
            .execute();
          if (random() < 0.5) {
            await database.db
              .updateTable('settlements')
              .set({ state: 'rolled_back' })
              .where('target', '=', target)
              .execute();
          }
        }
      } else {
        await post(carol, {
          kind,
          paise,
          at,
          remark: `${kind} ${n}`,
          ...(kind === 'profit_loss' ? { marketType: 'CASINO' } : {}),
        });
      }
    }
    for (let n = 0; n < 45; n += 1) {
      const [eventId] = pick(EVENTS);
      const marketType = pick(['MATCH_ODDS', 'BOOKMAKER', 'TOSS', 'FANCY'] as const);
      const target = {
        MATCH_ODDS: `1.${eventId}`,
        BOOKMAKER: `${eventId}B`,
        TOSS: `${eventId}T`,
        FANCY: `${eventId}-${pick([1, 2])}`,
      }[marketType];
      const status = pick(['Pending', 'Settled', 'Lost'] as const);
      const stake = 100 + Math.floor(random() * 2000);
      await addBet(carol, {
        eventId,
        marketType,
        target,
        selectionName: marketType === 'FANCY' ? `Session ${target}` : 'Home',
        betType:
          marketType === 'FANCY' ? pick(['Yes', 'No'] as const) : pick(['Back', 'Lay'] as const),
        odds:
          marketType === 'FANCY'
            ? 40 + Math.floor(random() * 30)
            : 101 + Math.floor(random() * 400),
        price: marketType === 'FANCY' ? 90 + Math.floor(random() * 20) : 0,
        stake,
        profitPaise: Math.floor(random() * 300_000),
        liabilityPaise: Math.floor(random() * 300_000),
        status,
        plPaise:
          status === 'Lost' ? -Math.floor(random() * 300_000) : Math.floor(random() * 300_000),
        at: instant(),
      });
    }
  });

  async function raw() {
    const ledger = (await ledgerRows(database.db, { clientId: carol.id })).sort(
      (a, b) =>
        a.createdAt.getTime() - b.createdAt.getTime() || Number(BigInt(a.id) - BigInt(b.id)),
    );
    const lines = await database.db
      .selectFrom('settlement_lines')
      .selectAll()
      .where('client_id', '=', carol.id)
      .execute();
    const settlements = await database.db.selectFrom('settlements').selectAll().execute();
    const bets = await database.db
      .selectFrom('bets')
      .selectAll()
      .where('client_id', '=', carol.id)
      .execute();
    const events = await database.db.selectFrom('events').selectAll().execute();
    const markets = await database.db.selectFrom('markets').selectAll().execute();
    const fancy = await database.db.selectFrom('fancy_runners').selectAll().execute();
    return { ledger, lines, settlements, bets, events, markets, fancy };
  }

  /** Every page of a report, psize 7, until the count is reached. */
  async function allPages<T>(read: (skip: number) => Promise<{ rows: T[]; total: number }>) {
    const rows: T[] = [];
    for (let skip = 0; ; skip += 7) {
      const page = await read(skip);
      rows.push(...page.rows);
      if (page.rows.length < 7) return { rows, total: page.total };
    }
  }

  const ranges = [
    ['2026-10-01', '2026-10-12'],
    ['2026-10-03', '2026-10-05'],
    ['2026-10-07', '2026-10-07'],
    ['2026-09-01', '2026-09-30'],
  ] as const;

  it('rebuilds the statement of every type, sport and range', async () => {
    const data = await raw();
    const sportOf = new Map(data.events.map((event) => [event.id, event.sport_id]));
    const kinds = {
      All: null,
      Balance: 'credit',
      Settlement: 'settlement',
      ProfitLoss: 'profit_loss',
    } as const;
    for (const [type, kind] of Object.entries(kinds)) {
      for (const sport of [0, 1, 2, 4]) {
        for (const [start, end] of ranges) {
          const kept = data.ledger.filter(
            (row) =>
              (kind === null || row.kind === kind) &&
              (sport === 0 || (row.eventId !== null && sportOf.get(row.eventId) === sport)),
          );
          let balance = 0n;
          for (const row of kept) if (kolkataDay(row.createdAt) < start) balance += row.amountPaise;
          const open = balance;
          const inRange = kept.filter(
            (row) => kolkataDay(row.createdAt) >= start && kolkataDay(row.createdAt) <= end,
          );
          const expected = inRange.map((row) => {
            balance += row.amountPaise;
            return {
              createdOn: row.createdAt.toISOString(),
              Amount: rupees(row.amountPaise),
              Balance: rupees(balance),
              Remark: row.remark,
              Discription: row.description,
              EventId: row.eventId === null ? null : Number(row.eventId),
              MarketType: row.marketType,
            };
          });
          let close = 0;
          const pages = await allPages(async (skip) => {
            const answer = await statementOf(
              carol,
              `type=${type}&sportsId=${sport}&startDate=${start}&endDate=${end}&psize=7&skipRec=${skip}`,
            );
            expect(answer.OpenBalance).toBe(rupees(open));
            close = answer.CloseBalance;
            const rows = answer.Result.map(({ SqlCount, ...row }, index) => {
              expect(SqlCount).toBe(index === 0 ? inRange.length : undefined);
              return row;
            });
            return { rows, total: inRange.length };
          });
          expect(pages.rows, `${type} ${sport} ${start}`).toEqual(expected);
          expect(close).toBe(rupees(balance));
        }
      }
    }
  });

  it('rebuilds profit and loss per event for every sport and range', async () => {
    const data = await raw();
    const eventOf = new Map(data.events.map((event) => [event.id, event]));
    for (const sport of [0, 1, 4]) {
      for (const [start, end] of ranges) {
        const byEvent = new Map<string, { amount: bigint; commission: bigint; last: Date }>();
        for (const row of data.ledger) {
          const day = kolkataDay(row.createdAt);
          if (row.kind !== 'settlement' || row.eventId === null || day < start || day > end)
            continue;
          if (sport !== 0 && eventOf.get(row.eventId)?.sport_id !== sport) continue;
          const entry = byEvent.get(row.eventId) ?? {
            amount: 0n,
            commission: 0n,
            last: row.createdAt,
          };
          entry.amount += row.amountPaise;
          for (const line of data.lines) {
            if (line.txn_id === row.txnId && line.target === row.marketId && !line.rolled_back) {
              entry.commission += BigInt(line.commission_paise);
            }
          }
          if (row.createdAt > entry.last) entry.last = row.createdAt;
          byEvent.set(row.eventId, entry);
        }
        const expected = [...byEvent.entries()]
          .sort(([a, x], [b, y]) => y.last.getTime() - x.last.getTime() || Number(b) - Number(a))
          .map(([eventId, entry]) => ({
            Discription: eventOf.get(eventId)?.name,
            Amount: rupees(entry.amount),
            Commission: rupees(entry.commission),
            createdOn: entry.last.toISOString(),
            EventId: Number(eventId),
          }));
        const pages = await allPages(async (skip) => {
          const answer = await profitLossOf(
            carol,
            `sportsId=${sport}&startDate=${start}&endDate=${end}&psize=7&skipRec=${skip}`,
          );
          return { rows: answer.Result, total: answer.count };
        });
        expect(pages.rows).toEqual(expected);
        expect(pages.total).toBe(expected.length);
      }
    }
  });

  it('rebuilds the bet history for every filter and range', async () => {
    const data = await raw();
    const eventOf = new Map(data.events.map((event) => [event.id, event]));
    for (const marketType of ['0', 'MATCH_ODDS', 'FANCY'] as const) {
      for (const betStatus of ['', 'Pending', 'Settled'] as const) {
        for (const sport of [0, 4]) {
          for (const [start, end] of ranges) {
            const expected = data.bets
              .filter((bet) => {
                const day = kolkataDay(bet.created_at);
                if (day < start || day > end) return false;
                if (sport !== 0 && eventOf.get(bet.event_id)?.sport_id !== sport) return false;
                if (marketType === 'FANCY' && bet.market_type !== 'FANCY') return false;
                if (marketType === 'MATCH_ODDS' && bet.market_type === 'FANCY') return false;
                if (betStatus === 'Pending' && bet.status !== 'Pending') return false;
                if (betStatus === 'Settled' && bet.status === 'Pending') return false;
                return true;
              })
              .sort(
                (a, b) =>
                  b.created_at.getTime() - a.created_at.getTime() || Number(b.id) - Number(a.id),
              )
              .map((bet) => ({
                createdOn: bet.created_at.toISOString(),
                MatchName: eventOf.get(bet.event_id)?.name,
                SelectionName: bet.selection_name,
                BetType: bet.bet_type,
                Odds:
                  bet.market_type === 'MATCH_ODDS' || bet.market_type === 'TOSS'
                    ? bet.odds / 100
                    : bet.odds,
                Price: bet.price,
                Stack: bet.stake,
                BetStatus: bet.status,
                CancelledOn: null,
                Exposure: rupees(bet.liability_paise),
                ReturnBalance: rupees(
                  bet.status === 'Pending' ? bet.profit_paise : (bet.pl_paise ?? 0),
                ),
                MarketType: bet.market_type,
                Role: 'Client',
                Remark: null,
                VoidReason: null,
              }));
            const filters = `marketType=${marketType}${betStatus ? `&betStatus=${betStatus}` : ''}&sportsId=${sport}&startDate=${start}&endDate=${end}`;
            const pages = await allPages(async (skip) => {
              const answer = await betHistoryOf(carol, `${filters}&psize=7&skipRec=${skip}`);
              return { rows: answer.Result, total: answer.count };
            });
            expect(pages.rows, filters).toEqual(expected);
            expect(pages.total).toBe(expected.length);
          }
        }
      }
    }
  });

  it('rebuilds the match bets of every event and the bets of every market and session', async () => {
    const data = await raw();
    // The further exchange markets (docs/architecture.md identifiers) rank with fancy, as the query does.
    const rank = (type: MarketType): number =>
      type === 'MATCH_ODDS' ? 0 : type === 'BOOKMAKER' ? 1 : type === 'TOSS' ? 2 : 3;
    for (const [eventId] of EVENTS) {
      const id = String(eventId);
      const targets = new Set<string>();
      for (const row of data.ledger) {
        if (row.kind === 'settlement' && row.eventId === id && row.marketId)
          targets.add(row.marketId);
      }
      for (const bet of data.bets)
        if (bet.event_id === id && bet.status !== 'Pending') targets.add(bet.position_key);
      const expected = [...targets]
        .filter(
          (target) => data.settlements.find((s) => s.target === target)?.state !== 'rolled_back',
        )
        .map((target) => {
          const market = data.markets.find((m) => m.id === target);
          const session = data.fancy.find((f) => f.selection_id === target);
          const marketType = market?.market_type ?? 'FANCY';
          let pl = 0n;
          for (const row of data.ledger) {
            if (row.kind === 'settlement' && row.eventId === id && row.marketId === target)
              pl += row.amountPaise;
          }
          let commission = 0n;
          for (const line of data.lines)
            if (line.target === target && !line.rolled_back)
              commission += BigInt(line.commission_paise);
          return {
            order: [rank(marketType), session?.sort_priority ?? 0, target] as const,
            entry: {
              MarketName: market?.name ?? session?.name,
              marketType,
              profitLoss: rupees(pl),
              commission: rupees(commission),
              marketId: marketType === 'FANCY' ? id : target,
              userId: Number(carol.id),
              Selectionid: marketType === 'FANCY' ? target : null,
            },
          };
        })
        .sort(
          (a, b) =>
            a.order[0] - b.order[0] ||
            a.order[1] - b.order[1] ||
            (a.order[2] < b.order[2] ? -1 : 1),
        )
        .map(({ entry }) => entry);
      expect(await matchBetsOf(carol, eventId)).toEqual(expected);

      for (const target of [`1.${id}`, `${id}B`, `${id}T`]) {
        const answer = getMarketBetsOfUser.response.parse(
          (
            await get(
              carol,
              `/api/UserBetModels/GetMarketBetsOfUser?marketId=${target}&role=Client`,
            )
          ).body,
        );
        const count = data.bets.filter((bet) => bet.position_key === target).length;
        expect(answer.Status && answer.Result.length).toBe(count);
      }
      for (const target of [`${id}-1`, `${id}-2`]) {
        const answer = getFancyBetsOfUser.response.parse(
          (
            await get(
              carol,
              `/api/UserBetModels/GetFancyBetsOfUser?marketId=${id}&selectionId=${target}`,
            )
          ).body,
        );
        const count = data.bets.filter((bet) => bet.position_key === target).length;
        expect(answer.Status && answer.Result.length).toBe(count);
      }
    }
  });
});

describe('REPORT_TZ setting', () => {
  it('runs these tests on database sessions far from both UTC and Kolkata', async () => {
    const { rows } = await database.pool.query<{ TimeZone: string }>('show timezone');
    expect(rows[0]?.TimeZone).toBe('Pacific/Kiritimati');
  });

  it('is Asia/Kolkata by default and refuses a zone that does not exist', () => {
    expect(loadConfig({}).reportTz).toBe('Asia/Kolkata');
    expect(loadConfig({ REPORT_TZ: 'Europe/London' }).reportTz).toBe('Europe/London');
    expect(() => loadConfig({ REPORT_TZ: 'Mars/Olympus' })).toThrow(
      /REPORT_TZ: must be an IANA time zone/,
    );
  });

  it('moves the day boundaries with the zone', async () => {
    const utcApp = await buildTestApp(database.db, { clock, config: { reportTz: 'UTC' } });
    try {
      // 23:59:59 IST on 3 Nov is 18:29:59 UTC: still 3 Nov in UTC; 00:00 IST on 4 Nov is 18:30 UTC on 3 Nov.
      const response = await utcApp.inject({
        url: '/api/AccountStatementModels/GetAccountStatement?startDate=2026-11-03&endDate=2026-11-03',
        headers: bearer(alice.token),
      });
      const answer = statement.parse(response.json());
      if (!answer.Status) throw new Error(answer.Result);
      expect(answer.Result.map((row) => row.Remark)).toEqual([
        'Match Odds: Reds won',
        'Credit taken',
      ]);
    } finally {
      await utcApp.close();
    }
  });
});

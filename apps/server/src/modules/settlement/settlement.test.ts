import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
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
import { openDatabase } from '../../db/pool.js';
import { systemRandom } from '../../seams.js';
import { auditMoney, houseTotals, ledgerRows } from '../wallet/wallet.audit.js';
import { lockClientWallet } from '../wallet/wallet.service.js';
import { createSettlementService, settleFromFeed } from './settlement.service.js';

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
const feedLog: string[] = [];

const ops = (command: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/ops/${command}`, payload, headers: bearer(OPS_TOKEN) });

interface Fixture {
  readonly eventId: number;
  readonly a: number;
  readonly b: number;
}

async function fixtureEvent(name = 'Alpha v Beta'): Promise<Fixture> {
  const created = await ops('fixture-event', {
    sportId: 4,
    seriesName: 'Settle Cup',
    name,
    runners: name.split(' v '),
    bookmaker: true,
    fancy: ['6 over runs Alpha'],
    inPlay: true,
  });
  const eventId = created.json<{ Result: { eventId: number } }>().Result.eventId;
  const a = eventId * 100 + 1;
  const b = eventId * 100 + 2;
  const step = (payload: object) => ops('fixture-step', { eventId, step: payload });
  await step({
    kind: 'prices',
    marketId: `1.${eventId}`,
    runners: [
      { selectionId: a, back: [{ price: 1.9, size: 5000 }], lay: [{ price: 2.1, size: 5000 }] },
      { selectionId: b, back: [{ price: 1.8, size: 5000 }], lay: [{ price: 2.2, size: 5000 }] },
    ],
  });
  await step({
    kind: 'fancy',
    rows: [{ selectionId: `${eventId}-1`, noLine: 50, noRate: 90, yesLine: 50, yesRate: 110 }],
  });
  return { eventId, a, b };
}

async function client(name: string, credit: number) {
  await createTestClient(database.db, name, credit, clock);
  return (await login(app, name)).Token;
}

async function bet(token: string, event: Fixture, overrides: Record<string, unknown>) {
  const fancy = overrides.MarketType === 'FANCY';
  const response = await app.inject({
    method: 'POST',
    url: fancy ? '/api/UserBetModels/PostFancyBetModel' : '/api/UserBetModels/PostUserBetModel',
    headers: bearer(token),
    payload: {
      sportsId: 4,
      SelectionName: 'Alpha',
      SelectionID: String(event.a),
      Odds: 1.9,
      Price: 0,
      MarketType: 'MATCH_ODDS',
      MarketId: `1.${event.eventId}`,
      EventId: event.eventId,
      BetType: 'Back',
      BetStatus: 'Pending',
      Stack: 1000,
      ...overrides,
    },
  });
  expect(response.json()).toEqual({ Status: true, Result: 'Bet placed successfully' });
}

async function workedBets(token: string, event: Fixture) {
  await bet(token, event, { Odds: 1.9, Stack: 1000, BetType: 'Back' });
  await bet(token, event, { Odds: 2.1, Stack: 500, BetType: 'Lay' });
}

async function detail(token: string) {
  return (
    await app.inject({ url: '/api/AmountModels/GetBalanceDetail', headers: bearer(token) })
  ).json<{
    Result: {
      CreditLimit: number;
      PL: number;
      Exposure: number;
      Balance: number;
      MainBalance: number;
    };
  }>().Result;
}

/** Money is conserved and every running total equals the ledger (docs/decisions.md#money). */
async function expectConserved() {
  const audit = await auditMoney(database.db);
  expect(audit.ledgerTotal).toBe(0n);
  expect(audit.walletsTotal).toBe(0n);
  expect(audit.walletExposure).toBe(audit.positionExposure);
  expect(audit.accountsOffLedger).toEqual([]);
  expect(audit.clientsOffPositions).toEqual([]);
}

const ledgerCount = async () => (await ledgerRows(database.db)).length;

beforeAll(async () => {
  database = await createTestDatabase();
  const settlement = createSettlementService({ db: database.db, clock, random: systemRandom });
  const feed = scriptedFeed(database.db, clock, {
    settle: settleFromFeed(settlement, (message) => feedLog.push(message)),
  });
  app = await buildTestApp(database.db, { clock, feed, settlement });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('settlement', () => {
  it('pays back 1000 at 1.90 and lay 500 at 2.10 on A when A wins: +350 to the client, −350 to the house', async () => {
    const event = await fixtureEvent();
    const token = await client('settled-a', 10_000);
    await workedBets(token, event);
    const houseBefore = await houseTotals(database.db);
    const declared = await ops('declare-result', {
      marketId: `1.${event.eventId}`,
      winnerSelectionId: event.a,
    });
    expect(declared.json()).toEqual({
      Status: true,
      Result: `Settled 1.${event.eventId} as ${event.a}: 2 bets of 1 clients`,
    });
    expect(await detail(token)).toEqual({
      CreditLimit: 10000,
      PL: 350,
      Exposure: 0,
      Balance: 10350,
      MainBalance: 10350,
    });
    const houseAfter = await houseTotals(database.db);
    expect(houseAfter.pl - houseBefore.pl).toBe(-35000n);
    const bets = await database.db
      .selectFrom('bets')
      .select(['bet_type', 'status', 'pl_paise'])
      .where('position_key', '=', `1.${event.eventId}`)
      .orderBy('id')
      .execute();
    expect(bets).toEqual([
      { bet_type: 'Back', status: 'Settled', pl_paise: '90000' },
      { bet_type: 'Lay', status: 'Lost', pl_paise: '-55000' },
    ]);
    const rows = await ledgerRows(database.db, {
      marketId: `1.${event.eventId}`,
      kind: 'settlement',
    });
    expect(
      rows
        .filter((row) => row.clientId !== null)
        .map(({ amountPaise, remark, description, marketType, kind }) => ({
          amountPaise,
          remark,
          description,
          marketType,
          kind,
        })),
    ).toEqual([
      {
        amountPaise: 35000n,
        remark: 'Match Odds: Alpha won',
        description: 'Alpha v Beta - Match Odds',
        marketType: 'MATCH_ODDS',
        kind: 'settlement',
      },
    ]);
    await expectConserved();
  });

  it('changes nothing when the same result comes again, and refuses another result with 409', async () => {
    const event = await fixtureEvent();
    const token = await client('settled-twice', 10_000);
    await workedBets(token, event);
    await ops('declare-result', { marketId: `1.${event.eventId}`, winnerSelectionId: event.a });
    const rows = await ledgerCount();
    const again = await ops('declare-result', {
      marketId: `1.${event.eventId}`,
      winnerSelectionId: event.a,
    });
    expect(again.json()).toEqual({ Status: true, Result: `Already settled as ${event.a}` });
    expect(await ledgerCount()).toBe(rows);
    const other = await ops('declare-result', {
      marketId: `1.${event.eventId}`,
      winnerSelectionId: event.b,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      Status: false,
      Result: `Already settled as ${event.a}; roll back first`,
    });
    await expectConserved();
  });

  it('returns stakes on a void: bets Settled with zero P/L and the remark Void, exposure released', async () => {
    const event = await fixtureEvent();
    const token = await client('voided', 10_000);
    await workedBets(token, event);
    const rows = await ledgerCount();
    const voided = await ops('void-market', {
      target: `1.${event.eventId}`,
      reason: 'Match abandoned',
    });
    expect(voided.json<{ Status: boolean }>().Status).toBe(true);
    expect(await ledgerCount()).toBe(rows);
    expect(await detail(token)).toEqual({
      CreditLimit: 10000,
      PL: 0,
      Exposure: 0,
      Balance: 10000,
      MainBalance: 10000,
    });
    const bets = await database.db
      .selectFrom('bets')
      .select(['status', 'pl_paise', 'remark'])
      .where('position_key', '=', `1.${event.eventId}`)
      .execute();
    expect(
      bets.every(
        (row) => row.status === 'Settled' && row.pl_paise === '0' && row.remark === 'Void',
      ),
    ).toBe(true);
    await expectConserved();
  });

  it('rolls back and settles again exactly as a direct settlement with the new result would', async () => {
    const rolled = await fixtureEvent('Gamma v Delta');
    const direct = await fixtureEvent('Epsilon v Zeta');
    const first = await client('rolled', 10_000);
    const second = await client('direct', 10_000);
    await workedBets(first, rolled);
    await workedBets(second, direct);
    await ops('declare-result', { marketId: `1.${rolled.eventId}`, winnerSelectionId: rolled.a });
    const back = await ops('rollback', { target: `1.${rolled.eventId}`, reason: 'Wrong winner' });
    expect(back.json()).toEqual({
      Status: true,
      Result: `Rolled back 1.${rolled.eventId} (was ${rolled.a}): 1 clients`,
    });
    expect(await detail(first)).toEqual({
      CreditLimit: 10000,
      PL: 0,
      Exposure: 500,
      Balance: 10000,
      MainBalance: 9500,
    });
    await expectConserved();
    await ops('declare-result', { marketId: `1.${rolled.eventId}`, winnerSelectionId: rolled.b });
    await ops('declare-result', { marketId: `1.${direct.eventId}`, winnerSelectionId: direct.b });
    expect(await detail(first)).toEqual(await detail(second));
    expect((await detail(first)).PL).toBe(-500);
    const epoch = await database.db
      .selectFrom('settlements')
      .select(['epoch', 'state'])
      .where('target', '=', `1.${rolled.eventId}`)
      .executeTakeFirstOrThrow();
    expect(epoch).toEqual({ epoch: 2, state: 'settled' });
    await expectConserved();
  });

  it('re-imposes exposure on a rollback even when the main balance then goes below zero', async () => {
    const event = await fixtureEvent();
    const token = await client('spender', 1_000);
    await bet(token, event, { Odds: 1.9, Stack: 1000, BetType: 'Back' });
    await ops('declare-result', { marketId: `1.${event.eventId}`, winnerSelectionId: event.a });
    await ops('credit', { username: 'spender', amount: -1900 });
    await ops('rollback', { target: `1.${event.eventId}`, reason: 'Result corrected' });
    expect(await detail(token)).toEqual({
      CreditLimit: -900,
      PL: 0,
      Exposure: 1000,
      Balance: -900,
      MainBalance: -1900,
    });
    await expectConserved();
  });

  it('takes commission on a net win only', async () => {
    const event = await fixtureEvent();
    const token = await client('commissioned', 10_000);
    expect((await ops('set-commission', { username: 'commissioned', percent: 2 })).json()).toEqual({
      Status: true,
      Result: 'Commission of commissioned set to 2.00%',
    });
    await workedBets(token, event);
    await ops('declare-result', { marketId: `1.${event.eventId}`, winnerSelectionId: event.a });
    expect((await detail(token)).PL).toBe(343);
    const line = await database.db
      .selectFrom('settlement_lines')
      .select(['gross_paise', 'commission_paise'])
      .where('target', '=', `1.${event.eventId}`)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ gross_paise: '35000', commission_paise: '700' });
    await expectConserved();
  });

  it('settles a fancy session from the feed result on its final runs', async () => {
    const event = await fixtureEvent();
    const token = await client('sessioner', 10_000);
    const fancy = {
      MarketType: 'FANCY',
      MarketId: String(event.eventId),
      SelectionID: `${event.eventId}-1`,
      SelectionName: '6 over runs Alpha',
      Stack: 100,
    };
    await bet(token, event, { ...fancy, BetType: 'Yes', Odds: 50, Price: 110 });
    await bet(token, event, { ...fancy, BetType: 'No', Odds: 50, Price: 90 });
    expect((await detail(token)).Exposure).toBe(20);
    await ops('fixture-step', {
      eventId: event.eventId,
      step: { kind: 'fancy-result', selectionId: `${event.eventId}-1`, runs: 52 },
    });
    // Yes wins 100, No loses 100: net 0, exposure released.
    expect(await detail(token)).toEqual({
      CreditLimit: 10000,
      PL: 0,
      Exposure: 0,
      Balance: 10000,
      MainBalance: 10000,
    });
    const statuses = await database.db
      .selectFrom('bets')
      .select(['bet_type', 'status'])
      .where('position_key', '=', `${event.eventId}-1`)
      .orderBy('id')
      .execute();
    expect(statuses).toEqual([
      { bet_type: 'Yes', status: 'Settled' },
      { bet_type: 'No', status: 'Lost' },
    ]);
    // A later feed result for the same session is logged, never paid twice.
    await ops('fixture-step', {
      eventId: event.eventId,
      step: { kind: 'void', target: `${event.eventId}-1`, reason: 'late' },
    });
    expect((await detail(token)).PL).toBe(0);
    await expectConserved();
  });

  it('settles a session with every bet that raced it: a bet waiting on the wallet is refused or settled, never left open', async () => {
    const event = await fixtureEvent();
    const token = await client('session-racer', 10_000);
    const session = `${event.eventId}-1`;
    const fancy = {
      MarketType: 'FANCY',
      MarketId: String(event.eventId),
      SelectionID: session,
      SelectionName: '6 over runs Alpha',
      Stack: 100,
      BetType: 'Yes',
      Odds: 50,
      Price: 110,
    };
    await bet(token, event, fancy);
    const racer = await database.db
      .selectFrom('clients')
      .select('id')
      .where('username', '=', 'session-racer')
      .executeTakeFirstOrThrow();
    const waiting = async (count: number) => {
      for (let tries = 0; tries < 200; tries += 1) {
        const row = await sql<{ n: string }>`
          SELECT count(*) AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(database.db);
        if (Number(row.rows[0]?.n) >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`never saw ${count} waiting transactions`);
    };
    // Hold the client's wallet so the bet and the settlement meet at its lock: the bet first.
    const holder = openDatabase(database.url, { max: 1 });
    let release = () => {};
    let locked = () => {};
    const lockHeld = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const held = holder.db.transaction().execute(async (tx) => {
      await lockClientWallet(tx, racer.id);
      locked();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await lockHeld;
    const late = app.inject({
      method: 'POST',
      url: '/api/UserBetModels/PostFancyBetModel',
      headers: bearer(token),
      payload: { sportsId: 4, EventId: event.eventId, BetStatus: 'Pending', ...fancy },
    });
    await waiting(1);
    const declared = ops('declare-result', {
      eventId: event.eventId,
      selectionId: session,
      runs: 40,
    });
    await waiting(2);
    release();
    await held;
    await holder.close();
    const answer = (await late).json<{ Status: boolean }>();
    expect((await declared).json<{ Status: boolean }>().Status).toBe(true);
    const open = await database.db
      .selectFrom('bets')
      .select('id')
      .where('position_key', '=', session)
      .where('status', '=', 'Pending')
      .execute();
    expect(open).toEqual([]);
    // Yes at 50 loses on 40 runs: 110 per bet taken, and no exposure left behind.
    expect(await detail(token)).toEqual({
      CreditLimit: 10000,
      PL: answer.Status ? -220 : -110,
      Exposure: 0,
      Balance: answer.Status ? 9780 : 9890,
      MainBalance: answer.Status ? 9780 : 9890,
    });
    await expectConserved();
  });

  it("settles with reviewable SQL: market FOR UPDATE, the takes read, then wallets in order, then each client's split", async () => {
    const event = await fixtureEvent();
    const token = await client('snapshot', 10_000);
    await workedBets(token, event);
    const statements: string[] = [];
    const logged = openDatabase(database.url, { max: 1, onQuery: (text) => statements.push(text) });
    const settlement = createSettlementService({ db: logged.db, clock, random: systemRandom });
    await settlement.declare({
      kind: 'winner',
      marketId: `1.${event.eventId}`,
      selectionId: String(event.a),
    });
    await logged.close();
    // The money tables are the wallet module's to name (wallet.service.ts): its lock of the house's
    // and the client's wallets is shown by its shape (ascending account ids, FOR UPDATE); its
    // functions of db/functions/wallet.sql as sent. Whitespace is folded to one line per statement.
    const walletLock =
      /^select \* from "\w+" where "account_id" in \(\$1, \$2\) order by "account_id" for update$/;
    const shown = statements.map((text) => {
      const line = text.replace(/\s+/g, ' ').trim();
      return walletLock.test(line)
        ? 'wallet lock: house and client by account_id, for update'
        : line;
    });
    expect(shown).toMatchInlineSnapshot(`
      [
        "begin",
        "select "markets"."id", "markets"."event_id", "markets"."market_type", "markets"."name", "events"."name" as "event_name" from "markets" inner join "events" on "events"."id" = "markets"."event_id" where "markets"."id" = $1 for update of "markets"",
        "select "selection_id", "name" from "runners" where "market_id" = $1 order by "sort_priority"",
        "select * from "settlements" where "target" = $1 for update",
        "insert into "settlements" ("target", "event_id", "market_type", "state", "result", "epoch", "reason", "updated_at") values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict ("target") do update set "state" = $9, "result" = $10, "epoch" = $11, "reason" = $12, "updated_at" = $13",
        "select "id", "client_id", "selection_id", "bet_type", "odds", "profit_paise", "liability_paise", "stake", "takes_id" from "bets" where "position_key" = $1 and "status" = $2 order by "client_id", "id" for update",
        "select "accounts"."id" as "account_id", "accounts"."client_id", "clients"."commission_bp" from "accounts" inner join "clients" on "clients"."id" = "accounts"."client_id" where "accounts"."client_id" in ($1) order by "accounts"."id"",
        "select "id", "match_commission_bp", "session_commission_bp" from "clients" where "id" in ($1)",
        "select "agents"."id" as "admin", "accounts"."id" as "house" from "agents" inner join "accounts" on "accounts"."kind" = $1 where "agents"."level" = $2",
        "select "id", "takes" from "agent_takes" where "id" in ($1)",
        "select "id" from "accounts" where "kind" = $1",
        "wallet lock: house and client by account_id, for update",
        "SELECT wallet_post_split($1::uuid, $2::bigint, $3, $4::bigint, $5::bigint[], $6::bigint[], $7, $8, $9::bigint, $10, $11, $12::timestamptz)",
        "SELECT wallet_release($1::bigint, $2::bigint, $3) AS held",
        "insert into "settlement_lines" ("target", "epoch", "client_id", "gross_paise", "commission_paise", "txn_id", "created_at") values ($1, $2, $3, $4, $5, $6, $7)",
        "update "bets" set "status" = $1, "pl_paise" = $2, "remark" = $3 where "id" = $4",
        "update "bets" set "status" = $1, "pl_paise" = $2, "remark" = $3 where "id" = $4",
        "update "markets" set "status" = $1 where "id" = $2",
        "commit",
      ]
    `);
  });

  it('rolls back with reviewable SQL: market FOR UPDATE, the booked wallets in order, then every row booked negated', async () => {
    const event = await fixtureEvent();
    const token = await client('snapshot-back', 10_000);
    await workedBets(token, event);
    await ops('declare-result', { marketId: `1.${event.eventId}`, winnerSelectionId: event.a });
    const statements: string[] = [];
    const logged = openDatabase(database.url, { max: 1, onQuery: (text) => statements.push(text) });
    const settlement = createSettlementService({ db: logged.db, clock, random: systemRandom });
    await settlement.rollback(`1.${event.eventId}`, 'Snapshot');
    await logged.close();
    // The money tables are the wallet module's to name, as above: its reads shown by their shape.
    const booked =
      /^select distinct "account_id" from "\w+" where "txn_id" in \(\$1\) order by "account_id"$/;
    const walletLock =
      /^select \* from "\w+" where "account_id" in \(\$1, \$2\) order by "account_id" for update$/;
    const shown = statements.map((text) => {
      const line = text.replace(/\s+/g, ' ').trim();
      if (booked.test(line)) return "the accounts the line's transaction booked, ascending";
      return walletLock.test(line)
        ? 'wallet lock: house and client by account_id, for update'
        : line;
    });
    expect(shown.slice(4, 9)).toMatchInlineSnapshot(`
      [
        "select "client_id", "gross_paise", "commission_paise", "txn_id" from "settlement_lines" where "target" = $1 and "epoch" = $2 and "rolled_back" = $3 order by "client_id"",
        "select "accounts"."id" as "account_id", "accounts"."client_id", "clients"."commission_bp" from "accounts" inner join "clients" on "clients"."id" = "accounts"."client_id" where "accounts"."client_id" in ($1) order by "accounts"."id"",
        "the accounts the line's transaction booked, ascending",
        "wallet lock: house and client by account_id, for update",
        "SELECT wallet_reverse_txns($1::uuid[], $2::uuid, $3, $4::timestamptz)",
      ]
    `);
  });

  it('refuses unknown targets and runners of another market', async () => {
    const event = await fixtureEvent();
    expect(
      (await ops('declare-result', { marketId: '1.77', winnerSelectionId: 1 })).json(),
    ).toEqual({ Status: false, Result: 'No market or session 1.77' });
    expect(
      (
        await ops('declare-result', { marketId: `1.${event.eventId}`, winnerSelectionId: 5 })
      ).json(),
    ).toEqual({
      Status: false,
      Result: `Selection 5 is not a runner of 1.${event.eventId}`,
    });
    expect((await ops('rollback', { target: `1.${event.eventId}`, reason: 'x' })).json()).toEqual({
      Status: false,
      Result: `1.${event.eventId} is not settled`,
    });
    expect((await ops('set-commission', { username: 'nobody-here', percent: 1 })).json()).toEqual({
      Status: false,
      Result: "No client named 'nobody-here'",
    });
  });
});

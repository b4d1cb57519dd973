import {
  casinoLaunch,
  casinoProviderCredit,
  casinoProviderDebit,
  casinoProviderSession,
} from '@backlay/contract/casino';
import { getMatkaEventMarkets, placeMatkaBet } from '@backlay/contract/matka';
import { takesOnPath, type AgentLevel } from '@backlay/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  CASINO_SECRET,
  createTestClient,
  login,
  OPS_TOKEN,
  testClock,
} from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { scriptedFeed } from '../../../test/feed.js';
import { inTransaction } from '../../db/pool.js';
import { systemRandom } from '../../seams.js';
import { createIdempotency } from '../idempotency/idempotency.service.js';
import { createAgentReports } from '../agents/agent-reports.js';
import { createMatkaService } from '../matka/matka.service.js';
import { auditMoney, ledgerRows, walletTotals } from '../wallet/wallet.audit.js';
import { accountOfClient, openAgentAccount, postSplit } from '../wallet/wallet.service.js';
import { createSettlementService } from './settlement.service.js';

/*
 * The agent network's split at settlement (docs/agents.md#settlement-split, #commission): trees
 * built here with SQL (agents, versions of takes, accounts), clients placed under them, and real
 * settlements, rollbacks, a matka draw and a casino round booked to the paisa.
 */

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
const CASINO_PORT = 9125;

/** Each account's name in the assertions: the house (the admin), an agent, a client. */
const names = new Map<string, string>();

const ops = async (command: string, payload: object) => {
  const response = await app.inject({
    method: 'POST',
    url: `/api/ops/${command}`,
    payload,
    headers: bearer(OPS_TOKEN),
  });
  return response.json<{ Status: boolean; Result: unknown }>();
};

beforeAll(async () => {
  database = await createTestDatabase();
  const settlement = createSettlementService({ db: database.db, clock, random: systemRandom });
  const feed = scriptedFeed(database.db, clock);
  app = await buildTestApp(database.db, { clock, feed, settlement, casinoPort: CASINO_PORT });
  const house = await sql<{ id: string }>`SELECT id FROM accounts WHERE kind = 'house'`.execute(
    database.db,
  );
  names.set(house.rows[0]?.id ?? '', 'admin');
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

interface Tree {
  /** Each agent's id by its name, the admin's under 'admin'. */
  readonly ids: ReadonlyMap<string, string>;
  /** The takes id of the clients of the last agent. */
  readonly takesId: string;
  readonly parentId: string;
  readonly path: readonly string[];
}

const LEVELS: readonly AgentLevel[] = ['supermaster', 'master', 'agent'];

/** Inserts a takes version for the clients of `agentId` and makes it the agent's current one. */
async function takesVersion(agentId: string, takes: readonly [string, number][]) {
  const row = await sql<{ id: string }>`INSERT INTO agent_takes (agent_id, takes, created_at)
    VALUES (${agentId}, ${JSON.stringify(takes)}::jsonb, ${clock.now()}) RETURNING id`.execute(
    database.db,
  );
  const id = row.rows[0]?.id ?? '';
  await sql`UPDATE agents SET takes_id = ${id} WHERE id = ${agentId}`.execute(database.db);
  return id;
}

/**
 * A chain under the admin, top down (the lowest levels of supermaster, master, agent), each with
 * its partnership in basis points and an account of its own; the last one's takes version.
 */
async function tree(chain: readonly { name: string; partnershipBp: number }[]): Promise<Tree> {
  const admin = await sql<{ id: string }>`SELECT id FROM agents WHERE level = 'admin'`.execute(
    database.db,
  );
  const adminId = admin.rows[0]?.id ?? '';
  const ids = new Map([['admin', adminId]]);
  const path = [adminId];
  const levels = LEVELS.slice(LEVELS.length - chain.length);
  for (const [index, member] of chain.entries()) {
    const row = await sql<{ id: string }>`INSERT INTO agents
        (username, level, parent_id, path, partnership_bp, created_at)
      VALUES (${`ag_${member.name}`}, ${levels[index]}, ${path.at(-1)}, ${path}::bigint[],
        ${member.partnershipBp}, ${clock.now()}) RETURNING id`.execute(database.db);
    const id = row.rows[0]?.id ?? '';
    ids.set(member.name, id);
    path.push(id);
    const account = await inTransaction(database.db, (tx) => openAgentAccount(tx, id));
    names.set(account, member.name);
  }
  const onPath = takesOnPath([
    { userId: adminId, level: 'admin', partnershipBp: 10_000 },
    ...chain.map((member, index) => ({
      userId: ids.get(member.name) ?? '',
      level: levels[index] ?? 'agent',
      partnershipBp: member.partnershipBp,
    })),
  ]);
  if (!onPath.ok) throw new Error(onPath.message);
  const parentId = path.at(-1) ?? '';
  const takesId = await takesVersion(
    parentId,
    onPath.takes.map((take) => [take.userId, take.takeBp]),
  );
  return { ids, takesId, parentId, path };
}

/** A new client with `credit` rupees, named `name` in the assertions. */
async function newClient(name: string, credit: number) {
  const clientId = await createTestClient(database.db, `cl_${name}`, credit, clock);
  const accountId = (await accountOfClient(database.db, clientId)) ?? '';
  names.set(accountId, name);
  return { clientId, accountId, token: (await login(app, `cl_${name}`)).Token };
}

/** A client with `credit` rupees placed under the tree's last agent, logged in. */
async function clientUnder(
  under: Tree,
  name: string,
  credit: number,
  rates: { match?: number; session?: number } = {},
) {
  const client = await newClient(name, credit);
  const { clientId } = client;
  await sql`UPDATE clients SET parent_id = ${under.parentId}, path = ${[...under.path]}::bigint[],
      takes_id = ${under.takesId}, match_commission_bp = ${rates.match ?? 0},
      session_commission_bp = ${rates.session ?? 0}
    WHERE id = ${clientId}`.execute(database.db);
  return client;
}

interface Fixture {
  readonly eventId: number;
  readonly a: number;
  readonly b: number;
}

/** A runner's best back and lay prices: decimal on match odds, per 100 on the bookmaker. */
type Quote = readonly [back: number, lay: number];

/**
 * An in-play event with a match odds market, a bookmaker and a session: each runner's match
 * odds quote (`a`, then `b` when given), and the bookmaker's.
 */
async function fixtureEvent(
  name: string,
  a: Quote,
  b: Quote = a,
  bookmaker: Quote = [90, 95],
): Promise<Fixture> {
  const created = await ops('fixture-event', {
    sportId: 4,
    seriesName: 'Agents Cup',
    name,
    runners: name.split(' v '),
    bookmaker: true,
    fancy: ['6 over runs'],
    inPlay: true,
  });
  const { eventId } = created.Result as { eventId: number };
  const runners = [eventId * 100 + 1, eventId * 100 + 2];
  const quoted = (marketId: string, quotes: readonly Quote[]) =>
    ops('fixture-step', {
      eventId,
      step: {
        kind: 'prices',
        marketId,
        runners: runners.map((selectionId, index) => ({
          selectionId,
          back: [{ price: quotes[index]?.[0], size: 100_000 }],
          lay: [{ price: quotes[index]?.[1], size: 100_000 }],
        })),
      },
    });
  expect(await quoted(`1.${eventId}`, [a, b])).toMatchObject({ Status: true });
  expect(await quoted(`${eventId}B`, [bookmaker, bookmaker])).toMatchObject({ Status: true });
  await ops('fixture-step', {
    eventId,
    step: {
      kind: 'fancy',
      rows: [{ selectionId: `${eventId}-1`, noLine: 50, noRate: 90, yesLine: 50, yesRate: 110 }],
    },
  });
  return { eventId, a: runners[0] ?? 0, b: runners[1] ?? 0 };
}

async function bet(token: string, event: Fixture, payload: Record<string, unknown>) {
  const fancy = payload.MarketType === 'FANCY';
  const response = await app.inject({
    method: 'POST',
    url: fancy ? '/api/UserBetModels/PostFancyBetModel' : '/api/UserBetModels/PostUserBetModel',
    headers: bearer(token),
    payload: {
      sportsId: 4,
      SelectionName: 'Runner',
      Price: 0,
      MarketType: 'MATCH_ODDS',
      MarketId: `1.${event.eventId}`,
      EventId: event.eventId,
      BetStatus: 'Pending',
      ...payload,
    },
  });
  expect(response.json()).toEqual({ Status: true, Result: 'Bet placed successfully' });
}

/** A back (or lay) bet of `stake` whole rupees on one runner of the match odds market. */
const exchangeBet = (
  token: string,
  event: Fixture,
  selectionId: number,
  side: 'Back' | 'Lay',
  odds: number,
  stake: number,
) =>
  bet(token, event, { SelectionID: String(selectionId), BetType: side, Odds: odds, Stack: stake });

/** The ledger rows of one market, as [account, kind, paise], oldest first. */
async function bookings(marketId: string) {
  const rows = await ledgerRows(database.db, { marketId });
  return rows.map((row) => [names.get(row.accountId) ?? row.accountId, row.kind, row.amountPaise]);
}

/** Each named account's net over the market's ledger rows, in paise. */
async function netOf(marketId: string) {
  const net = new Map<string, bigint>();
  for (const row of await ledgerRows(database.db, { marketId })) {
    const name = names.get(row.accountId) ?? row.accountId;
    net.set(name, (net.get(name) ?? 0n) + row.amountPaise);
  }
  return Object.fromEntries(net);
}

/** Every transaction of the market sums to zero, the ledger and the wallets agree. */
async function expectBalanced(marketId: string) {
  const byTxn = new Map<string, bigint>();
  for (const row of await ledgerRows(database.db, { marketId }))
    byTxn.set(row.txnId, (byTxn.get(row.txnId) ?? 0n) + row.amountPaise);
  expect([...byTxn.values()].every((sum) => sum === 0n)).toBe(true);
  const audit = await auditMoney(database.db);
  expect(audit.ledgerTotal).toBe(0n);
  expect(audit.walletsTotal).toBe(0n);
  expect(audit.walletExposure).toBe(audit.positionExposure);
  expect(audit.accountsOffLedger).toEqual([]);
  expect(audit.clientsOffPositions).toEqual([]);
}

describe('the split of a settled market among the levels', () => {
  it('books the worked example to the paisa: admin, sm1 and m1 +₹99, a1 +₹693, c1 −₹990; a rollback restores every total, a settlement after it books the same', async () => {
    const chain = await tree([
      { name: 'sm1', partnershipBp: 9000 },
      { name: 'm1', partnershipBp: 8000 },
      { name: 'a1', partnershipBp: 7000 },
    ]);
    const c1 = await clientUnder(chain, 'c1', 10_000, { match: 100 });
    const event = await fixtureEvent('Worked v Example', [2, 2.02]);
    const marketId = `1.${event.eventId}`;
    await exchangeBet(c1.token, event, event.a, 'Back', 2, 1000);
    const before = await walletTotals(database.db);

    expect(await ops('declare-result', { marketId, winnerSelectionId: event.b })).toEqual({
      Status: true,
      Result: `Settled ${marketId} as ${event.b}: 1 bets of 1 clients`,
    });
    // c1 loses ₹1,000.00: the split of +₹1,000 by 10/10/10/70 %, and the 1 % commission,
    // ₹10.00, paid to c1 and borne by the same takes — all in one ledger transaction.
    const settled = [
      ['c1', 'settlement', -1_000_00n],
      ['admin', 'settlement', 100_00n],
      ['sm1', 'settlement', 100_00n],
      ['m1', 'settlement', 100_00n],
      ['a1', 'settlement', 700_00n],
      ['c1', 'commission', 10_00n],
      ['admin', 'commission', -1_00n],
      ['sm1', 'commission', -1_00n],
      ['m1', 'commission', -1_00n],
      ['a1', 'commission', -7_00n],
    ];
    expect(await bookings(marketId)).toEqual(settled);
    expect(await netOf(marketId)).toEqual({
      c1: -990_00n,
      admin: 99_00n,
      sm1: 99_00n,
      m1: 99_00n,
      a1: 693_00n,
    });
    const txns = new Set((await ledgerRows(database.db, { marketId })).map((row) => row.txnId));
    expect(txns.size).toBe(1);
    const line = await database.db
      .selectFrom('settlement_lines')
      .select(['gross_paise', 'commission_paise', 'txn_id'])
      .where('target', '=', marketId)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ gross_paise: '-100000', commission_paise: '0', txn_id: [...txns][0] });
    await expectBalanced(marketId);

    // The rollback writes the negation of every row booked: each account's totals as before.
    expect(await ops('rollback', { target: marketId, reason: 'Wrong winner' })).toEqual({
      Status: true,
      Result: `Rolled back ${marketId} (was ${event.b}): 1 clients`,
    });
    expect(await walletTotals(database.db)).toEqual(before);
    expect((await bookings(marketId)).slice(settled.length)).toEqual(
      settled.map(([name, kind, paise]) => [name, kind, -(paise as bigint)]),
    );
    const remarks = (await ledgerRows(database.db, { marketId })).slice(settled.length);
    expect(new Set(remarks.map((row) => row.remark))).toEqual(new Set(['Rollback: Wrong winner']));
    await expectBalanced(marketId);

    // Settled again with the same result: booked again the same way.
    await ops('declare-result', { marketId, winnerSelectionId: event.b });
    expect((await bookings(marketId)).slice(2 * settled.length)).toEqual(settled);
    expect(await netOf(marketId)).toEqual({
      c1: -990_00n,
      admin: 99_00n,
      sm1: 99_00n,
      m1: 99_00n,
      a1: 693_00n,
    });
    await expectBalanced(marketId);
  });

  it('rounds by the largest remainder: ₹333.33 lost at 33.33/33.33/33.34 % books ₹111.10, ₹111.10, ₹111.13, and ₹3.33 commission −₹1.11 each', async () => {
    const chain = await tree([
      { name: 'm2', partnershipBp: 6667 },
      { name: 'a2', partnershipBp: 3334 },
    ]);
    const client = await clientUnder(chain, 'r1', 1_000, { match: 100 });
    const event = await fixtureEvent('Round v Down', [2, 2.02], [2, 2.02], [39, 41]);
    const marketId = `${event.eventId}B`;
    // A bookmaker lay of ₹813 at 41 risks 813 × 41 paise = ₹333.33.
    await bet(client.token, event, {
      MarketType: 'BOOKMAKER',
      MarketId: marketId,
      SelectionID: String(event.a),
      BetType: 'Lay',
      Odds: 41,
      Stack: 813,
    });
    await ops('declare-result', { marketId, winnerSelectionId: event.a });
    expect(await bookings(marketId)).toEqual([
      ['r1', 'settlement', -333_33n],
      ['admin', 'settlement', 111_10n],
      ['m2', 'settlement', 111_10n],
      ['a2', 'settlement', 111_13n],
      ['r1', 'commission', 3_33n],
      ['admin', 'commission', -1_11n],
      ['m2', 'commission', -1_11n],
      ['a2', 'commission', -1_11n],
    ]);
    await expectBalanced(marketId);
  });

  it('settles each bet with the takes it was placed under: two versions in one market, the commission by the latest bet’s', async () => {
    const chain = await tree([
      { name: 'sm3', partnershipBp: 9000 },
      { name: 'm3', partnershipBp: 8000 },
      { name: 'a3', partnershipBp: 7000 },
    ]);
    const client = await clientUnder(chain, 'v1', 10_000, { match: 100 });
    const event = await fixtureEvent('Version v Two', [2, 2.02], [1.2, 1.21]);
    const marketId = `1.${event.eventId}`;
    await exchangeBet(client.token, event, event.a, 'Back', 2, 600);
    // m3 lowers a3 to 60 %: version 2, 10/10/20/60 %, for the client's next bets.
    const ids = (name: string) => chain.ids.get(name) ?? '';
    await sql`UPDATE agents SET partnership_bp = 6000 WHERE id = ${ids('a3')}`.execute(database.db);
    const second = await takesVersion(ids('a3'), [
      [ids('admin'), 1000],
      [ids('sm3'), 1000],
      [ids('m3'), 2000],
      [ids('a3'), 6000],
    ]);
    await sql`UPDATE clients SET takes_id = ${second} WHERE id = ${client.clientId}`.execute(
      database.db,
    );
    // ₹500 at 1.20 wins ₹100.
    await exchangeBet(client.token, event, event.b, 'Back', 1.2, 500);
    const placed = await database.db
      .selectFrom('bets')
      .select('takes_id')
      .where('position_key', '=', marketId)
      .orderBy('id')
      .execute();
    expect(placed.map((row) => row.takes_id)).toEqual([chain.takesId, second]);

    await ops('declare-result', { marketId, winnerSelectionId: event.b });
    // −₹600 under version 1, +₹100 under version 2: admin +60 − 10, sm3 +60 − 10, m3 +60 − 20,
    // a3 +420 − 60; the ₹5.00 commission borne by version 2.
    expect(await bookings(marketId)).toEqual([
      ['v1', 'settlement', -500_00n],
      ['admin', 'settlement', 50_00n],
      ['sm3', 'settlement', 50_00n],
      ['m3', 'settlement', 40_00n],
      ['a3', 'settlement', 360_00n],
      ['v1', 'commission', 5_00n],
      ['admin', 'commission', -50n],
      ['sm3', 'commission', -50n],
      ['m3', 'commission', -1_00n],
      ['a3', 'commission', -3_00n],
    ]);
    await expectBalanced(marketId);
  });

  it('pays session commission on a fancy session’s stakes even when the client breaks even, and a rollback takes it back', async () => {
    const chain = await tree([{ name: 'a4', partnershipBp: 5000 }]);
    const client = await clientUnder(chain, 's1', 10_000, { session: 200 });
    const event = await fixtureEvent('Session v Stakes', [2, 2.02]);
    const session = `${event.eventId}-1`;
    const fancy = {
      MarketType: 'FANCY',
      MarketId: String(event.eventId),
      SelectionID: session,
      SelectionName: '6 over runs',
      Stack: 100,
    };
    await bet(client.token, event, { ...fancy, BetType: 'Yes', Odds: 50, Price: 110 });
    await bet(client.token, event, { ...fancy, BetType: 'No', Odds: 50, Price: 90 });
    const before = await walletTotals(database.db);
    expect(
      await ops('declare-result', { eventId: event.eventId, selectionId: session, runs: 52 }),
    ).toMatchObject({ Status: true });
    // Net 0 on the session: no result row; 2 % of the ₹200 staked, ₹4.00, borne 50/50.
    expect(await bookings(session)).toEqual([
      ['s1', 'commission', 4_00n],
      ['admin', 'commission', -2_00n],
      ['a4', 'commission', -2_00n],
    ]);
    const line = await database.db
      .selectFrom('settlement_lines')
      .select(['gross_paise', 'txn_id'])
      .where('target', '=', session)
      .executeTakeFirstOrThrow();
    expect(line.gross_paise).toBe('0');
    expect(line.txn_id).not.toBeNull();
    await expectBalanced(session);

    await ops('rollback', { target: session, reason: 'Runs corrected' });
    expect(await walletTotals(database.db)).toEqual(before);
    expect(await netOf(session)).toEqual({ s1: 0n, admin: 0n, a4: 0n });
    await expectBalanced(session);
  });

  it('books nothing on a void; a bet keeps its version when its client moves, one from before the network is the house’s alone, and the house keeps its commission on a net win', async () => {
    const event = await fixtureEvent('Void v House', [2, 2.02]);
    const marketId = `1.${event.eventId}`;
    const chain = await tree([{ name: 'a5', partnershipBp: 8000 }]);
    const moved = await clientUnder(chain, 'n1', 1_000, { match: 500 });
    await exchangeBet(moved.token, event, event.a, 'Back', 2, 500);
    const old = await newClient('n2', 1_000);
    await exchangeBet(old.token, event, event.a, 'Back', 2, 600);
    // n2's bet as one placed before the network recorded takes; n1 back under the admin.
    await sql`UPDATE bets SET takes_id = NULL WHERE client_id = ${old.clientId}`.execute(
      database.db,
    );
    await sql`UPDATE clients SET takes_id = (SELECT takes_id FROM agents WHERE level = 'admin'),
        parent_id = (SELECT id FROM agents WHERE level = 'admin'),
        path = ARRAY[(SELECT id FROM agents WHERE level = 'admin')]
      WHERE id = ${moved.clientId}`.execute(database.db);

    const rows = (await ledgerRows(database.db)).length;
    expect(await ops('void-market', { target: marketId, reason: 'Abandoned' })).toMatchObject({
      Status: true,
    });
    expect((await ledgerRows(database.db)).length).toBe(rows);
    await ops('rollback', { target: marketId, reason: 'Played after all' });
    expect((await ledgerRows(database.db)).length).toBe(rows);

    // The commission on a net win stays the house's (docs/agents.md#commission): 2 % of ₹500.
    expect(await ops('set-commission', { username: 'cl_n1', percent: 2 })).toMatchObject({
      Status: true,
    });
    await ops('declare-result', { marketId, winnerSelectionId: event.a });
    // n1's bet with its version (a5 80 %): ₹500 won less ₹10 to the house, no match commission
    // on a win; n2's with the house alone.
    expect(await bookings(marketId)).toEqual([
      ['n1', 'settlement', 490_00n],
      ['admin', 'settlement', -90_00n],
      ['a5', 'settlement', -400_00n],
      ['n2', 'settlement', 600_00n],
      ['admin', 'settlement', -600_00n],
    ]);
    await expectBalanced(marketId);
  });

  it('refuses a split whose levels do not book the client’s amount negated, writing nothing', async () => {
    const house = await sql<{ id: string }>`SELECT id FROM accounts WHERE kind = 'house'`.execute(
      database.db,
    );
    const { accountId: account } = await newClient('x1', 0);
    const rows = (await ledgerRows(database.db)).length;
    await expect(
      inTransaction(database.db, (tx) =>
        postSplit(tx, {
          txnId: '00000000-0000-4000-8000-0000000000b1',
          clientAccountId: account,
          kind: 'settlement',
          amountPaise: 100n,
          levels: [{ accountId: house.rows[0]?.id ?? '', amountPaise: -99n }],
          remark: 'one paisa short',
          at: clock.now(),
        }),
      ),
    ).rejects.toThrow(/the levels book -99 paise against the client's 100/);
    expect((await ledgerRows(database.db)).length).toBe(rows);
  });
});

describe('matka and casino results split the same way', () => {
  it('splits a matka draw per client by the takes its bets were placed under; a rollback reverses it exactly', async () => {
    const chain = await tree([
      { name: 'm6', partnershipBp: 6667 },
      { name: 'a6', partnershipBp: 3334 },
    ]);
    const winner = await clientUnder(chain, 'mk1', 1_000);
    const loser = await clientUnder(chain, 'mk2', 1_000);
    const events = getMatkaEventMarkets.response.parse(
      (await app.inject({ url: getMatkaEventMarkets.path, headers: bearer(winner.token) })).json(),
    );
    if (!events.Status) throw new Error(events.Result);
    const kalyan = events.Result.find((game) => game.EventId === 4);
    if (!kalyan) throw new Error('Kalyan is not open');
    const mid = String(kalyan.Mid);
    for (const [token, betNo] of [
      [winner.token, '45'],
      [loser.token, '46'],
    ] as const) {
      const placed = await app.inject({
        method: 'POST',
        url: placeMatkaBet.path,
        headers: bearer(token),
        payload: {
          SportsId: 6,
          EventName: 'Kalyan',
          EventId: 4,
          TotalAmount: 100,
          SMBets: [{ BetNo: betNo, Amount: 100 }],
        },
      });
      expect(placed.json<{ Status: boolean }>().Status).toBe(true);
    }
    const recorded = await database.db
      .selectFrom('matka_bets')
      .select('takes_id')
      .where('market_id', '=', mid)
      .execute();
    expect(recorded.map((row) => row.takes_id)).toEqual([chain.takesId, chain.takesId]);
    const before = await walletTotals(database.db);
    const matka = createMatkaService({
      db: database.db,
      clock,
      random: systemRandom,
      idempotency: createIdempotency({ db: database.db, clock }),
      payout: 90,
    });
    expect(await matka.declare(mid, '45')).toMatchObject({ ok: true });
    // mk1 wins 89 × ₹100, mk2 loses ₹100, each shared 33.33/33.33/33.34 %; no commission.
    const drawn = [
      ['mk1', 'profit_loss', 8_900_00n],
      ['admin', 'profit_loss', -2_966_37n],
      ['m6', 'profit_loss', -2_966_37n],
      ['a6', 'profit_loss', -2_967_26n],
      ['mk2', 'profit_loss', -100_00n],
      ['admin', 'profit_loss', 33_33n],
      ['m6', 'profit_loss', 33_33n],
      ['a6', 'profit_loss', 33_34n],
    ];
    expect(await bookings(mid)).toEqual(drawn);
    await expectBalanced(mid);

    expect(await matka.rollback(mid, 'Wrong number')).toMatchObject({ ok: true });
    expect(await walletTotals(database.db)).toEqual(before);
    expect((await bookings(mid)).slice(drawn.length)).toEqual(
      drawn.map(([name, kind, paise]) => [name, kind, -(paise as bigint)]),
    );
    // Declared again after the rollback, then rolled back again: what stands is reversed, once.
    await matka.declare(mid, '46');
    expect(await netOf(mid)).toEqual({
      mk1: -100_00n,
      mk2: 8_900_00n,
      admin: -2_933_04n,
      m6: -2_933_04n,
      a6: -2_933_92n,
    });
    // The levels' P/L reads show the draw as a market of its own: what stands after the rollback
    // and the second declaration, the clients' +₹8,800 and each level's take of it.
    const reports = createAgentReports({ db: database.db, clock, reportTz: 'Asia/Kolkata' });
    for (const [level, take] of [
      ['m6', -2_933_04n],
      ['a6', -2_933_92n],
    ] as const) {
      const pl = await reports.pl(chain.ids.get(level) ?? '', { skip: 0, take: 10 });
      expect(pl.rows).toEqual([
        expect.objectContaining({
          marketId: mid,
          eventName: 'Matka',
          marketName: `${kalyan.EventName} (Mid ${mid})`,
          marketType: 'MATKA',
          clientResultPaise: 8_800_00n,
          mySharePaise: take,
          commissionPaise: 0n,
        }),
      ]);
    }
    const byUser = await reports.plByUser(chain.ids.get('m6') ?? '', { skip: 0, take: 10 });
    expect(byUser).toMatchObject({
      ok: true,
      rows: [{ username: 'ag_a6', clientResultPaise: 8_800_00n, mySharePaise: -2_933_04n }],
    });
    await matka.rollback(mid, 'Wrong again');
    expect(await walletTotals(database.db)).toEqual(before);
    await expectBalanced(mid);
  });

  it('splits a casino round by the takes of its Debit, the tie to the higher level', async () => {
    const chain = await tree([{ name: 'a7', partnershipBp: 5000 }]);
    const player = await clientUnder(chain, 'cs1', 1_000);
    const launched = casinoLaunch.response.parse(
      (
        await app.inject({
          method: 'POST',
          url: casinoLaunch.path,
          headers: bearer(player.token),
          payload: { gameId: 'sevenupsevendown' },
        })
      ).json(),
    );
    if (!launched.Status) throw new Error(launched.Result);
    const provider = async (path: string, payload: object) =>
      (
        await app.inject({ method: 'POST', url: path, headers: bearer(CASINO_SECRET), payload })
      ).json<{ Status: boolean }>();
    const exchanged = casinoProviderSession.response.parse(
      await provider(casinoProviderSession.path, {
        token: new URL(launched.Result.Url).searchParams.get('token'),
      }),
    );
    if (!exchanged.Status) throw new Error(exchanged.Result);
    const { session } = exchanged.Result;
    const debit = await provider(casinoProviderDebit.path, {
      session,
      roundId: 'agents-1',
      amount: 100.01,
    });
    expect(debit.Status).toBe(true);
    const round = await database.db
      .selectFrom('casino_rounds')
      .select('takes_id')
      .where('round_id', '=', 'agents-1')
      .executeTakeFirstOrThrow();
    expect(round.takes_id).toBe(chain.takesId);
    const credit = await provider(casinoProviderCredit.path, {
      session,
      roundId: 'agents-1',
      amount: 0,
      detail: 'lost',
    });
    expect(credit.Status).toBe(true);
    // ₹100.01 lost, shared 50/50: 5,000.5 paise each, the odd paisa to the admin.
    expect(await bookings('agents-1')).toEqual([
      ['cs1', 'profit_loss', -100_01n],
      ['admin', 'profit_loss', 50_01n],
      ['a7', 'profit_loss', 50_00n],
    ]);
    await expectBalanced('agents-1');
    // The P/L by market shows casino rounds by their game, not one row a round.
    const reports = createAgentReports({ db: database.db, clock, reportTz: 'Asia/Kolkata' });
    const pl = await reports.pl(chain.ids.get('a7') ?? '', { skip: 0, take: 10 });
    expect(pl.rows).toEqual([
      expect.objectContaining({
        marketId: 'Casino - 7 Up Down',
        eventName: 'Casino',
        marketName: 'Casino - 7 Up Down',
        marketType: 'CASINO',
        clientResultPaise: -100_01n,
        mySharePaise: 50_00n,
      }),
    ]);
  });
});

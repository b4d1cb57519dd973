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
import { auditMoney, ledgerRows, positionRows } from '../wallet/wallet.audit.js';
import { createSettlementService, settleFromFeed } from './settlement.service.js';

/**
 * The further exchange markets (docs/architecture.md identifiers): tied match and completed match
 * on cricket, over/under goals on soccer, a set's winner on tennis. They trade and settle like
 * match odds (docs/decisions.md#money): back and lay, one winner runner, exact paise.
 */

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
const feedLog: string[] = [];

const ops = (command: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/ops/${command}`, payload, headers: bearer(OPS_TOKEN) });

type Side = { price: number; size: number }[];

async function fixtureEvent(body: object): Promise<number> {
  const created = await ops('fixture-event', {
    seriesName: 'More Markets Cup',
    inPlay: true,
    ...body,
  });
  expect(created.json<{ Status: boolean }>().Status).toBe(true);
  return created.json<{ Result: { eventId: number } }>().Result.eventId;
}

async function prices(
  eventId: number,
  marketId: string,
  runners: readonly { selectionId: number; back: Side; lay: Side }[],
) {
  const played = await ops('fixture-step', {
    eventId,
    step: { kind: 'prices', marketId, runners },
  });
  expect(played.json<{ Status: boolean }>().Status).toBe(true);
}

async function client(name: string, credit: number) {
  await createTestClient(database.db, name, credit, clock);
  return (await login(app, name)).Token;
}

async function bet(
  token: string,
  draft: {
    sportsId: 1 | 2 | 4;
    eventId: number;
    marketId: string;
    marketType: string;
    selectionId: number;
    betType: 'Back' | 'Lay';
    odds: number;
    stake: number;
  },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/UserBetModels/PostUserBetModel',
    headers: bearer(token),
    payload: {
      sportsId: draft.sportsId,
      SelectionName: '',
      SelectionID: String(draft.selectionId),
      Odds: draft.odds,
      Price: 0,
      MarketType: draft.marketType,
      MarketId: draft.marketId,
      EventId: draft.eventId,
      BetType: draft.betType,
      BetStatus: 'Pending',
      Stack: draft.stake,
    },
  });
  return response.json<{ Status: boolean; Result: string }>();
}

const placed = { Status: true, Result: 'Bet placed successfully' };

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

async function book(token: string, marketId: string) {
  return (
    await app.inject({
      url: `/api/ProfitLossModels/GetProfitLossOnRunners?marketId=${marketId}`,
      headers: bearer(token),
    })
  ).json<{ Status: boolean; Result: { selectionId: number; RunnerName: string; pL: number }[] }>();
}

/** Each client's open exposure rows and wallet exposure, in paise. */
async function exposurePaise(username: string) {
  const client = await database.db
    .selectFrom('clients')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const rows = await positionRows(database.db, client.id);
  return Object.fromEntries(rows.map((row) => [row.positionKey, String(row.exposurePaise)]));
}

async function betsOf(marketId: string) {
  return database.db
    .selectFrom('bets')
    .innerJoin('clients', 'clients.id', 'bets.client_id')
    .select([
      'clients.username',
      'bets.market_type',
      'bets.selection_id',
      'bets.bet_type',
      'bets.profit_paise',
      'bets.liability_paise',
      'bets.status',
      'bets.pl_paise',
      'bets.remark',
    ])
    .where('bets.position_key', '=', marketId)
    .orderBy('bets.id')
    .execute();
}

async function settlementLedger(marketId: string) {
  const rows = await ledgerRows(database.db, { marketId, kind: 'settlement' });
  return rows.map((row) => ({
    account: row.clientId === null ? 'house' : 'client',
    amount_paise: String(row.amountPaise),
    remark: row.remark,
    description: row.description,
    market_type: row.marketType,
  }));
}

/** Money is conserved and every running total equals the ledger (docs/decisions.md#money). */
async function expectConserved() {
  const audit = await auditMoney(database.db);
  expect(audit.ledgerTotal).toBe(0n);
  expect(audit.walletsTotal).toBe(0n);
  expect(audit.walletExposure).toBe(audit.positionExposure);
}

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

describe('tied match and completed match (cricket)', () => {
  let eventId: number;
  let yes: number;
  let no: number;

  beforeAll(async () => {
    eventId = await fixtureEvent({
      sportId: 4,
      name: 'Tigers v Lions',
      runners: ['Tigers', 'Lions'],
      markets: ['TIED_MATCH', 'COMPLETED_MATCH'],
    });
    yes = eventId * 100 + 11;
    no = eventId * 100 + 12;
    await prices(eventId, `${eventId}TM`, [
      { selectionId: yes, back: [{ price: 50, size: 2000 }], lay: [{ price: 55, size: 2000 }] },
      {
        selectionId: no,
        back: [{ price: 1.01, size: 90_000 }],
        lay: [{ price: 1.03, size: 90_000 }],
      },
    ]);
    await prices(eventId, `${eventId}CM`, [
      {
        selectionId: eventId * 100 + 13,
        back: [{ price: 1.05, size: 9000 }],
        lay: [{ price: 1.06, size: 9000 }],
      },
      {
        selectionId: eventId * 100 + 14,
        back: [{ price: 17, size: 900 }],
        lay: [{ price: 23, size: 900 }],
      },
    ]);
  });

  it('lists them in the event detail and serves their books with the match odds', async () => {
    const token = await client('tm-reader', 1000);
    const detailAnswer = (
      await app.inject({
        url: `/api/MarketModels/GetEventDetail?eventId=${eventId}`,
        headers: bearer(token),
      })
    ).json<{
      Result: {
        MarketList: {
          MarketId: string;
          MarketName: string;
          MarketType: string;
          runners: { selectionId: number; RunnerName: string }[];
        }[];
      };
    }>();
    expect(
      detailAnswer.Result.MarketList.map((market) => ({
        id: market.MarketId,
        name: market.MarketName,
        type: market.MarketType,
        runners: market.runners.map((runner) => `${runner.selectionId} ${runner.RunnerName}`),
      })),
    ).toEqual([
      {
        id: `1.${eventId}`,
        name: 'Match Odds',
        type: 'MATCH_ODDS',
        runners: [`${eventId * 100 + 1} Tigers`, `${eventId * 100 + 2} Lions`],
      },
      {
        id: `${eventId}TM`,
        name: 'Tied Match',
        type: 'TIED_MATCH',
        runners: [`${yes} Yes`, `${no} No`],
      },
      {
        id: `${eventId}CM`,
        name: 'Completed Match',
        type: 'COMPLETED_MATCH',
        runners: [`${eventId * 100 + 13} Yes`, `${eventId * 100 + 14} No`],
      },
    ]);
    const odds = (
      await app.inject({ url: `/api/Odds/Market/1.${eventId}`, headers: bearer(token) })
    ).json<{
      Result: Record<
        string,
        {
          status: string;
          runners: {
            selectionId: number;
            exchange: { availableToBack: Side; availableToLay: Side };
          }[];
        }
      >;
    }>();
    expect(Object.keys(odds.Result)).toEqual([`1.${eventId}`, `${eventId}TM`, `${eventId}CM`]);
    expect(odds.Result[`${eventId}TM`]?.status).toBe('ACTIVE');
    expect(odds.Result[`${eventId}TM`]?.runners[0]).toEqual({
      selectionId: yes,
      status: 'ACTIVE',
      exchange: {
        availableToBack: [{ price: 50, size: 2000 }],
        availableToLay: [{ price: 55, size: 2000 }],
      },
    });
  });

  it('refuses a tied match bet named as match odds, and odds better than the book', async () => {
    const token = await client('tm-wrong', 1000);
    const draft = {
      sportsId: 4 as const,
      eventId,
      marketId: `${eventId}TM`,
      marketType: 'MATCH_ODDS',
      selectionId: yes,
      betType: 'Back' as const,
      odds: 50,
      stake: 500,
    };
    expect(await bet(token, draft)).toEqual({ Status: false, Result: 'Market not found' });
    expect(await bet(token, { ...draft, marketType: 'TIED_MATCH', odds: 51 })).toEqual({
      Status: false,
      Result: 'Odds changed',
    });
  });

  it('settles No: the backer of Yes and No loses ₹480, the Yes layer wins ₹500 (exact paise), the house the difference', async () => {
    const backer = await client('tm-backer', 10_000);
    const layer = await client('tm-layer', 30_000);
    const market = {
      sportsId: 4 as const,
      eventId,
      marketId: `${eventId}TM`,
      marketType: 'TIED_MATCH',
    };
    expect(
      await bet(backer, { ...market, selectionId: yes, betType: 'Back', odds: 50, stake: 500 }),
    ).toEqual(placed);
    expect(
      await bet(backer, { ...market, selectionId: no, betType: 'Back', odds: 1.01, stake: 2000 }),
    ).toEqual(placed);
    expect(
      await bet(layer, { ...market, selectionId: yes, betType: 'Lay', odds: 55, stake: 500 }),
    ).toEqual(placed);

    // Back Yes 500 at 50: +24 500 / −500; back No 2000 at 1.01: +20 / −2000.
    expect((await book(backer, `${eventId}TM`)).Result).toEqual([
      { selectionId: yes, RunnerName: 'Yes', pL: 22500 },
      { selectionId: no, RunnerName: 'No', pL: -480 },
    ]);
    expect(await exposurePaise('tm-backer')).toEqual({ [`${eventId}TM`]: '48000' });
    // Lay Yes 500 at 55: liability 500 × 54 = ₹27 000.
    expect(await exposurePaise('tm-layer')).toEqual({ [`${eventId}TM`]: '2700000' });
    expect(await detail(layer)).toEqual({
      CreditLimit: 30000,
      PL: 0,
      Exposure: 27000,
      Balance: 30000,
      MainBalance: 3000,
    });

    const declared = await ops('declare-result', {
      marketId: `${eventId}TM`,
      winnerSelectionId: no,
    });
    expect(declared.json()).toEqual({
      Status: true,
      Result: `Settled ${eventId}TM as ${no}: 3 bets of 2 clients`,
    });
    expect(await detail(backer)).toEqual({
      CreditLimit: 10000,
      PL: -480,
      Exposure: 0,
      Balance: 9520,
      MainBalance: 9520,
    });
    expect(await detail(layer)).toEqual({
      CreditLimit: 30000,
      PL: 500,
      Exposure: 0,
      Balance: 30500,
      MainBalance: 30500,
    });
    expect(await exposurePaise('tm-backer')).toEqual({});
    expect(await betsOf(`${eventId}TM`)).toEqual([
      {
        username: 'tm-backer',
        market_type: 'TIED_MATCH',
        selection_id: String(yes),
        bet_type: 'Back',
        profit_paise: '2450000',
        liability_paise: '50000',
        status: 'Lost',
        pl_paise: '-50000',
        remark: null,
      },
      {
        username: 'tm-backer',
        market_type: 'TIED_MATCH',
        selection_id: String(no),
        bet_type: 'Back',
        profit_paise: '2000',
        liability_paise: '200000',
        status: 'Settled',
        pl_paise: '2000',
        remark: null,
      },
      {
        username: 'tm-layer',
        market_type: 'TIED_MATCH',
        selection_id: String(yes),
        bet_type: 'Lay',
        profit_paise: '50000',
        liability_paise: '2700000',
        status: 'Settled',
        pl_paise: '50000',
        remark: null,
      },
    ]);
    const ledger = await settlementLedger(`${eventId}TM`);
    expect(ledger.filter((row) => row.account === 'client')).toEqual([
      {
        account: 'client',
        amount_paise: '-48000',
        remark: 'Tied Match: No won',
        description: 'Tigers v Lions - Tied Match',
        market_type: 'TIED_MATCH',
      },
      {
        account: 'client',
        amount_paise: '50000',
        remark: 'Tied Match: No won',
        description: 'Tigers v Lions - Tied Match',
        market_type: 'TIED_MATCH',
      },
    ]);
    expect(ledger.filter((row) => row.account === 'house').map((row) => row.amount_paise)).toEqual([
      '48000',
      '-50000',
    ]);
    await expectConserved();
  });

  it('returns the stake of a completed match bet when the market is voided', async () => {
    const token = await client('cm-void', 5000);
    const market = {
      sportsId: 4 as const,
      eventId,
      marketId: `${eventId}CM`,
      marketType: 'COMPLETED_MATCH',
    };
    expect(
      await bet(token, {
        ...market,
        selectionId: eventId * 100 + 13,
        betType: 'Back',
        odds: 1.05,
        stake: 500,
      }),
    ).toEqual(placed);
    expect(await exposurePaise('cm-void')).toEqual({ [`${eventId}CM`]: '50000' });
    const voided = await ops('void-market', { target: `${eventId}CM`, reason: 'Match abandoned' });
    expect(voided.json()).toEqual({
      Status: true,
      Result: `Voided ${eventId}CM as VOID: 1 bets of 1 clients`,
    });
    expect(await detail(token)).toEqual({
      CreditLimit: 5000,
      PL: 0,
      Exposure: 0,
      Balance: 5000,
      MainBalance: 5000,
    });
    expect(await betsOf(`${eventId}CM`)).toEqual([
      {
        username: 'cm-void',
        market_type: 'COMPLETED_MATCH',
        selection_id: String(eventId * 100 + 13),
        bet_type: 'Back',
        profit_paise: '2500',
        liability_paise: '50000',
        status: 'Settled',
        pl_paise: '0',
        remark: 'Void',
      },
    ]);
    expect(await settlementLedger(`${eventId}CM`)).toEqual([]);
    await expectConserved();
  });
});

describe('over/under 2.5 goals (soccer)', () => {
  it('settles Over with commission, rolls back and settles Under: each side exact to the paisa', async () => {
    const eventId = await fixtureEvent({
      sportId: 1,
      name: 'Rovers v United',
      runners: ['Rovers', 'United', 'The Draw'],
      markets: ['OVER_UNDER_15', 'OVER_UNDER_25', 'OVER_UNDER_35'],
    });
    const marketId = `${eventId}OU25`;
    const under = eventId * 100 + 23;
    const over = eventId * 100 + 24;
    await prices(eventId, marketId, [
      { selectionId: under, back: [{ price: 2.2, size: 5000 }], lay: [{ price: 2.3, size: 5000 }] },
      { selectionId: over, back: [{ price: 1.7, size: 5000 }], lay: [{ price: 1.85, size: 5000 }] },
    ]);
    const a = await client('ou-a', 10_000);
    const b = await client('ou-b', 10_000);
    await ops('set-commission', { username: 'ou-a', percent: 2 });
    const market = { sportsId: 1 as const, eventId, marketId, marketType: 'OVER_UNDER_25' };
    expect(
      await bet(a, { ...market, selectionId: over, betType: 'Back', odds: 1.7, stake: 1000 }),
    ).toEqual(placed);
    expect(
      await bet(a, { ...market, selectionId: under, betType: 'Lay', odds: 2.3, stake: 500 }),
    ).toEqual(placed);
    expect(
      await bet(b, { ...market, selectionId: under, betType: 'Back', odds: 2.2, stake: 555 }),
    ).toEqual(placed);
    // A: back Over +700 / −1000, lay Under +500 / −650 → Over +1200, Under −1650.
    expect((await book(a, marketId)).Result).toEqual([
      { selectionId: under, RunnerName: 'Under 2.5 Goals', pL: -1650 },
      { selectionId: over, RunnerName: 'Over 2.5 Goals', pL: 1200 },
    ]);
    expect(await exposurePaise('ou-a')).toEqual({ [marketId]: '165000' });
    // B: back Under 555 at 2.2 → +666 / −555.
    expect(await exposurePaise('ou-b')).toEqual({ [marketId]: '55500' });

    await ops('declare-result', { marketId, winnerSelectionId: over });
    // 2 % of the net win of ₹1200 is ₹24.
    expect(await detail(a)).toEqual({
      CreditLimit: 10000,
      PL: 1176,
      Exposure: 0,
      Balance: 11176,
      MainBalance: 11176,
    });
    expect(await detail(b)).toEqual({
      CreditLimit: 10000,
      PL: -555,
      Exposure: 0,
      Balance: 9445,
      MainBalance: 9445,
    });
    const lines = await database.db
      .selectFrom('settlement_lines')
      .innerJoin('clients', 'clients.id', 'settlement_lines.client_id')
      .select(['clients.username', 'gross_paise', 'commission_paise'])
      .where('target', '=', marketId)
      .orderBy('clients.username')
      .execute();
    expect(lines).toEqual([
      { username: 'ou-a', gross_paise: '120000', commission_paise: '2400' },
      { username: 'ou-b', gross_paise: '-55500', commission_paise: '0' },
    ]);
    await expectConserved();

    await ops('rollback', { target: marketId, reason: 'Goal disallowed' });
    expect(await detail(a)).toEqual({
      CreditLimit: 10000,
      PL: 0,
      Exposure: 1650,
      Balance: 10000,
      MainBalance: 8350,
    });
    expect(await exposurePaise('ou-b')).toEqual({ [marketId]: '55500' });
    await ops('declare-result', { marketId, winnerSelectionId: under });
    expect(await detail(a)).toEqual({
      CreditLimit: 10000,
      PL: -1650,
      Exposure: 0,
      Balance: 8350,
      MainBalance: 8350,
    });
    // B's net win of ₹666 carries no commission (0 %).
    expect(await detail(b)).toEqual({
      CreditLimit: 10000,
      PL: 666,
      Exposure: 0,
      Balance: 10666,
      MainBalance: 10666,
    });
    expect(
      (await betsOf(marketId)).map((row) => [row.username, row.bet_type, row.status, row.pl_paise]),
    ).toEqual([
      ['ou-a', 'Back', 'Lost', '-100000'],
      ['ou-a', 'Lay', 'Lost', '-65000'],
      ['ou-b', 'Back', 'Settled', '66600'],
    ]);
    const ledger = await settlementLedger(marketId);
    expect(
      ledger.filter((row) => row.account === 'client').map((row) => [row.amount_paise, row.remark]),
    ).toEqual([
      ['117600', 'Over/Under 2.5 Goals: Over 2.5 Goals won'],
      ['-55500', 'Over/Under 2.5 Goals: Over 2.5 Goals won'],
      ['-117600', 'Rollback: Goal disallowed'],
      ['55500', 'Rollback: Goal disallowed'],
      ['-165000', 'Over/Under 2.5 Goals: Under 2.5 Goals won'],
      ['66600', 'Over/Under 2.5 Goals: Under 2.5 Goals won'],
    ]);
    expect(new Set(ledger.map((row) => row.market_type))).toEqual(new Set(['OVER_UNDER_25']));
    await expectConserved();
  });

  it('refuses an over/under market on a cricket fixture event', async () => {
    const created = await ops('fixture-event', {
      seriesName: 'More Markets Cup',
      sportId: 4,
      name: 'A v B',
      runners: ['A', 'B'],
      markets: ['OVER_UNDER_25'],
    });
    expect(created.json()).toEqual({
      Status: false,
      Result: 'OVER_UNDER_25 is not a market of sport 4',
    });
  });
});

describe('set winner (tennis)', () => {
  it('settles set 1 for the first player (backs and a lay, paise exact) and voids set 3', async () => {
    const eventId = await fixtureEvent({
      sportId: 2,
      name: 'Alcaraz v Sinner',
      runners: ['Alcaraz', 'Sinner'],
      markets: ['SET_WINNER'],
    });
    const marketId = `${eventId}SW1`;
    const first = eventId * 100 + 31;
    const second = eventId * 100 + 32;
    await prices(eventId, marketId, [
      {
        selectionId: first,
        back: [{ price: 1.5, size: 5000 }],
        lay: [{ price: 1.52, size: 5000 }],
      },
      {
        selectionId: second,
        back: [{ price: 2.8, size: 5000 }],
        lay: [{ price: 3.2, size: 5000 }],
      },
    ]);
    await prices(eventId, `${eventId}SW3`, [
      {
        selectionId: eventId * 100 + 35,
        back: [{ price: 1.9, size: 500 }],
        lay: [{ price: 1.95, size: 500 }],
      },
      {
        selectionId: eventId * 100 + 36,
        back: [{ price: 2, size: 500 }],
        lay: [{ price: 2.2, size: 500 }],
      },
    ]);
    const a = await client('sw-a', 10_000);
    const b = await client('sw-b', 10_000);
    const market = { sportsId: 2 as const, eventId, marketId, marketType: 'SET_WINNER' };
    expect(
      await bet(a, { ...market, selectionId: second, betType: 'Back', odds: 2.8, stake: 500 }),
    ).toEqual(placed);
    expect(
      await bet(a, { ...market, selectionId: first, betType: 'Back', odds: 1.5, stake: 777 }),
    ).toEqual(placed);
    expect(
      await bet(b, { ...market, selectionId: first, betType: 'Lay', odds: 1.52, stake: 500 }),
    ).toEqual(placed);
    expect(
      await bet(b, {
        ...market,
        marketId: `${eventId}SW3`,
        selectionId: eventId * 100 + 36,
        betType: 'Back',
        odds: 2,
        stake: 500,
      }),
    ).toEqual(placed);
    // A: back 777 at 1.5 → +₹389 (₹388.50 rounded half away from zero, docs/product.md#validation) / −777; back
    // 500 at 2.8 → +900 / −500.
    expect((await book(a, marketId)).Result).toEqual([
      { selectionId: first, RunnerName: 'Alcaraz', pL: -111 },
      { selectionId: second, RunnerName: 'Sinner', pL: 123 },
    ]);
    expect(await exposurePaise('sw-a')).toEqual({ [marketId]: '11100' });
    // B: lay 500 at 1.52 → liability 260; back 500 at 2 on set 3 → 500.
    expect(await exposurePaise('sw-b')).toEqual({
      [marketId]: '26000',
      [`${eventId}SW3`]: '50000',
    });

    await ops('declare-result', { marketId, winnerSelectionId: first });
    expect(await detail(a)).toEqual({
      CreditLimit: 10000,
      PL: -111,
      Exposure: 0,
      Balance: 9889,
      MainBalance: 9889,
    });
    expect(await detail(b)).toEqual({
      CreditLimit: 10000,
      PL: -260,
      Exposure: 500,
      Balance: 9740,
      MainBalance: 9240,
    });
    expect(
      (await betsOf(marketId)).map((row) => [row.username, row.bet_type, row.status, row.pl_paise]),
    ).toEqual([
      ['sw-a', 'Back', 'Lost', '-50000'],
      ['sw-a', 'Back', 'Settled', '38900'],
      ['sw-b', 'Lay', 'Lost', '-26000'],
    ]);
    expect((await settlementLedger(marketId)).filter((row) => row.account === 'client')).toEqual([
      {
        account: 'client',
        amount_paise: '-11100',
        remark: 'Set 1 Winner: Alcaraz won',
        description: 'Alcaraz v Sinner - Set 1 Winner',
        market_type: 'SET_WINNER',
      },
      {
        account: 'client',
        amount_paise: '-26000',
        remark: 'Set 1 Winner: Alcaraz won',
        description: 'Alcaraz v Sinner - Set 1 Winner',
        market_type: 'SET_WINNER',
      },
    ]);

    // A settled market takes no more bets.
    expect(
      await bet(a, { ...market, selectionId: first, betType: 'Back', odds: 1.5, stake: 500 }),
    ).toEqual({
      Status: false,
      Result: 'Market closed',
    });

    // The feed voids set 3 (not played): B's stake comes back.
    await ops('fixture-step', {
      eventId,
      step: { kind: 'void', target: `${eventId}SW3`, reason: 'Set not played' },
    });
    expect(await detail(b)).toEqual({
      CreditLimit: 10000,
      PL: -260,
      Exposure: 0,
      Balance: 9740,
      MainBalance: 9740,
    });
    expect(feedLog).toEqual([]);
    await expectConserved();
  });
});

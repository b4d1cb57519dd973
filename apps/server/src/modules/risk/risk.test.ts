import { boEvents, riskBook } from '@backlay/contract/backoffice';
import { postFancyBet, postUserBet } from '@backlay/contract/bets';
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
import { changesOf, createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { scriptedFeed } from '../../../test/feed.js';
import { openDatabase } from '../../db/pool.js';
import { createCatalog } from '../markets/catalog.js';
import type { OpenStake } from './risk.queries.js';
import { houseBook } from './risk-book.js';
import { createRiskService, RECENT_EVENTS_MS, type RiskService } from './risk.service.js';

/*
 * The house's book (docs/backoffice.md) from real bets placed through the app on scripted
 * fixture events, in exact rupees: each runner's figure is minus the sum of the clients' books.
 */

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
/** Names from the database (two statements a poll). */
let risk: RiskService;
/** Names from the catalog (one statement a poll). */
let cached: RiskService;

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
const step = (id: number, payload: object) => ops('fixture-step', { eventId: id, step: payload });

async function fixture(body: object): Promise<number> {
  const answer = await ops('fixture-event', {
    sportId: 4,
    seriesName: 'Risk Cup',
    runners: ['Lions', 'Tigers'],
    maxStake: 500_000,
    ...body,
  });
  return (answer.Result as { eventId: number }).eventId;
}

interface Client {
  readonly name: string;
  readonly token: string;
}

async function newClient(name: string, credit = 100_000): Promise<Client> {
  await createTestClient(database.db, name, credit, clock);
  return { name, token: (await login(app, name)).Token };
}

async function placed(client: Client, bet: Record<string, unknown>) {
  const fancy = bet.MarketType === 'FANCY';
  const response = await app.inject({
    method: 'POST',
    url: fancy ? postFancyBet.path : postUserBet.path,
    payload: {
      sportsId: 4,
      SelectionName: 'Runner',
      Price: 0,
      MarketType: 'MATCH_ODDS',
      MarketId: `1.${eventId}`,
      EventId: eventId,
      BetStatus: 'Pending',
      ...bet,
    },
    headers: bearer(client.token),
  });
  expect(response.json()).toEqual({ Status: true, Result: 'Bet placed successfully' });
}

const back = (selection: number, odds: number, stake: number) => ({
  SelectionID: String(selection),
  BetType: 'Back',
  Odds: odds,
  Stack: stake,
});
const lay = (selection: number, odds: number, stake: number) => ({
  ...back(selection, odds, stake),
  BetType: 'Lay',
});
const bookmaker = (bet: Record<string, unknown>) => ({
  ...bet,
  MarketType: 'BOOKMAKER',
  MarketId: `${eventId}B`,
});
const fancy = (betType: 'Yes' | 'No', line: number, stake: number) => ({
  MarketType: 'FANCY',
  MarketId: String(eventId),
  SelectionID: `${eventId}-1`,
  SelectionName: '6 over runs Lions',
  BetType: betType,
  Odds: line,
  Price: 100,
  Stack: stake,
});

/** The session's row at even rates: No at `noLine`, Yes one run above it. */
async function fancyLine(noLine: number) {
  await step(eventId, {
    kind: 'fancy',
    rows: [
      {
        selectionId: `${eventId}-1`,
        noLine,
        noRate: 100,
        yesLine: noLine + 1,
        yesRate: 100,
      },
    ],
  });
}

/** The book, checked against the contract and equal whichever way the names were read. */
async function book() {
  const answer = await risk.book();
  expect(riskBook.response.parse({ Status: true, Result: answer })).toEqual({
    Status: true,
    Result: answer,
  });
  expect(await cached.book()).toEqual(answer);
  return answer;
}

const marketOf = (answer: Awaited<ReturnType<typeof book>>, marketId: string) =>
  answer.markets.find((market) => market.marketId === marketId);

beforeAll(async () => {
  database = await createTestDatabase();
  const feed = scriptedFeed(database.db, clock, { staleMs: 3_600_000 });
  app = await buildTestApp(database.db, { clock, feed });
  risk = createRiskService({ db: database.db, clock, matkaPayout: 90 });
  const changes = changesOf(database.db);
  if (!changes) throw new Error('the test database has no listener');
  cached = createRiskService({
    db: database.db,
    clock,
    matkaPayout: 90,
    catalog: createCatalog({ db: database.db, changes, clock }),
  });

  eventId = await fixture({
    name: 'Lions v Tigers',
    bookmaker: true,
    fancy: ['6 over runs Lions', '10 over runs Lions'],
    inPlay: true,
  });
  lions = eventId * 100 + 1;
  tigers = eventId * 100 + 2;
  await step(eventId, {
    kind: 'prices',
    marketId: `1.${eventId}`,
    runners: [
      {
        selectionId: lions,
        back: [{ price: 2, size: 100_000 }],
        lay: [{ price: 2, size: 100_000 }],
      },
      {
        selectionId: tigers,
        back: [{ price: 2, size: 100_000 }],
        lay: [{ price: 2, size: 100_000 }],
      },
    ],
  });
  await step(eventId, {
    kind: 'prices',
    marketId: `${eventId}B`,
    runners: [
      {
        selectionId: lions,
        back: [{ price: 45, size: 100_000 }],
        lay: [{ price: 110, size: 100_000 }],
      },
      {
        selectionId: tigers,
        back: [{ price: 95, size: 100_000 }],
        lay: [{ price: 110, size: 100_000 }],
      },
    ],
  });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('the house book of a market', () => {
  it('answers an empty book when no bet is open', async () => {
    const answer = await book();
    expect(answer).toEqual({
      at: clock.now().toISOString(),
      markets: [],
      fancy: [],
      matka: [],
      casino: [],
      sportsExposure: 0,
      matkaExposure: 0,
      casinoExposure: 0,
      totalExposure: 0,
    });
  });

  it('is minus the sum of the clients’ books: A backs Lions 1000 at 2.0, B lays 500 at 2.0', async () => {
    const a = await newClient('alpha');
    const b = await newClient('bravo');
    await placed(a, back(lions, 2, 1000));
    await placed(b, lay(lions, 2, 500));
    expect(marketOf(await book(), `1.${eventId}`)).toEqual({
      eventId,
      eventName: 'Lions v Tigers',
      sportId: 4,
      marketId: `1.${eventId}`,
      marketName: 'Match Odds',
      status: 'OPEN',
      // Lions: −1000 + 500; Tigers: +1000 − 500.
      runners: [
        { selectionId: String(lions), name: 'Lions', house: -500 },
        { selectionId: String(tigers), name: 'Tigers', house: 500 },
      ],
      houseExposure: 500,
      openBets: 2,
      topClients: [
        { clientId: expect.any(String), username: 'alpha', exposure: 1000, best: 1000 },
        { clientId: expect.any(String), username: 'bravo', exposure: 500, best: 500 },
      ],
    });
  });

  it('orders the top clients by exposure and turns the house’s worst runner with a third bet', async () => {
    const c = await newClient('charlie');
    await placed(c, back(tigers, 2, 600));
    const market = marketOf(await book(), `1.${eventId}`);
    // Lions: −500 + 600 = +100; Tigers: +500 − 600 = −100.
    expect(market?.runners.map((runner) => runner.house)).toEqual([100, -100]);
    expect(market?.houseExposure).toBe(100);
    expect(market?.openBets).toBe(3);
    expect(
      market?.topClients.map((client) => [client.username, client.exposure, client.best]),
    ).toEqual([
      ['alpha', 1000, 1000],
      ['charlie', 600, 600],
      ['bravo', 500, 500],
    ]);
  });

  it('lists at most five clients, largest exposure first, at bookmaker odds per 100', async () => {
    const stakes = [700, 500, 1000, 600, 900, 800];
    for (const [index, stake] of stakes.entries()) {
      await placed(await newClient(`bookie${index}`), bookmaker(back(lions, 45, stake)));
    }
    const market = marketOf(await book(), `${eventId}B`);
    // 4500 backed at 45: Lions wins → the house pays 0.45 × 4500; Tigers wins → it keeps 4500.
    expect(market?.runners).toEqual([
      { selectionId: String(lions), name: 'Lions', house: -2025 },
      { selectionId: String(tigers), name: 'Tigers', house: 4500 },
    ]);
    expect(market?.houseExposure).toBe(2025);
    expect(market?.openBets).toBe(6);
    expect(market?.marketName).toBe('Bookmaker');
    expect(
      market?.topClients.map((client) => [client.username, client.exposure, client.best]),
    ).toEqual([
      ['bookie2', 1000, 450],
      ['bookie4', 900, 405],
      ['bookie5', 800, 360],
      ['bookie0', 700, 315],
      ['bookie3', 600, 270],
    ]);
  });

  it('sums one client’s bets on a runner before taking their worst and best outcome', async () => {
    const d = await newClient('delta');
    await placed(d, back(lions, 2, 1000));
    await placed(d, lay(lions, 2, 1000));
    const market = marketOf(await book(), `1.${eventId}`);
    // delta is flat (+1000 − 1000 either way): exposure 0, best 0; the house is unchanged.
    expect(market?.runners.map((runner) => runner.house)).toEqual([100, -100]);
    expect(market?.openBets).toBe(5);
    expect(market?.topClients.find((client) => client.username === 'delta')).toEqual({
      clientId: expect.any(String),
      username: 'delta',
      exposure: 0,
      best: 0,
    });
  });
});

describe('the house ladder of a fancy session', () => {
  it('keeps the runs where the house’s result changes: Yes 50 for 100, No 52 for 200 at even rates', async () => {
    const echo = await newClient('echo');
    const foxtrot = await newClient('foxtrot');
    await fancyLine(49);
    await placed(echo, fancy('Yes', 50, 100));
    await fancyLine(52);
    await placed(foxtrot, fancy('No', 52, 200));
    const answer = await book();
    expect(answer.fancy).toEqual([
      {
        eventId,
        eventName: 'Lions v Tigers',
        selectionId: `${eventId}-1`,
        name: '6 over runs Lions',
        // Under 50 the Yes loses 100 and the No wins 200; 50–51 both win; from 52 the No loses.
        ladder: [
          { runs: 49, house: -100 },
          { runs: 50, house: -300 },
          { runs: 52, house: 100 },
        ],
        houseExposure: 300,
        openBets: 2,
        topClients: [
          { clientId: expect.any(String), username: 'foxtrot', exposure: 200, best: 200 },
          { clientId: expect.any(String), username: 'echo', exposure: 100, best: 100 },
        ],
      },
    ]);
  });

  it('totals every market’s and session’s house exposure', async () => {
    const answer = await book();
    expect(answer.markets.map((market) => market.marketId)).toEqual([
      `1.${eventId}`,
      `${eventId}B`,
    ]);
    expect(answer.sportsExposure).toBe(100 + 2025 + 300);
    expect(answer.totalExposure).toBe(100 + 2025 + 300);
  });

  it('lets polls that arrive together share one read, and reads again for the next poll', async () => {
    const statements: string[] = [];
    const counted = openDatabase(database.url, {
      max: 2,
      onQuery: (text) => statements.push(text),
    });
    try {
      const service = createRiskService({ db: counted.db, clock, matkaPayout: 90 });
      const [first, second] = await Promise.all([service.book(), service.book()]);
      expect(second).toEqual(first);
      expect(first).toEqual(await risk.book());
      // The open stakes (sports, matka, casino), then the names of the markets and sessions:
      // once for both polls.
      expect(statements).toHaveLength(4);
      await service.book();
      expect(statements).toHaveLength(8);
    } finally {
      await counted.close();
    }
  });

  it('drops a market once it is settled, and a session once it is voided', async () => {
    await ops('declare-result', { marketId: `${eventId}B`, winnerSelectionId: tigers });
    await ops('void-market', { target: `${eventId}-1`, reason: 'Rain' });
    const answer = await book();
    expect(answer.markets.map((market) => market.marketId)).toEqual([`1.${eventId}`]);
    expect(answer.fancy).toEqual([]);
    expect(answer.totalExposure).toBe(100);
  });
});

describe('houseBook', () => {
  const stake = (overrides: Partial<OpenStake>): OpenStake => ({
    eventId: '7',
    positionKey: '1.7',
    isFancy: false,
    clientId: '1',
    username: 'one',
    selectionId: '701',
    betType: 'Back',
    line: 0,
    profitPaise: '10000',
    liabilityPaise: '10000',
    bets: 1,
    ...overrides,
  });

  it('shows a position whose market it cannot name by its ids rather than hide its risk', () => {
    const answer = houseBook(
      [stake({}), stake({ clientId: '2', username: 'two', selectionId: '702', bets: 2 })],
      { markets: new Map(), sessions: new Map() },
      clock.now(),
    );
    expect(answer.markets).toMatchObject([
      {
        target: { marketId: '1.7', name: '1.7', status: 'UNKNOWN', event: { name: 'Event 7' } },
        runners: [
          { selectionId: '701', house: 0 },
          { selectionId: '702', house: 0 },
        ],
        houseExposure: 0,
        openBets: 3,
      },
    ]);
  });

  it('breaks ties of exposure by the larger best outcome, then by username', () => {
    const answer = houseBook(
      [
        stake({ clientId: '1', username: 'zed', profitPaise: '5000' }),
        stake({ clientId: '2', username: 'amy', profitPaise: '5000' }),
        stake({ clientId: '3', username: 'bob', profitPaise: '9000' }),
      ],
      { markets: new Map(), sessions: new Map() },
      clock.now(),
    );
    expect(answer.markets[0]?.topClients.map((client) => client.username)).toEqual([
      'bob',
      'amy',
      'zed',
    ]);
  });
});

describe('the events of the back office', () => {
  it('lists open events with markets, runners, fancy rows, locks, suspensions and settlements', async () => {
    await ops('lock-event', { eventId });
    await ops('suspend-market', { marketId: `1.${eventId}` });
    await ops('set-custom-fancy', {
      eventId,
      selectionId: `${eventId}-9`,
      runnerName: 'Operator session',
      isCustome: true,
      isActive: true,
      backPrice: 30,
      backSize: 100,
      layPrice: 29,
      laySize: 100,
      min: 100,
      max: 1000,
    });
    const events = await risk.events();
    expect(boEvents.response.parse({ Status: true, Result: events }).Status).toBe(true);
    expect(events.find((event) => event.eventId === eventId)).toEqual({
      eventId,
      sportId: 4,
      seriesName: 'Risk Cup',
      name: 'Lions v Tigers',
      status: 'inplay',
      startTime: expect.any(String),
      isLocked: true,
      markets: [
        {
          marketId: `1.${eventId}`,
          name: 'Match Odds',
          status: 'OPEN',
          isSuspendedByOperator: true,
          settlement: 'none',
          runners: [
            { selectionId: String(lions), name: 'Lions' },
            { selectionId: String(tigers), name: 'Tigers' },
          ],
        },
        {
          marketId: `${eventId}B`,
          name: 'Bookmaker',
          status: 'CLOSED',
          isSuspendedByOperator: false,
          settlement: 'settled',
          runners: [
            { selectionId: String(lions), name: 'Lions' },
            { selectionId: String(tigers), name: 'Tigers' },
          ],
        },
      ],
      fancy: [
        {
          selectionId: `${eventId}-1`,
          name: '6 over runs Lions',
          isCustom: false,
          settlement: 'voided',
        },
        {
          selectionId: `${eventId}-2`,
          name: '10 over runs Lions',
          isCustom: false,
          settlement: 'none',
        },
        {
          selectionId: `${eventId}-9`,
          name: 'Operator session',
          isCustom: true,
          settlement: 'none',
        },
      ],
    });
  });

  it('keeps a closed event for two days after it was last heard of, then drops it', async () => {
    const startTime = new Date(clock.now().getTime() - 3 * 24 * 3600 * 1000).toISOString();
    const old = await fixture({ name: 'Old v Stale', startTime });
    const recent = await fixture({ name: 'Fresh v Done', startTime: clock.now().toISOString() });
    const settledLate = await fixture({ name: 'Late v Result', startTime });
    for (const id of [old, recent, settledLate])
      await step(id, { kind: 'status', status: 'closed' });
    await ops('void-market', { target: `1.${settledLate}`, reason: 'Abandoned' });

    const listed = async () => (await risk.events()).map((event) => event.eventId);
    expect(await listed()).toEqual(expect.arrayContaining([eventId, recent, settledLate]));
    expect(await listed()).not.toContain(old);
    const closed = (await risk.events()).filter((event) => event.status === 'closed');
    expect(closed.map((event) => event.eventId)).toEqual([settledLate, recent]);

    clock.advance(RECENT_EVENTS_MS + 1);
    expect(await listed()).not.toContain(recent);
    expect(await listed()).not.toContain(settledLate);
    expect(await listed()).toContain(eventId);
  });
});

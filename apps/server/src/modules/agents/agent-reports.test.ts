import * as api from '@backlay/contract/agents';
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, login, OPS_TOKEN, testClock } from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { scriptedFeed } from '../../../test/feed.js';
import { createHub, type Hub } from '../../hub/hub.js';
import { systemRandom } from '../../seams.js';

/*
 * What a user above the clients reads of its subtree, over HTTP (docs/agents.md#reads): the
 * worked example of docs/agents.md#worked-example built through the routes (admin → sm1 90 % →
 * m_1 80 % → a_1 70 % → c_1, 1 % match and session commission; a second branch sm2 → c_2), its
 * bets' live book and user book before settlement, then its P/L by market and by user, the
 * statements and the commission report to the paisa; the 404 of a user outside the caller's
 * subtree; and the RiskChanged an agent's console hears through the hub.
 */

const TXN = 'transaction secret';
const PASSWORD = 'correct horse battery';
const ADMIN_PASSWORD = 'admin password of the site';
const TODAY = '2026-11-21';

let database: TestDatabase;
let app: FastifyInstance;
let hub: Hub;
let base: string;
const clock = testClock();
const open: HubConnection[] = [];
/** Tokens by username; the operator's door as 'ops'. */
const tokens = new Map<string, string>([['ops', OPS_TOKEN]]);
let eventId: number;
let runnerA: string;
let runnerB: string;
let matchOdds: string;
let bookmaker: string;
let session: string;

const token = (username: string) => tokens.get(username) ?? '';

async function post(path: string, payload: object | undefined, as: string, key?: string) {
  const response = await app.inject({
    method: 'POST',
    url: path,
    ...(payload ? { payload } : {}),
    headers: { ...bearer(token(as)), ...(key ? { 'idempotency-key': key } : {}) },
  });
  return {
    status: response.statusCode,
    body: response.json<{ Status: boolean; Result: unknown }>(),
  };
}

/** GET as `as` (a username, or 'ops' for the operator's door, whose paths are /api/ops/agent/…). */
async function get(path: string, as: string, query: Record<string, string> = {}) {
  const url = as === 'ops' ? path.replace('/api/agent/', '/api/ops/agent/') : path;
  const search = new URLSearchParams(query).toString();
  const response = await app.inject({
    url: search ? `${url}?${search}` : url,
    headers: bearer(token(as)),
  });
  return {
    status: response.statusCode,
    body: response.json<{ Status: boolean; Result: unknown }>(),
  };
}

/** The Result of a 200 success, parsed with the endpoint's own schema. */
async function read<E extends { path: string; response: { parse(value: unknown): unknown } }>(
  endpoint: E,
  as: string,
  query: Record<string, string> = {},
  path = endpoint.path,
) {
  const answer = await get(path, as, query);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  endpoint.response.parse(answer.body);
  expect(answer.body.Status, JSON.stringify(answer.body)).toBe(true);
  return answer.body.Result as Record<string, unknown>;
}

const notFound = (message: string) => ({ status: 404, body: { Status: false, Result: message } });

async function agentLogin(username: string, password = PASSWORD) {
  const answer = await post(api.agentLogin.path, { username, password }, '');
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ Status: true });
  return (answer.body.Result as { token: string }).token;
}

async function create(
  parent: string,
  username: string,
  level: 'supermaster' | 'master' | 'agent' | 'client',
  partnership?: number,
) {
  const answer = await post(
    api.agentCreateUser.path,
    {
      level,
      username,
      password: PASSWORD,
      creditReference: 0,
      ...(partnership === undefined ? {} : { partnership }),
      matchCommission: 1,
      sessionCommission: 1,
      transactionPassword: TXN,
    },
    parent,
  );
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ Status: true });
  if (level === 'client') {
    tokens.set(username, (await login(app, username, PASSWORD)).Token);
    return;
  }
  tokens.set(username, await agentLogin(username));
  await post(api.agentTransactionPassword.path, { password: TXN }, username);
}

async function deposit(from: string, to: string, amount: number) {
  const answer = await post(
    api.agentDeposit.path,
    { username: to, amount, transactionPassword: TXN },
    from,
    `deposit-${to}`,
  );
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ Status: true });
}

const ops = async (command: string, payload: object) => {
  const answer = await post(`/api/ops/${command}`, payload, 'ops');
  expect(answer.body.Status, JSON.stringify(answer.body)).toBe(true);
  return answer.body.Result;
};

async function bet(payload: Record<string, unknown>) {
  const fancy = payload.MarketType === 'FANCY';
  const answer = await post(
    fancy ? '/api/UserBetModels/PostFancyBetModel' : '/api/UserBetModels/PostUserBetModel',
    {
      sportsId: 4,
      SelectionName: 'Runner',
      Price: 0,
      MarketType: 'MATCH_ODDS',
      MarketId: matchOdds,
      EventId: eventId,
      BetStatus: 'Pending',
      ...payload,
    },
    'c_1',
  );
  expect(answer.body).toEqual({ Status: true, Result: 'Bet placed successfully' });
}

beforeAll(async () => {
  database = await createTestDatabase();
  hub = createHub({
    db: database.db,
    clock,
    random: systemRandom,
    secret: Buffer.alloc(32, 9),
    pingMs: 500,
    clientTimeoutMs: 30_000,
    handshakeTimeoutMs: 15_000,
    sessionMaxMs: 24 * 3600 * 1000,
    log: () => {},
  });
  // Prices stay fresh while the tests move the clock between settlements.
  const feed = scriptedFeed(database.db, clock, { staleMs: 24 * 3_600_000 });
  app = await buildTestApp(database.db, { clock, feed, hub });
  base = await app.listen({ port: 0, host: '127.0.0.1' });

  await ops('agent/admin-password', { password: ADMIN_PASSWORD });
  await ops('agent/admin-commission', { matchCommission: 3, sessionCommission: 2 });
  tokens.set('admin', await agentLogin('admin', ADMIN_PASSWORD));
  await post(api.agentTransactionPassword.path, { password: TXN }, 'admin');
  await create('admin', 'sm1', 'supermaster', 90);
  await create('sm1', 'm_1', 'master', 80);
  await create('m_1', 'a_1', 'agent', 70);
  await create('a_1', 'c_1', 'client');
  await create('admin', 'sm2', 'supermaster', 50);
  await create('sm2', 'c_2', 'client');
  // docs/agents.md#worked-example: what each parent lent, as deposits.
  await deposit('admin', 'sm1', 10_00_000);
  await deposit('sm1', 'm_1', 5_00_000);
  await deposit('m_1', 'a_1', 1_00_000);
  await deposit('a_1', 'c_1', 10_000);
  await deposit('admin', 'sm2', 1_000);
  await deposit('sm2', 'c_2', 500);

  const created = (await ops('fixture-event', {
    sportId: 4,
    seriesName: 'Agents Cup',
    name: 'Worked v Example',
    runners: ['Worked', 'Example'],
    bookmaker: true,
    fancy: ['6 over runs'],
    inPlay: true,
  })) as { eventId: number };
  eventId = created.eventId;
  runnerA = String(eventId * 100 + 1);
  runnerB = String(eventId * 100 + 2);
  matchOdds = `1.${eventId}`;
  bookmaker = `${eventId}B`;
  session = `${eventId}-1`;
  for (const [marketId, back, lay] of [
    [matchOdds, 2, 2.02],
    [bookmaker, 91, 95],
  ] as const) {
    await ops('fixture-step', {
      eventId,
      step: {
        kind: 'prices',
        marketId,
        runners: [runnerA, runnerB].map((selectionId) => ({
          selectionId: Number(selectionId),
          back: [{ price: back, size: 100_000 }],
          lay: [{ price: lay, size: 100_000 }],
        })),
      },
    });
  }
  await ops('fixture-step', {
    eventId,
    step: {
      kind: 'fancy',
      rows: [{ selectionId: session, noLine: 50, noRate: 90, yesLine: 50, yesRate: 110 }],
    },
  });
});

afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop()));
  await hub.close();
  await app.close();
  await database.drop();
});

describe("an agent's console hears the hub", () => {
  it('hears RiskChanged with a ticket of its own when its client bets; a client’s token gets none; its logout ends the connection', async () => {
    const ticketOf = (as: string) =>
      app.inject({ method: 'POST', url: api.agentHubTicket.path, headers: bearer(as) });
    expect((await ticketOf(token('c_1'))).statusCode).toBe(401);
    expect((await ticketOf(OPS_TOKEN)).statusCode).toBe(401);
    // A second session of a1's for the console, so that its logout ends this one only.
    const consoleToken = await agentLogin('a_1');
    const watching = new HubConnectionBuilder()
      .withUrl(`${base}/MessageHub?userId=0`, {
        transport: HttpTransportType.WebSockets,
        accessTokenFactory: async () =>
          (await ticketOf(consoleToken)).json<{ Result: { ticket: string } }>().Result.ticket,
      })
      .configureLogging(LogLevel.None)
      .build();
    open.push(watching);
    const heard: { EventIds: number[] }[] = [];
    watching.on('RiskChanged', (payload: { EventIds: number[] }) => void heard.push(payload));
    const closed = new Promise<unknown>((resolve) => watching.onclose(resolve));
    await watching.start();

    // c1's bets: the worked example's ₹1,000 back at 2.00, a bookmaker back of ₹505 at 91 and a
    // session Yes of ₹100 at 50 (rate 110).
    await bet({ SelectionID: runnerA, BetType: 'Back', Odds: 2, Stack: 1000 });
    await bet({
      MarketType: 'BOOKMAKER',
      MarketId: bookmaker,
      SelectionID: runnerA,
      BetType: 'Back',
      Odds: 91,
      Stack: 505,
    });
    await bet({
      MarketType: 'FANCY',
      MarketId: String(eventId),
      SelectionID: session,
      SelectionName: '6 over runs',
      BetType: 'Yes',
      Odds: 50,
      Price: 110,
      Stack: 100,
    });
    await vi.waitFor(() => expect(heard.flatMap((push) => push.EventIds)).toContain(eventId));
    expect(new Set(heard.flatMap((push) => push.EventIds))).toEqual(new Set([eventId]));

    await app.inject({ method: 'POST', url: api.agentLogout.path, headers: bearer(consoleToken) });
    await hub.tick();
    await closed;
    expect(watching.state).toBe(HubConnectionState.Disconnected);
  });
});

describe('the live book of a subtree', () => {
  it("shows each runner's result for the downline and for the caller's take, rounded half away from zero", async () => {
    const a1 = await read(api.agentBook, 'a_1');
    expect(a1).toMatchObject({
      markets: [
        {
          eventId,
          eventName: 'Worked v Example',
          marketId: matchOdds,
          marketType: 'MATCH_ODDS',
          runners: [
            { selectionId: runnerA, name: 'Worked', downline: -1000, mine: -700 },
            { selectionId: runnerB, name: 'Example', downline: 1000, mine: 700 },
          ],
          downlineExposure: 1000,
          myExposure: 700,
          openBets: 1,
        },
        {
          marketId: bookmaker,
          marketType: 'BOOKMAKER',
          // Clients +₹459.55 / −₹505.00; a1's 70 % of −45,955 paise is −32,168.5: −₹321.69.
          runners: [
            { selectionId: runnerA, downline: -459.55, mine: -321.69 },
            { selectionId: runnerB, downline: 505, mine: 353.5 },
          ],
          downlineExposure: 459.55,
          myExposure: 321.69,
          openBets: 1,
        },
      ],
      fancy: [
        {
          eventId,
          selectionId: session,
          name: '6 over runs',
          ladder: [
            { runs: 49, downline: 110, mine: 77 },
            { runs: 50, downline: -100, mine: -70 },
          ],
          downlineExposure: 100,
          myExposure: 70,
          openBets: 1,
        },
      ],
    });
    // sm1 takes 10 %: −4,595.5 paise rounds to −₹45.96; the admin's the same, by the ops door.
    for (const as of ['sm1', 'ops', 'admin']) {
      const book = (await read(api.agentBook, as)) as { markets: { runners: unknown[] }[] };
      expect(book.markets.map((market) => market.runners)).toEqual([
        [
          { selectionId: runnerA, name: 'Worked', downline: -1000, mine: -100 },
          { selectionId: runnerB, name: 'Example', downline: 1000, mine: 100 },
        ],
        [
          { selectionId: runnerA, name: 'Worked', downline: -459.55, mine: -45.96 },
          { selectionId: runnerB, name: 'Example', downline: 505, mine: 50.5 },
        ],
      ]);
    }
    // Another branch sees nothing of it.
    expect(await read(api.agentBook, 'sm2')).toEqual({
      at: expect.any(String) as string,
      markets: [],
      fancy: [],
    });
  });

  it('drills down into a market: each direct child’s position and the caller’s take; 404 outside', async () => {
    const path = (marketId: string) => api.agentBookUsers.path.replace(':marketId', marketId);
    expect(await read(api.agentBookUsers, 'sm1', {}, path(matchOdds))).toEqual({
      eventId,
      eventName: 'Worked v Example',
      marketId: matchOdds,
      marketName: expect.any(String) as string,
      marketType: 'MATCH_ODDS',
      runners: [
        { selectionId: runnerA, name: 'Worked' },
        { selectionId: runnerB, name: 'Example' },
      ],
      runs: [],
      users: [{ userName: 'm_1', level: 'master', pL: [1000, -1000], myTake: [-100, 100] }],
      total: { pL: [1000, -1000], myTake: [-100, 100] },
    });
    expect(await read(api.agentBookUsers, 'sm1', { parent: 'a_1' }, path(bookmaker))).toMatchObject(
      {
        users: [{ userName: 'c_1', level: 'client', pL: [459.55, -505], myTake: [-45.96, 50.5] }],
      },
    );
    expect(await read(api.agentBookUsers, 'a_1', {}, path(session))).toMatchObject({
      marketId: session,
      marketName: '6 over runs',
      marketType: 'FANCY',
      runners: [],
      runs: [49, 50, 51],
      users: [{ userName: 'c_1', level: 'client', pL: [-110, 100, 100], myTake: [77, -70, -70] }],
    });
    expect(await read(api.agentBookUsers, 'ops', {}, path(matchOdds))).toMatchObject({
      users: [{ userName: 'sm1', level: 'supermaster', pL: [1000, -1000], myTake: [-100, 100] }],
    });
    // Outside the subtree, or nothing open there: as for no one.
    expect(await get(path(matchOdds), 'sm2')).toEqual(
      notFound(`No open bets of your downline on '${matchOdds}'`),
    );
    expect(await get(path(`1.${eventId + 1000}`), 'a_1')).toEqual(
      notFound(`No open bets of your downline on '1.${eventId + 1000}'`),
    );
    expect(await get(`${path(matchOdds)}?parent=a_1`, 'sm2')).toEqual(
      notFound("No user named 'a_1'"),
    );
    expect(await get(`${path(matchOdds)}?parent=c_1`, 'sm1')).toEqual({
      status: 200,
      body: { Status: false, Result: 'c_1 is a client: it has no downline', field: 'parent' },
    });
    expect((await get(path('not-a-market'), 'a_1')).status).toBe(400);
  });

  it('lists the open bets of the subtree newest first, filtered and paged; 404 for a user outside', async () => {
    const all = (await read(api.agentBets, 'sm1')) as { total: number; bets: unknown[] };
    expect(all.total).toBe(3);
    expect(all.bets).toEqual([
      {
        betId: expect.any(String) as string,
        username: 'c_1',
        eventId,
        eventName: 'Worked v Example',
        marketId: session,
        marketName: '6 over runs',
        marketType: 'FANCY',
        selectionId: session,
        selectionName: '6 over runs',
        side: 'Yes',
        odds: 50,
        price: 110,
        stake: 100,
        liability: 110,
        placedAt: clock.now().toISOString(),
      },
      expect.objectContaining({ marketId: bookmaker, side: 'Back', odds: 91, stake: 505 }),
      expect.objectContaining({
        marketId: matchOdds,
        marketType: 'MATCH_ODDS',
        selectionId: runnerA,
        side: 'Back',
        odds: 2,
        stake: 1000,
        liability: 1000,
      }),
    ]);
    expect(
      await read(api.agentBets, 'a_1', { username: 'c_1', marketType: 'BOOKMAKER' }),
    ).toMatchObject({ total: 1, bets: [{ marketId: bookmaker }] });
    expect(await read(api.agentBets, 'ops', { skip: '1', take: '1' })).toMatchObject({
      total: 3,
      bets: [{ marketId: bookmaker }],
    });
    expect(await read(api.agentBets, 'm_1', { eventId: String(eventId + 1) })).toEqual({
      total: 0,
      bets: [],
    });
    expect(await read(api.agentBets, 'sm2')).toEqual({ total: 0, bets: [] });
    for (const outside of ['c_2', 'sm2', 'admin', 'nobody'])
      expect(await get(api.agentBets.path, 'sm1', { username: outside })).toEqual(
        notFound(`No user named '${outside}'`),
      );
    expect((await get(api.agentBets.path, 'sm1', { marketType: 'CRICKET' })).status).toBe(400);
  });
});

describe('P/L, statements and commission once settled', () => {
  beforeAll(async () => {
    clock.advance(60_000);
    await ops('declare-result', { marketId: matchOdds, winnerSelectionId: Number(runnerB) });
    clock.advance(60_000);
    await ops('declare-result', { eventId, selectionId: session, runs: 55 });
  });

  it("shows the worked example per market: the client's −₹1,000.00, a1's +₹700.00 and its −₹7.00 of the ₹10.00 commission", async () => {
    const matchRow = (share: number, commission: number) => ({
      eventId,
      eventName: 'Worked v Example',
      marketId: matchOdds,
      marketName: expect.any(String) as string,
      marketType: 'MATCH_ODDS',
      settledAt: new Date(clock.now().getTime() - 60_000).toISOString(),
      clientResult: -1000,
      myShare: share,
      commission: 10,
      myCommission: commission,
      myNet: share + commission,
    });
    // The session: Yes at 50 won ₹100.00 at 55 runs; 1 % of the ₹100 staked, ₹1.00, commission.
    const sessionRow = (share: number, commission: number, net: number) => ({
      eventId,
      eventName: 'Worked v Example',
      marketId: session,
      marketName: '6 over runs',
      marketType: 'FANCY',
      settledAt: clock.now().toISOString(),
      clientResult: 100,
      myShare: share,
      commission: 1,
      myCommission: commission,
      myNet: net,
    });
    expect(await read(api.agentPl, 'a_1')).toEqual({
      total: 2,
      totals: {
        clientResult: -900,
        myShare: 630,
        commission: 11,
        myCommission: -7.7,
        myNet: 622.3,
      },
      markets: [sessionRow(-70, -0.7, -70.7), matchRow(700, -7)],
    });
    for (const as of ['sm1', 'm_1', 'ops'])
      expect(await read(api.agentPl, as)).toEqual({
        total: 2,
        totals: {
          clientResult: -900,
          myShare: 90,
          commission: 11,
          myCommission: -1.1,
          myNet: 88.9,
        },
        markets: [sessionRow(-10, -0.1, -10.1), matchRow(100, -1)],
      });
    // Paged: the page's rows, the range's totals.
    expect(await read(api.agentPl, 'a_1', { skip: '1', take: '1' })).toMatchObject({
      total: 2,
      totals: { myNet: 622.3 },
      markets: [{ marketId: matchOdds, myNet: 693 }],
    });
    // Another branch, another day: nothing.
    const none = {
      total: 0,
      totals: { clientResult: 0, myShare: 0, commission: 0, myCommission: 0, myNet: 0 },
      markets: [],
    };
    expect(await read(api.agentPl, 'sm2')).toEqual(none);
    expect(await read(api.agentPl, 'a_1', { from: '2026-11-22', to: '2026-11-23' })).toEqual(none);
    expect(await read(api.agentPl, 'a_1', { from: TODAY, to: TODAY })).toMatchObject({ total: 2 });
    expect(await get(api.agentPl.path, 'a_1', { from: '2026-11-22', to: TODAY })).toEqual({
      status: 400,
      body: { Status: false, Result: 'from must not be after to' },
    });
    expect((await get(api.agentPl.path, 'a_1', { from: '2026-02-30' })).status).toBe(400);
    expect((await get(api.agentPl.path, 'a_1', { take: '0' })).status).toBe(400);
  });

  it('shows the P/L by downline user: each direct child with its subtree and the caller’s take of it', async () => {
    const line = (username: string, level: string) => ({
      username,
      level,
      clientResult: -900,
      myShare: 90,
      commission: 11,
      myCommission: -1.1,
      myNet: 88.9,
    });
    const totals = {
      clientResult: -900,
      myShare: 90,
      commission: 11,
      myCommission: -1.1,
      myNet: 88.9,
    };
    expect(await read(api.agentPlByUser, 'sm1')).toEqual({
      total: 1,
      totals,
      users: [line('m_1', 'master')],
    });
    expect(await read(api.agentPlByUser, 'sm1', { parent: 'a_1' })).toEqual({
      total: 1,
      totals,
      users: [line('c_1', 'client')],
    });
    expect(await read(api.agentPlByUser, 'ops')).toEqual({
      total: 1,
      totals,
      users: [line('sm1', 'supermaster')],
    });
    expect(await read(api.agentPlByUser, 'a_1')).toEqual({
      total: 1,
      totals: {
        clientResult: -900,
        myShare: 630,
        commission: 11,
        myCommission: -7.7,
        myNet: 622.3,
      },
      users: [
        {
          username: 'c_1',
          level: 'client',
          clientResult: -900,
          myShare: 630,
          commission: 11,
          myCommission: -7.7,
          myNet: 622.3,
        },
      ],
    });
    expect(await read(api.agentPlByUser, 'sm2')).toMatchObject({ total: 0, users: [] });
    for (const outside of ['sm2', 'c_2', 'admin', 'nobody'])
      expect(await get(api.agentPlByUser.path, 'sm1', { parent: outside })).toEqual(
        notFound(`No user named '${outside}'`),
      );
  });

  it("gives the account statement of the caller or a user below it with a running balance: a1's ₹90,693 of the worked example", async () => {
    const a1 = (await read(api.agentStatement, 'a_1')) as {
      rows: { kind: string; amount: number; balance: number }[];
    };
    expect(a1).toMatchObject({
      username: 'a_1',
      level: 'agent',
      openBalance: 0,
      closeBalance: 90_622.3,
      total: 6,
    });
    expect(a1.rows.map((row) => [row.kind, row.amount, row.balance])).toEqual([
      ['credit', 1_00_000, 1_00_000],
      ['credit', -10_000, 90_000],
      ['settlement', 700, 90_700],
      ['commission', -7, 90_693],
      ['settlement', -70, 90_623],
      ['commission', -0.7, 90_622.3],
    ]);
    // c1 seen from sm1, paged: the balance runs over the earlier pages too.
    const c1 = (await read(api.agentStatement, 'sm1', {
      username: 'c_1',
      skip: '1',
      take: '2',
    })) as { rows: { kind: string; amount: number; balance: number; marketId: string | null }[] };
    expect(c1).toMatchObject({ username: 'c_1', level: 'client', closeBalance: 9_111, total: 5 });
    expect(c1.rows.map((row) => [row.kind, row.amount, row.balance, row.marketId])).toEqual([
      ['settlement', -1000, 9_000, matchOdds],
      ['commission', 10, 9_010, matchOdds],
    ]);
    // A day after: the balance before it, no rows.
    expect(
      await read(api.agentStatement, 'ops', {
        username: 'a_1',
        from: '2026-11-22',
        to: '2026-11-22',
      }),
    ).toEqual({
      username: 'a_1',
      level: 'agent',
      openBalance: 90_622.3,
      closeBalance: 90_622.3,
      total: 0,
      rows: [],
    });
    for (const outside of ['sm1', 'c_2', 'sm2', 'nobody'])
      expect(await get(api.agentStatement.path, 'a_1', { username: outside })).toEqual(
        notFound(`No user named '${outside}'`),
      );
  });

  it('reports the commission paid to each client and the caller’s bearing of it', async () => {
    expect(await read(api.agentCommissionReport, 'a_1')).toEqual({
      total: 1,
      totals: { match: 10, session: 1, myBearing: -7.7 },
      clients: [{ username: 'c_1', parent: 'a_1', match: 10, session: 1, myBearing: -7.7 }],
    });
    expect(await read(api.agentCommissionReport, 'ops')).toEqual({
      total: 1,
      totals: { match: 10, session: 1, myBearing: -1.1 },
      clients: [{ username: 'c_1', parent: 'a_1', match: 10, session: 1, myBearing: -1.1 }],
    });
    expect(await read(api.agentCommissionReport, 'sm1', { skip: '1' })).toEqual({
      total: 1,
      totals: { match: 10, session: 1, myBearing: -1.1 },
      clients: [],
    });
    expect(await read(api.agentCommissionReport, 'sm2')).toEqual({
      total: 0,
      totals: { match: 0, session: 0, myBearing: 0 },
      clients: [],
    });
  });

  it('keeps in the book only what is still open: the bookmaker', async () => {
    expect(await read(api.agentBook, 'a_1')).toMatchObject({
      markets: [{ marketId: bookmaker, openBets: 1 }],
      fancy: [],
    });
    expect(await read(api.agentBets, 'a_1')).toMatchObject({ total: 1 });
  });
});

describe('the reads as the contract has them', () => {
  it('refuses a malformed query with 400 before the service sees it, never a 5xx, and lists every read in the API document', async () => {
    const reads = [
      api.agentPl,
      api.agentPlByUser,
      api.agentBook,
      api.agentBets,
      api.agentStatement,
      api.agentCommissionReport,
    ];
    const malformed: Record<string, string>[] = [
      { from: 'yesterday' },
      { to: '2026-02-30' },
      { skip: '-1' },
      { take: '101' },
      { username: 'a' },
      { parent: '../admin' },
      { eventId: '1'.repeat(20) },
      { marketType: 'CASINO' },
    ];
    for (const endpoint of reads)
      for (const query of malformed) {
        const answer = await get(endpoint.path, 'sm1', query);
        expect([400, 200], `${endpoint.path} ${JSON.stringify(query)}`).toContain(answer.status);
      }
    for (const marketId of ['x'.repeat(90), '1.', `${eventId}-`, '1.1234567890123456'])
      expect((await get(`/api/agent/book/${encodeURIComponent(marketId)}`, 'sm1')).status).toBe(
        400,
      );
    // Above the rows: a range of more than 366 days.
    expect(await get(api.agentStatement.path, 'sm1', { from: '2025-01-01', to: TODAY })).toEqual({
      status: 400,
      body: { Status: false, Result: 'A report covers at most 366 days: narrow from … to' },
    });
    const document = (await app.inject({ url: '/api/docs' })).json<{ paths: object }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/agent/pl',
        '/api/agent/pl-by-user',
        '/api/agent/book',
        '/api/agent/book/{marketId}',
        '/api/agent/bets',
        '/api/agent/statement',
        '/api/agent/commission',
        '/api/agent/hub-ticket',
        '/api/ops/agent/book/{marketId}',
      ]),
    );
  });
});

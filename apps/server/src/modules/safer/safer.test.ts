import { getSessionEnd } from '@backlay/contract/auth';
import { postUserBet } from '@backlay/contract/bets';
import {
  casinoLaunch,
  casinoProviderCredit,
  casinoProviderDebit,
  casinoProviderSession,
} from '@backlay/contract/casino';
import { placeMatkaBet } from '@backlay/contract/matka';
import {
  exclude,
  getSafer,
  getSessionSummary,
  setLimit,
  setRealityCheck,
  type LimitKind,
} from '@backlay/contract/safer';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  CASINO_SECRET,
  createTestClient,
  LAT_LONG,
  login,
  OPS_TOKEN,
  testClock,
} from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { scriptedFeed } from '../../../test/feed.js';
import { BET_MESSAGES } from '../bets/bet-answers.js';

/*
 * docs/safer-gambling.md on a manual clock: each limit refused with its words and reset at the
 * end of its REPORT_TZ (Asia/Kolkata) period, the 24 hours before a raise holds, the operator's
 * ceiling, the session limit, time-outs and self-exclusions at login, and the casino's and matka's
 * stakes checked as bets are.
 */

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
/** 2026-11-21 10:00 UTC: Saturday 15:30 in Asia/Kolkata. */
const START = clock.now();
const ist = (local: string) => new Date(`${local}+05:30`);

const ops = (command: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/ops/${command}`, payload, headers: bearer(OPS_TOKEN) });

interface Client {
  readonly name: string;
  token: string;
}

let clients = 0;
async function newClient(credit = 100_000): Promise<Client> {
  clients += 1;
  const name = `safe${clients}`;
  await createTestClient(database.db, name, credit, clock);
  return { name, token: (await login(app, name)).Token };
}

async function call(client: Client, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await app.inject({ method, url, headers: bearer(client.token), payload });
  return response;
}

async function settings(client: Client) {
  const answer = getSafer.response.parse((await call(client, 'GET', getSafer.path)).json());
  if (!answer.Status) throw new Error(answer.Result);
  return answer.Result;
}

async function limitOf(client: Client, kind: LimitKind) {
  const found = (await settings(client)).limits.find((limit) => limit.kind === kind);
  if (!found) throw new Error(`no ${kind}`);
  return found;
}

async function set(client: Client, kind: LimitKind, value: number | null) {
  return setLimit.response.parse(
    (await call(client, 'POST', setLimit.path, { kind, value })).json(),
  );
}

async function setOk(client: Client, kind: LimitKind, value: number | null): Promise<string> {
  const answer = await set(client, kind, value);
  if (!answer.Status) throw new Error(answer.Result);
  return answer.Result.message;
}

let matches = 0;
/** A fresh match (each loss is settled by declaring its match odds), priced at 2 / 2.02. */
async function newMatch(): Promise<number> {
  const created = await ops('fixture-event', {
    sportId: 4,
    seriesName: 'Safer',
    name: `Lions ${(matches += 1)} v Tigers`,
    runners: ['Lions', 'Tigers'],
    maxStake: 500_000,
  });
  expect(created.statusCode, created.body).toBe(200);
  const eventId = created.json<{ Result: { eventId: number } }>().Result.eventId;
  const step = await ops('fixture-step', {
    eventId,
    step: {
      kind: 'prices',
      marketId: `1.${eventId}`,
      runners: [1, 2].map((n) => ({
        selectionId: eventId * 100 + n,
        back: [{ price: 2, size: 100_000 }],
        lay: [{ price: 2.02, size: 100_000 }],
      })),
    },
  });
  expect(step.statusCode, step.body).toBe(200);
  return eventId;
}

async function bet(client: Client, eventId: number, stake: number, side: 'Back' | 'Lay' = 'Back') {
  const response = await call(client, 'POST', postUserBet.path, {
    sportsId: 4,
    SelectionName: 'Lions',
    SelectionID: String(eventId * 100 + 1),
    Odds: side === 'Back' ? 2 : 2.02,
    Price: 0,
    MarketType: 'MATCH_ODDS',
    MarketId: `1.${eventId}`,
    EventId: eventId,
    BetType: side,
    BetStatus: 'Pending',
    Stack: stake,
  });
  return response.json<{ Status: boolean; Result: string }>();
}

const PLACED = { Status: true, Result: BET_MESSAGES.placed };

/** Backs Lions for `stake` on a fresh match and declares Tigers: the client loses `stake`. */
async function lose(client: Client, stake: number): Promise<void> {
  const eventId = await newMatch();
  expect(await bet(client, eventId, stake)).toEqual(PLACED);
  const declared = await ops('declare-result', {
    marketId: `1.${eventId}`,
    winnerSelectionId: eventId * 100 + 2,
  });
  expect(declared.json<{ Status: boolean }>().Status).toBe(true);
}

async function loginAnswer(name: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/Authenticate/ValidLogin?ipAddress=10.1.2.3',
    payload: { username: name, password: 'correct horse battery', LatLong: LAT_LONG },
  });
  return response.json<{ Status: boolean; Result: string }>();
}

async function sessionEnd(token: string) {
  return (await app.inject({ url: getSessionEnd.path, headers: bearer(token) })).json<unknown>();
}

beforeAll(async () => {
  database = await createTestDatabase();
  const feed = scriptedFeed(database.db, clock, { staleMs: 365 * 24 * 3_600_000 });
  app = await buildTestApp(database.db, {
    clock,
    feed,
    casinoPort: 9124,
    // Long sessions: the clock jumps days here.
    config: { session: { idleS: 400 * 24 * 3600, maxS: 400 * 24 * 3600 } },
  });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});
beforeEach(() => {
  clock.set(START);
});

describe('loss limits', () => {
  it('refuses a bet that could pass the daily limit, naming what is left and when it resets', async () => {
    const client = await newClient();
    expect(await setOk(client, 'lossDay', 1_100)).toBe('Daily loss limit set to ₹1,100, at once.');
    expect(await limitOf(client, 'lossDay')).toEqual({
      kind: 'lossDay',
      value: 1_100,
      own: 1_100,
      pending: null,
      ceiling: null,
      left: 1_100,
      resetsAt: ist('2026-11-22T00:00:00').toISOString(),
    });

    const eventId = await newMatch();
    expect(await bet(client, eventId, 600)).toEqual(PLACED);
    // The open bet could lose 600: 500 left, before anything is settled.
    expect((await limitOf(client, 'lossDay')).left).toBe(500);
    expect(await bet(client, eventId, 600)).toEqual({
      Status: false,
      Result:
        'Your daily loss limit of ₹1,100.00 leaves ₹500.00 until 22 Nov 2026, 00:00, and this could lose ₹600.00.',
    });
    expect(await bet(client, eventId, 500)).toEqual(PLACED);
    expect((await limitOf(client, 'lossDay')).left).toBe(0);

    // A bet that only lowers what can be lost (a lay against the backs) is never refused.
    expect(await bet(client, eventId, 500, 'Lay')).toEqual(PLACED);
  });

  it('counts settled losses and winnings of the day, and resets at midnight in REPORT_TZ', async () => {
    const client = await newClient();
    await setOk(client, 'lossDay', 1_000);
    await lose(client, 700);
    expect((await limitOf(client, 'lossDay')).left).toBe(300);
    const eventId = await newMatch();
    expect((await bet(client, eventId, 301)).Status).toBe(false);

    clock.set(ist('2026-11-21T23:59:59'));
    expect((await bet(client, eventId, 301)).Status).toBe(false);
    clock.set(ist('2026-11-22T00:00:00'));
    expect(await limitOf(client, 'lossDay')).toMatchObject({
      left: 1_000,
      resetsAt: ist('2026-11-23T00:00:00').toISOString(),
    });
    expect(await bet(client, eventId, 1_000)).toEqual(PLACED);
  });

  it('keeps the weekly limit over the days of an ISO week, reset on Monday', async () => {
    const client = await newClient();
    await setOk(client, 'lossWeek', 2_000);
    await lose(client, 1_500);
    clock.set(ist('2026-11-22T12:00:00')); // Sunday: the same week
    const eventId = await newMatch();
    expect(await bet(client, eventId, 600)).toEqual({
      Status: false,
      Result:
        'Your weekly loss limit of ₹2,000.00 leaves ₹500.00 until 23 Nov 2026, 00:00, and this could lose ₹600.00.',
    });
    clock.set(ist('2026-11-23T00:00:00')); // Monday
    expect(await bet(client, eventId, 600)).toEqual(PLACED);
  });

  it('keeps the monthly limit to the end of the calendar month', async () => {
    const client = await newClient();
    await setOk(client, 'lossMonth', 3_000);
    await lose(client, 2_500);
    clock.set(ist('2026-11-30T23:00:00'));
    const eventId = await newMatch();
    expect(await bet(client, eventId, 501)).toEqual({
      Status: false,
      Result:
        'Your monthly loss limit of ₹3,000.00 leaves ₹500.00 until 01 Dec 2026, 00:00, and this could lose ₹501.00.',
    });
    clock.set(ist('2026-12-01T00:00:00'));
    expect(await bet(client, eventId, 501)).toEqual(PLACED);
  });
});

describe('the stake limit', () => {
  it('refuses a bet whose stake is above it', async () => {
    const client = await newClient();
    expect(await setOk(client, 'stake', 500)).toBe('Stake limit set to ₹500, at once.');
    const eventId = await newMatch();
    expect(await bet(client, eventId, 501)).toEqual({
      Status: false,
      Result: 'Your stake limit is ₹500.00 a bet.',
    });
    expect(await bet(client, eventId, 500)).toEqual(PLACED);
  });
});

describe('changing a limit', () => {
  it('lowers at once, and raises or removes only 24 hours later', async () => {
    const client = await newClient();
    await setOk(client, 'lossDay', 1_000);
    expect(await setOk(client, 'lossDay', 5_000)).toBe(
      'Daily loss limit rises to ₹5,000 on 22 Nov 2026, 15:30 (24 hours from now).',
    );
    expect(await limitOf(client, 'lossDay')).toMatchObject({
      value: 1_000,
      own: 1_000,
      pending: { value: 5_000, from: ist('2026-11-22T15:30:00').toISOString() },
    });
    const eventId = await newMatch();
    clock.set(new Date(START.getTime() + 24 * 3_600_000 - 1));
    expect((await bet(client, eventId, 1_001)).Status).toBe(false);
    clock.set(new Date(START.getTime() + 24 * 3_600_000));
    expect(await limitOf(client, 'lossDay')).toMatchObject({ value: 5_000, pending: null });
    expect(await bet(client, eventId, 1_001)).toEqual(PLACED);

    expect(await setOk(client, 'lossDay', null)).toBe(
      'Daily loss limit ends on 23 Nov 2026, 15:30 (24 hours from now).',
    );
    expect(await limitOf(client, 'lossDay')).toMatchObject({
      value: 5_000,
      pending: { value: null },
    });
    // Lowering while a removal waits holds at once and drops the removal.
    expect(await setOk(client, 'lossDay', 2_000)).toBe('Daily loss limit set to ₹2,000, at once.');
    expect(await limitOf(client, 'lossDay')).toMatchObject({ value: 2_000, pending: null });
    clock.set(new Date(START.getTime() + 72 * 3_600_000));
    expect((await limitOf(client, 'lossDay')).value).toBe(2_000);
  });

  it("holds the operator's ceiling: the limit in force, never raised above it", async () => {
    const client = await newClient();
    const capped = await ops('limit-ceiling', {
      username: client.name,
      kind: 'lossDay',
      ceiling: 2_000,
    });
    expect(capped.json()).toEqual({
      Status: true,
      Result: `Daily loss limit of ${client.name}: ceiling ₹2,000`,
    });
    expect(await limitOf(client, 'lossDay')).toMatchObject({
      value: 2_000,
      own: null,
      ceiling: 2_000,
    });
    expect(await set(client, 'lossDay', 3_000)).toEqual({
      Status: false,
      Result: 'Daily loss limit cannot be above ₹2,000, the ceiling your operator set.',
    });
    await setOk(client, 'lossDay', 1_500);
    expect((await limitOf(client, 'lossDay')).value).toBe(1_500);
    // Removing the client's own leaves the ceiling in force.
    await setOk(client, 'lossDay', null);
    clock.set(new Date(START.getTime() + 25 * 3_600_000));
    expect(await limitOf(client, 'lossDay')).toMatchObject({ value: 2_000, own: null });
    const eventId = await newMatch();
    expect((await bet(client, eventId, 2_001)).Status).toBe(false);
  });

  it('refuses bad input with a 400', async () => {
    const client = await newClient();
    for (const payload of [
      { kind: 'lossYear', value: 10 },
      { kind: 'lossDay', value: 0 },
      { kind: 'lossDay', value: 10.5 },
      { kind: 'stake' },
    ]) {
      expect((await call(client, 'POST', setLimit.path, payload)).statusCode).toBe(400);
    }
  });
});

describe('the session limit', () => {
  it('ends the session when it runs out, and the next login gets its own', async () => {
    const client = await newClient();
    expect(await setOk(client, 'session', 30)).toBe('Session limit set to 30 minutes, at once.');
    expect((await settings(client)).sessionEndsAt).toBe(
      new Date(START.getTime() + 30 * 60_000).toISOString(),
    );
    clock.set(new Date(START.getTime() + 30 * 60_000 - 1));
    expect((await call(client, 'GET', getSafer.path)).statusCode).toBe(200);
    clock.set(new Date(START.getTime() + 30 * 60_000));
    expect((await call(client, 'GET', getSafer.path)).statusCode).toBe(401);
    expect(await sessionEnd(client.token)).toEqual({ Status: true, Result: 'session_limit' });

    client.token = (await login(app, client.name)).Token;
    expect((await settings(client)).sessionEndsAt).toBe(
      new Date(START.getTime() + 60 * 60_000).toISOString(),
    );
  });
});

describe('time-outs and self-exclusion', () => {
  it('logs out at once and refuses the login until the time-out ends', async () => {
    const client = await newClient();
    const answer = exclude.response.parse(
      (await call(client, 'POST', exclude.path, { period: '24h' })).json(),
    );
    expect(answer).toEqual({
      Status: true,
      Result: 'You are on a time-out until 22 Nov 2026, 15:30. You have been logged out.',
    });
    expect((await call(client, 'GET', getSafer.path)).statusCode).toBe(401);
    expect(await sessionEnd(client.token)).toEqual({ Status: true, Result: 'time_out' });
    expect(await loginAnswer(client.name)).toMatchObject({
      Status: false,
      Result: 'You are on a time-out until 22 Nov 2026, 15:30.',
    });
    // A wrong password is told nothing of it.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/Authenticate/ValidLogin?ipAddress=10.1.2.3',
      payload: { username: client.name, password: 'not the password', LatLong: LAT_LONG },
    });
    expect(wrong.json()).toMatchObject({ Status: false, Result: 'Invalid username or password' });
    clock.set(new Date(START.getTime() + 24 * 3_600_000));
    expect((await loginAnswer(client.name)).Status).toBe(true);
  });

  it('refuses a self-excluded login after its end until an operator lifts it', async () => {
    const client = await newClient();
    expect(
      (await call(client, 'POST', exclude.path, { period: '6m' })).json<{ Result: string }>()
        .Result,
    ).toBe('You have excluded yourself until 21 May 2027, 15:30. You have been logged out.');
    expect(await sessionEnd(client.token)).toEqual({ Status: true, Result: 'self_excluded' });
    expect((await loginAnswer(client.name)).Result).toBe(
      'You have excluded yourself until 21 May 2027, 15:30.',
    );
    expect((await ops('lift-exclusion', { username: client.name })).json()).toEqual({
      Status: false,
      Result: `The self-exclusion of ${client.name} runs until 21 May 2027, 15:30: it can be lifted only after it ends`,
    });

    clock.set(ist('2027-05-21T15:30:00'));
    expect((await loginAnswer(client.name)).Result).toBe(
      'Your self-exclusion ended on 21 May 2027, 15:30. Only your operator can lift it: please contact them.',
    );
    expect((await ops('lift-exclusion', { username: client.name })).json()).toEqual({
      Status: true,
      Result: `Self-exclusion of ${client.name} lifted`,
    });
    expect((await loginAnswer(client.name)).Status).toBe(true);
  });

  it('never lifts a permanent self-exclusion', async () => {
    const client = await newClient();
    await call(client, 'POST', exclude.path, { period: 'permanent' });
    expect((await loginAnswer(client.name)).Result).toBe('You have excluded yourself permanently.');
    clock.set(ist('2040-01-01T00:00:00'));
    expect((await ops('lift-exclusion', { username: client.name })).json()).toEqual({
      Status: false,
      Result: `${client.name} excluded themselves permanently: it cannot be lifted`,
    });
  });
});

describe('the reality check', () => {
  it("keeps the client's interval and sums this session's bets and net result", async () => {
    const client = await newClient();
    const chosen = setRealityCheck.response.parse(
      (await call(client, 'POST', setRealityCheck.path, { minutes: 60 })).json(),
    );
    expect(chosen).toMatchObject({ Status: true, Result: { realityCheckMinutes: 60 } });
    expect((await call(client, 'POST', setRealityCheck.path, { minutes: 45 })).statusCode).toBe(
      400,
    );
    await lose(client, 750);
    const eventId = await newMatch();
    expect(await bet(client, eventId, 500)).toEqual(PLACED);
    clock.set(new Date(START.getTime() + 90 * 60_000));
    expect(
      getSessionSummary.response.parse((await call(client, 'GET', getSessionSummary.path)).json()),
    ).toEqual({
      Status: true,
      Result: { startedAt: START.toISOString(), bets: 2, net: -750 },
    });
  });
});

describe('the casino and matka', () => {
  it("refuses a casino round past the client's loss limit, kept against its round id", async () => {
    const client = await newClient();
    await setOk(client, 'lossDay', 1_000);
    const launched = casinoLaunch.response.parse(
      (await call(client, 'POST', casinoLaunch.path, { gameId: 'sevenupsevendown' })).json(),
    );
    if (!launched.Status) throw new Error(launched.Result);
    const token = new URL(launched.Result.Url).searchParams.get('token');
    const provider = (path: string, payload: object) =>
      app.inject({ method: 'POST', url: path, headers: bearer(CASINO_SECRET), payload });
    const exchanged = casinoProviderSession.response.parse(
      (await provider(casinoProviderSession.path, { token })).json(),
    );
    if (!exchanged.Status) throw new Error(exchanged.Result);
    const session = exchanged.Result.session;

    const first = await provider(casinoProviderDebit.path, {
      session,
      roundId: 'safer-r1',
      amount: 800,
    });
    expect(first.json<{ Status: boolean }>().Status).toBe(true);
    await provider(casinoProviderCredit.path, {
      session,
      roundId: 'safer-r1',
      amount: 0,
      detail: 'lost',
    });
    const refused = {
      Status: false,
      Result:
        'Your daily loss limit of ₹1,000.00 leaves ₹200.00 until 22 Nov 2026, 00:00, and this could lose ₹300.00.',
    };
    expect(
      (
        await provider(casinoProviderDebit.path, { session, roundId: 'safer-r2', amount: 300 })
      ).json(),
    ).toEqual(refused);
    // The same request gets the same refusal.
    expect(
      (
        await provider(casinoProviderDebit.path, { session, roundId: 'safer-r2', amount: 300 })
      ).json(),
    ).toEqual(refused);
    expect(
      (
        await provider(casinoProviderDebit.path, { session, roundId: 'safer-r3', amount: 200 })
      ).json<{ Status: boolean }>().Status,
    ).toBe(true);
  });

  it("refuses a matka number staked above the client's stake limit", async () => {
    const client = await newClient();
    await setOk(client, 'stake', 100);
    clock.set(ist('2026-11-21T15:30:00'));
    const place = (amounts: number[]) =>
      call(client, 'POST', placeMatkaBet.path, {
        SportsId: 6,
        EventName: 'Kalyan',
        EventId: 4,
        TotalAmount: amounts.reduce((sum, amount) => sum + amount, 0),
        SMBets: amounts.map((Amount, index) => ({ BetNo: String(10 + index), Amount })),
      });
    expect((await place([100, 150])).json()).toEqual({
      Status: false,
      Result: 'Your stake limit is ₹100.00 a bet.',
    });
    expect((await place([100, 100])).json<{ Status: boolean }>().Status).toBe(true);
  });
});

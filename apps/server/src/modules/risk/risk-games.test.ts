import { boCasinoVoid, riskBook } from '@backlay/contract/backoffice';
import {
  casinoLaunch,
  casinoProviderCredit,
  casinoProviderDebit,
  casinoProviderSession,
} from '@backlay/contract/casino';
import { placeMatkaBet } from '@backlay/contract/matka';
import { matkaResult } from '@backlay/contract/ops';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  buildTestApp,
  CASINO_SECRET,
  createTestClient,
  login,
  operatorLogin,
  OPS_TOKEN,
  testClock,
} from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { RISK_PUSH_EVERY_MS } from '../../hub/risk-pushes.js';
import { paiseOf } from './risk-book.js';
import { casinoRisk, matkaRisk } from './risk-games.js';
import type { OpenMatkaStake } from './risk-games.queries.js';

/*
 * The house's risk book beyond sports (docs/backoffice.md, "Live risk"): open matka markets (what
 * the house pays on its worst number, MATKA_PAYOUT 90 here) and open casino rounds (the stakes
 * held), in their own rows and in the total; each change pushes RiskChanged to the operators.
 */

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
let operator: string;
/** What the hub was asked to tell the operators' group. */
const toGroup: { group: string; target: string; payload: unknown }[] = [];

/** An instant given as Asia/Kolkata wall time (UTC+05:30, no DST). */
const ist = (local: string) => new Date(`${local}+05:30`);
/** Kalyan of migration 0006: 13:00–17:30 Asia/Kolkata. */
const KALYAN = 4;
const SEVEN_UP = 'sevenupsevendown';
const SEVEN_UP_EVENT = 5_000_002;

beforeAll(async () => {
  database = await createTestDatabase();
  clock.set(ist('2026-11-21T15:30:00'));
  app = await buildTestApp(database.db, {
    clock,
    casinoPort: 9124,
    publisher: {
      toAll: () => {},
      toGroup: (group, push) => toGroup.push({ group, ...push }),
      toUser: () => {},
    },
  });
  operator = (await operatorLogin(app, clock, 'risk-games', 'risk')).token;
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

async function book() {
  const response = await app.inject({ url: riskBook.path, headers: bearer(operator) });
  expect(response.statusCode).toBe(200);
  const body = riskBook.response.parse(response.json());
  if (!body.Status) throw new Error(body.Result);
  return body.Result;
}

/**
 * The RiskChanged pushes since `from`, once the first has come: the pushes of one gathering
 * window travel as one (RISK_PUSH_EVERY_MS).
 */
async function riskPushesSince(from: number): Promise<number[][]> {
  const pushes = () =>
    toGroup
      .slice(from)
      .filter((push) => push.target === 'RiskChanged' && push.group === 'operators')
      .map((push) => (push.payload as { EventIds: number[] }).EventIds);
  await vi.waitFor(() => expect(pushes()).not.toHaveLength(0), {
    timeout: RISK_PUSH_EVERY_MS * 20,
    interval: 10,
  });
  return pushes();
}

async function matkaBets(token: string, bets: { BetNo: string; Amount: number }[]) {
  const response = await app.inject({
    method: 'POST',
    url: placeMatkaBet.path,
    headers: bearer(token),
    payload: {
      SportsId: 6,
      EventName: 'Kalyan',
      EventId: KALYAN,
      TotalAmount: bets.reduce((sum, bet) => sum + bet.Amount, 0),
      SMBets: bets,
    },
  });
  expect(response.json()).toMatchObject({ Status: true });
}

const provider = (path: string, payload: object) =>
  app.inject({ method: 'POST', url: path, headers: bearer(CASINO_SECRET), payload });

async function casinoSession(token: string): Promise<string> {
  const launched = await app.inject({
    method: 'POST',
    url: casinoLaunch.path,
    headers: bearer(token),
    payload: { gameId: SEVEN_UP },
  });
  const url = launched.json<{ Result: { Url: string } }>().Result.Url;
  const exchanged = await provider(casinoProviderSession.path, {
    token: new URL(url).searchParams.get('token'),
  });
  return exchanged.json<{ Result: { session: string } }>().Result.session;
}

describe('the house book of matka and casino', () => {
  let mid = 0;

  it('adds an open matka market: the number it least wants drawn, its exposure, its bettors; pushed live', async () => {
    await createTestClient(database.db, 'mk_asha', 10_000, clock);
    await createTestClient(database.db, 'mk_ben', 10_000, clock);
    const asha = (await login(app, 'mk_asha')).Token;
    const ben = (await login(app, 'mk_ben')).Token;
    expect((await book()).totalExposure).toBe(0);

    const from = toGroup.length;
    await matkaBets(asha, [
      { BetNo: '45', Amount: 100 },
      { BetNo: '12', Amount: 50 },
    ]);
    await matkaBets(ben, [{ BetNo: '45', Amount: 100 }]);
    expect(await riskPushesSince(from)).toEqual([[KALYAN]]);

    const answer = await book();
    expect(answer.matka).toHaveLength(1);
    const market = answer.matka[0];
    mid = market?.mid ?? 0;
    // 250 staked; 45 drawn pays 90 × 200 = 18,000: the house is down 17,750.
    expect(market).toEqual({
      eventId: KALYAN,
      mid: expect.any(Number),
      game: 'Kalyan',
      status: 'open',
      closeAt: ist('2026-11-21T17:30:00').toISOString(),
      staked: 250,
      worstNumber: '45',
      houseIfWorst: -17_750,
      houseExposure: 17_750,
      openBets: 3,
      topClients: [
        // Each loses all they staked on any number not theirs; asha wins 9,000 − 150 on 45.
        { clientId: expect.any(String), username: 'mk_asha', exposure: 150, best: 8_850 },
        { clientId: expect.any(String), username: 'mk_ben', exposure: 100, best: 8_900 },
      ],
    });
    expect(answer).toMatchObject({
      sportsExposure: 0,
      matkaExposure: 17_750,
      casinoExposure: 0,
      totalExposure: 17_750,
    });
  });

  it('adds the stakes of open casino rounds per game, and drops a round once settled or voided', async () => {
    await createTestClient(database.db, 'cs_chen', 10_000, clock);
    const session = await casinoSession((await login(app, 'cs_chen')).Token);
    const from = toGroup.length;
    for (const [roundId, amount] of [
      ['risk-round-0001', 300],
      ['risk-round-0002', 200],
    ] as const) {
      const debited = await provider(casinoProviderDebit.path, { session, roundId, amount });
      expect(debited.json()).toMatchObject({ Status: true });
    }
    expect(await riskPushesSince(from)).toEqual([[SEVEN_UP_EVENT]]);
    expect(await book()).toMatchObject({
      casino: [{ gameId: SEVEN_UP, game: '7 Up Down', openRounds: 2, stakeHeld: 500 }],
      matkaExposure: 17_750,
      casinoExposure: 500,
      totalExposure: 18_250,
    });

    const settled = toGroup.length;
    await provider(casinoProviderCredit.path, {
      session,
      roundId: 'risk-round-0001',
      amount: 0,
      detail: 'lost',
    });
    const voided = await app.inject({
      method: 'POST',
      url: boCasinoVoid.path,
      headers: { ...bearer(operator), 'idempotency-key': 'risk-void-0002' },
      payload: { roundId: 'risk-round-0002', reason: 'Provider lost the round' },
    });
    expect(voided.json()).toMatchObject({ Status: true });
    expect(await riskPushesSince(settled)).toEqual([[SEVEN_UP_EVENT]]);
    expect(await book()).toMatchObject({ casino: [], casinoExposure: 0, totalExposure: 17_750 });
  });

  it('drops a matka market once its result is declared, and tells the operators', async () => {
    const from = toGroup.length;
    const declared = await app.inject({
      method: 'POST',
      url: matkaResult.path,
      headers: bearer(OPS_TOKEN),
      payload: { mid, result: '12' },
    });
    expect(declared.json()).toMatchObject({ Status: true });
    expect(await riskPushesSince(from)).toEqual([[KALYAN]]);
    expect(await book()).toMatchObject({ matka: [], matkaExposure: 0, totalExposure: 0 });
  });
});

describe('matkaRisk and casinoRisk', () => {
  const stake = (overrides: Partial<OpenMatkaStake>): OpenMatkaStake => ({
    mid: '9',
    gameId: '4',
    game: 'Kalyan',
    closesAt: new Date('2026-11-21T12:00:00Z'),
    isRolledBack: false,
    clientId: '1',
    username: 'one',
    betNo: '07',
    amountPaise: '10000',
    bets: 1,
    ...overrides,
  });

  it('costs the house nothing when it wins whatever is drawn', () => {
    // 100 numbers at ₹1 each and nothing else: any draw pays ₹90 of ₹100 staked (in paise).
    const stakes = Array.from({ length: 100 }, (_, n) =>
      stake({ betNo: String(n).padStart(2, '0'), amountPaise: '100' }),
    );
    const [market] = matkaRisk(stakes, 90, new Date('2026-11-21T11:00:00Z'));
    expect(market).toMatchObject({
      staked: 10_000,
      worstNumber: '01',
      houseIfWorst: 1_000,
      houseExposure: 0,
      status: 'open',
      // The bettor loses ₹10 whatever is drawn.
      topClients: [{ username: 'one', exposure: 1_000, best: -1_000 }],
    });
  });

  it('names a market closed after its close, and rolled back while it waits for a declaration', () => {
    const at = new Date('2026-11-21T13:00:00Z');
    expect(matkaRisk([stake({})], 90, at)[0]?.status).toBe('closed');
    expect(matkaRisk([stake({ isRolledBack: true })], 90, at)[0]?.status).toBe('rolled back');
  });

  it('lists casino games in the lobby order, an unknown game by its id', () => {
    expect(
      casinoRisk([
        { gameId: 'roulette', rounds: 1, stakePaise: '500' },
        { gameId: 'horseracing', rounds: 2, stakePaise: '1000' },
        { gameId: 'dice', rounds: 1, stakePaise: '100' },
      ]),
    ).toEqual([
      { gameId: 'horseracing', game: 'Horse Racing', openRounds: 2, stakeHeld: paiseOf(1000) },
      { gameId: 'roulette', game: 'Roulette', openRounds: 1, stakeHeld: paiseOf(500) },
      { gameId: 'dice', game: 'Game dice', openRounds: 1, stakeHeld: paiseOf(100) },
    ]);
  });
});

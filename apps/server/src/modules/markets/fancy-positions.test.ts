import { postFancyBet, postUserBet } from '@backlay/contract/bets';
import { getBmFancy, getMyMarkets } from '@backlay/contract/markets';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Changes } from '../../db/changes.js';
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

// BmFancy's fancy rows (min, max, isCustome, isActive, profitLoss) and the fancy sessions of
// GetMyMarkets, for one client's bets.

let database: TestDatabase;
let app: FastifyInstance;
let feed: ReturnType<typeof scriptedFeed>;
const clock = testClock();
let eventId: number;
let mira: string;
let noor: string;

const ops = async (command: string, payload: object) => {
  const response = await app.inject({
    method: 'POST',
    url: `/api/ops/${command}`,
    payload,
    headers: bearer(OPS_TOKEN),
  });
  expect(response.json<{ Status: boolean }>().Status, response.body).toBe(true);
  return response;
};
const step = (payload: object) => ops('fixture-step', { eventId, step: payload });

const get = async (token: string, url: string) => {
  const response = await app.inject({ url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<unknown>();
};

async function place(token: string, draft: Record<string, unknown>, on = app) {
  const fancy = draft.MarketType === 'FANCY';
  const response = await on.inject({
    method: 'POST',
    url: fancy ? postFancyBet.path : postUserBet.path,
    headers: bearer(token),
    payload: {
      sportsId: 4,
      Price: 0,
      OldPrice: 0,
      EventId: eventId,
      BetStatus: 'Pending',
      ReturnBalance: 0,
      UserId: 0,
      ...draft,
      OldStack: draft.Stack,
      Exposure: draft.Stack,
    },
  });
  expect(response.json()).toEqual({ Status: true, Result: 'Bet placed successfully' });
}

const session = (n: number) => `${eventId}-${n}`;

async function fancyList(token: string) {
  const answer = getBmFancy.response.parse(await get(token, `/api/Odds/BmFancy/${eventId}`));
  if (!answer.Status) throw new Error(answer.Result);
  return answer.Result.fancyList;
}

beforeAll(async () => {
  database = await createTestDatabase();
  feed = scriptedFeed(database.db, clock);
  app = await buildTestApp(database.db, { clock, feed });
  await createTestClient(database.db, 'mira', 10_000, clock);
  await createTestClient(database.db, 'noor', 10_000, clock);
  mira = (await login(app, 'mira')).Token;
  noor = (await login(app, 'noor')).Token;
  const created = await ops('fixture-event', {
    sportId: 4,
    seriesName: 'Harbour Cup',
    name: 'Hawks v Owls',
    runners: ['Hawks', 'Owls'],
    fancy: ['6 over runs Hawks', '10 over runs Hawks', '15 over runs Hawks', 'Hawks runs by Ali'],
    inPlay: true,
  });
  eventId = created.json<{ Result: { eventId: number } }>().Result.eventId;
  await step({
    kind: 'prices',
    marketId: `1.${eventId}`,
    runners: [
      {
        selectionId: eventId * 100 + 1,
        back: [{ price: 1.9, size: 1200 }],
        lay: [{ price: 1.92, size: 900 }],
      },
      {
        selectionId: eventId * 100 + 2,
        back: [{ price: 2.08, size: 700 }],
        lay: [{ price: 2.12, size: 650 }],
      },
    ],
  });
  await step({
    kind: 'fancy',
    rows: [
      { selectionId: session(1), noLine: 48, noRate: 100, yesLine: 49, yesRate: 100 },
      { selectionId: session(2), noLine: 80, noRate: 90, yesLine: 81, yesRate: 110 },
      { selectionId: session(3), noLine: 120, noRate: 100, yesLine: 121, yesRate: 100 },
      { selectionId: session(4), noLine: 30, noRate: 100, yesLine: 31, yesRate: 100 },
    ],
  });
  // The operator desk: -2 active with its own limits, -3 custom prices, -9 a custom row of its own.
  await ops('set-custom-fancy', {
    eventId,
    selectionId: session(2),
    runnerName: '10 over runs Hawks',
    isCustome: false,
    isActive: true,
    backPrice: 0,
    backSize: 0,
    layPrice: 0,
    laySize: 0,
    min: 200,
    max: 10_000,
  });
  await ops('set-custom-fancy', {
    eventId,
    selectionId: session(3),
    runnerName: '15 over runs Hawks',
    isCustome: true,
    isActive: false,
    backPrice: 125,
    backSize: 90,
    layPrice: 124,
    laySize: 100,
    min: 300,
    max: 30_000,
  });
  await ops('set-custom-fancy', {
    eventId,
    selectionId: session(9),
    runnerName: '20 over runs Hawks',
    isCustome: true,
    isActive: true,
    backPrice: 160,
    backSize: 100,
    layPrice: 158,
    laySize: 100,
    min: 500,
    max: 5_000,
  });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

const fancyBet = (n: number, name: string) => ({
  MarketType: 'FANCY',
  MarketId: String(eventId),
  SelectionID: session(n),
  SelectionName: name,
});

describe('BmFancy fancy rows', () => {
  it('are assembled: session limits, active limits, custom prices and custom rows; hidden names dropped; no position yet', async () => {
    const row = { GameStatus: '', profitLoss: 0 };
    expect(await fancyList(mira)).toEqual([
      {
        ...row,
        SelectionId: session(1),
        RunnerName: '6 over runs Hawks',
        BackPrice1: 49,
        BackSize1: 100,
        LayPrice1: 48,
        LaySize1: 100,
        min: 100,
        max: 100_000,
        isCustome: false,
        isActive: false,
      },
      {
        ...row,
        SelectionId: session(2),
        RunnerName: '10 over runs Hawks',
        BackPrice1: 81,
        BackSize1: 110,
        LayPrice1: 80,
        LaySize1: 90,
        min: 200,
        max: 10_000,
        isCustome: false,
        isActive: true,
      },
      {
        ...row,
        SelectionId: session(3),
        RunnerName: '15 over runs Hawks',
        BackPrice1: 125,
        BackSize1: 90,
        LayPrice1: 124,
        LaySize1: 100,
        min: 100,
        max: 100_000,
        isCustome: true,
        isActive: false,
      },
      {
        ...row,
        SelectionId: session(9),
        RunnerName: '20 over runs Hawks',
        BackPrice1: 160,
        BackSize1: 100,
        LayPrice1: 158,
        LaySize1: 100,
        min: 500,
        max: 5_000,
        isCustome: true,
        isActive: true,
      },
    ]);
  });

  it("carry the caller's own worst result on each row, in rupees", async () => {
    // No 48 at rate 100 for ₹100: wins ₹100 below 48, loses ₹100 from 48 → worst -100.
    await place(mira, {
      ...fancyBet(1, '6 over runs Hawks'),
      BetType: 'No',
      Odds: 48,
      Price: 100,
      Stack: 100,
    });
    // Yes 125 at rate 90 for ₹150: loses ₹135 below 125, wins ₹150 from 125 → worst -135.
    await place(mira, {
      ...fancyBet(3, '15 over runs Hawks'),
      BetType: 'Yes',
      Odds: 125,
      Price: 90,
      Stack: 150,
    });
    // Noor's, not mira's: Yes 81 at rate 110 for ₹333 loses ₹366.30 below 81 → worst -366.30.
    await place(noor, {
      ...fancyBet(2, '10 over runs Hawks'),
      BetType: 'Yes',
      Odds: 81,
      Price: 110,
      Stack: 333,
    });
    const positions = async (token: string) =>
      (await fancyList(token)).map((row) => [row.SelectionId, row.profitLoss]);
    expect(await positions(mira)).toEqual([
      [session(1), -100],
      [session(2), 0],
      [session(3), -135],
      [session(9), 0],
    ]);
    expect(await positions(noor)).toEqual([
      [session(1), 0],
      [session(2), -366.3],
      [session(3), 0],
      [session(9), 0],
    ]);
  });

  it('follow a bet the caller placed through another instance on its next read that asks for a current answer, however late the notification', async () => {
    const other = await buildTestApp(database.db, { clock, feed });
    // The reading instance hears notifications only when it asks to catch up: as when a notice
    // is still in its socket when the bettor's next read arrives.
    const heard = changesOf(database.db);
    if (!heard) throw new Error('the test database has no change listener');
    const held: (() => void)[] = [];
    const late: Changes = {
      isLive: () => heard.isLive(),
      on: (channel, listener) => heard.on(channel, (payload) => held.push(() => listener(payload))),
      onReset: (listener) => heard.onReset(listener),
      caughtUp: async () => {
        await heard.caughtUp();
        for (const deliver of held.splice(0)) deliver();
      },
      close: async () => {},
    };
    const reader = await buildTestApp(database.db, { clock, feed, changes: late });
    try {
      const base = await reader.listen({ port: 0, host: '127.0.0.1' });
      await createTestClient(database.db, 'zara', 10_000, clock);
      const zara = (await login(app, 'zara')).Token;
      // What a client reading its own write sends (fetch's `cache: 'no-cache'` sends max-age=0).
      const current: Record<string, string> = { 'cache-control': 'no-cache' };
      const throughFramework = async (headers = current) =>
        getBmFancy.response.parse(
          (
            await reader.inject({
              url: `/api/Odds/BmFancy/${eventId}`,
              headers: { ...bearer(zara), ...headers },
            })
          ).json(),
        );
      const throughLane = async (headers = current) =>
        getBmFancy.response.parse(
          await (
            await fetch(`${base}/api/Odds/BmFancy/${eventId}`, {
              headers: { ...bearer(zara), ...headers },
            })
          ).json(),
        );
      const worstOn = (answer: z.infer<typeof getBmFancy.response>, n: number) => {
        if (!answer.Status) throw new Error(answer.Result);
        return answer.Result.fancyList.find((row) => row.SelectionId === session(n))?.profitLoss;
      };
      // Both ways have the position cached (none yet), so only a notice can tell them it changed.
      expect(worstOn(await throughFramework(), 1)).toBe(0);
      expect(worstOn(await throughLane(), 1)).toBe(0);
      expect(worstOn(await throughLane(), 1)).toBe(0);
      // Yes 49 at rate 100 for ₹200 on the other instance: loses ₹200 below 49.
      await place(
        zara,
        { ...fancyBet(1, '6 over runs Hawks'), BetType: 'Yes', Odds: 49, Price: 100, Stack: 200 },
        other,
      );
      // A plain poll is answered from what the reader has heard: the notice is still held.
      expect(worstOn(await throughLane({}), 1)).toBe(0);
      expect(worstOn(await throughFramework({}), 1)).toBe(0);
      expect(worstOn(await throughLane({ 'cache-control': 'max-age=0' }), 1)).toBe(-200);
      // Yes 49 again, ₹100 more, read through the framework's route this time.
      await place(
        zara,
        { ...fancyBet(1, '6 over runs Hawks'), BetType: 'Yes', Odds: 49, Price: 100, Stack: 100 },
        other,
      );
      expect(worstOn(await throughFramework(), 1)).toBe(-300);
    } finally {
      await reader.close();
      await other.close();
    }
  });

  it('say SUSPENDED on every row while the event is locked, prices kept as numbers', async () => {
    await ops('lock-event', { eventId });
    const locked = await fancyList(mira);
    expect(locked.map((row) => [row.GameStatus, row.BackPrice1])).toEqual([
      ['SUSPENDED', 49],
      ['SUSPENDED', 81],
      ['SUSPENDED', 125],
      ['SUSPENDED', 160],
    ]);
    await ops('unlock-event', { eventId });
    expect((await fancyList(mira)).map((row) => row.GameStatus)).toEqual(['', '', '', '']);
  });
});

describe('GetMyMarkets', () => {
  it("lists each open fancy session after its event's markets, with its worst result", async () => {
    await place(mira, {
      MarketType: 'MATCH_ODDS',
      MarketId: `1.${eventId}`,
      SelectionID: String(eventId * 100 + 1),
      SelectionName: 'Hawks',
      BetType: 'Back',
      Odds: 1.9,
      Stack: 500,
    });
    const event = {
      EventId: eventId,
      SportsId: 4,
      MarketName: 'Hawks v Owls',
      SeriesName: 'Harbour Cup',
    };
    expect(getMyMarkets.response.parse(await get(mira, '/api/MarketModels/GetMyMarkets'))).toEqual({
      Status: true,
      Result: [
        {
          ...event,
          MarketType: 'MATCH_ODDS',
          Runners: [
            { selectionId: eventId * 100 + 1, RunnerName: 'Hawks', profitLoss: 450 },
            { selectionId: eventId * 100 + 2, RunnerName: 'Owls', profitLoss: -500 },
          ],
        },
        {
          ...event,
          MarketType: 'FANCY',
          Runners: [{ selectionId: session(1), RunnerName: '6 over runs Hawks', profitLoss: -100 }],
        },
        {
          ...event,
          MarketType: 'FANCY',
          Runners: [
            { selectionId: session(3), RunnerName: '15 over runs Hawks', profitLoss: -135 },
          ],
        },
      ],
    });
    expect(getMyMarkets.response.parse(await get(noor, '/api/MarketModels/GetMyMarkets'))).toEqual({
      Status: true,
      Result: [
        {
          ...event,
          MarketType: 'FANCY',
          Runners: [
            { selectionId: session(2), RunnerName: '10 over runs Hawks', profitLoss: -366.3 },
          ],
        },
      ],
    });
  });
});

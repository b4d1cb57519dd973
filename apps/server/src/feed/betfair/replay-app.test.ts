import { readdirSync } from 'node:fs';
import { postUserBet } from '@backlay/contract/bets';
import { getBalanceDetail } from '@backlay/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestClient,
  login,
  OPS_TOKEN,
  testClock,
} from '../../../test/app.js';
import {
  CRICKET_FILE,
  describeWithRecordings,
  RECORDINGS_DIR,
  referenceBook,
  type ReferenceSide,
} from '../../../test/betfair-recordings.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { replayFeed, type ReplayControl } from '../../../test/feed.js';
import { BET_MESSAGES } from '../../modules/bets/bets.service.js';
import {
  createSettlementService,
  settleFromFeed,
} from '../../modules/settlement/settlement.service.js';
import { systemRandom, type Timer } from '../../seams.js';
import { readRecordings } from './recording.js';

/*
 * FEED=betfair-file through the whole app (docs/feeds.md): the recorded cricket match odds of
 * Mumbai v Saurashtra (Betfair's own ids: event 30339025, market 1.180305278) held at chosen
 * moments. GetRates and Odds/Market show each runner's best three backs and lays as an
 * independent cache of the file has them (sizes × 100, rounded); the event is not in play before
 * the off and in play with Betfair's 5 s bet delay after it; at its suspension bets are refused;
 * after CLOSED it is settled once with Mumbai the winner, and a bet placed earlier is paid so.
 */

const MARKET = '1.180305278';
const EVENT = 30339025;
const MUMBAI = 2696769;
const SAURASHTRA = 4297085;
const OFF = Date.parse('2021-03-09T03:30:01.183Z');
const SUSPENDED_AT = Date.parse('2021-03-09T10:49:17.789Z');
const CLOSED_AT = Date.parse('2021-03-09T10:50:49.991Z');

/** Each runner's three best backs and lays at `until` by a plain reading of the file, in the wire's units. */
function referenceAt(until: number): Map<number, { back: number[][]; lay: number[][] }> {
  const wire = (side: ReferenceSide) =>
    side.map(([price, size]) => [price, Math.max(1, Math.round(size * 100))]);
  const runners = referenceBook(CRICKET_FILE, until).get(MARKET) ?? new Map<number, never>();
  return new Map(
    [...runners].map(([id, { back, lay }]) => [id, { back: wire(back), lay: wire(lay) }]),
  );
}

let database: TestDatabase;
let app: FastifyInstance;
let feed: ReplayControl;
const clock = testClock();
const timer: Timer = {
  async wait(ms) {
    clock.advance(ms);
  },
};

async function holdAt(until: number) {
  expect(feed.replay.holdUntil(until)).toEqual({ ok: true });
  clock.advance(1000);
  await feed.step();
}

const get = async (url: string, token?: string) =>
  (await app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) })).json<{
    Status: boolean;
    Result: unknown;
  }>();

async function bet(token: string, selectionId: number, odds: number, betType: 'Back' | 'Lay') {
  const response = await app.inject({
    method: 'POST',
    url: postUserBet.path,
    payload: {
      sportsId: 4,
      SelectionName: selectionId === MUMBAI ? 'Mumbai' : 'Saurashtra',
      SelectionID: String(selectionId),
      Odds: odds,
      Price: 0,
      MarketType: 'MATCH_ODDS',
      MarketId: MARKET,
      EventId: EVENT,
      BetType: betType,
      BetStatus: 'Pending',
      Stack: 1000,
    },
    headers: bearer(token),
  });
  return response.json<{ Status: boolean; Result: string }>();
}

type Book = {
  marketId: string;
  status: string;
  inplay: boolean;
  runners: {
    selectionId: number;
    ex: {
      availableToBack: { price: number; size: number }[];
      availableToLay: { price: number; size: number }[];
    };
  }[];
};

describeWithRecordings([CRICKET_FILE], 'a recorded Betfair market through the app', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    const settlement = createSettlementService({ db: database.db, clock, random: systemRandom });
    feed = await replayFeed(database.db, clock, {
      files: [CRICKET_FILE],
      until: OFF - 3_600_000,
      settle: settleFromFeed(settlement, () => {}),
    });
    app = await buildTestApp(database.db, { clock, feed, settlement, timer });
    clock.advance(1000);
    await feed.step();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** GetRates and Odds/Market against an independent reading of the file, at `until`. */
  async function expectBooksAsTheFile(until: number, token: string) {
    await holdAt(until);
    const expected = referenceAt(until);
    const rates = (await get(`/api/MarketModels/GetRates?marketids=${MARKET}`, token))
      .Result as Book[];
    const odds = (await get(`/api/Odds/Market/${MARKET}`, token)).Result as Record<
      string,
      { runners: { selectionId: number; exchange: Book['runners'][number]['ex'] }[] }
    >;
    for (const runnerId of [MUMBAI, SAURASHTRA]) {
      const want = expected.get(runnerId)!;
      const rate = rates[0]!.runners.find((runner) => runner.selectionId === runnerId)!;
      const odd = odds[MARKET]!.runners.find((runner) => runner.selectionId === runnerId)!;
      for (const ex of [rate.ex, odd.exchange]) {
        expect(ex.availableToBack.map(({ price, size }) => [price, size])).toEqual(want.back);
        expect(ex.availableToLay.map(({ price, size }) => [price, size])).toEqual(want.lay);
      }
    }
  }

  it("shows the file's books at every held moment, goes in play at the off with a 5 s bet delay, refuses bets at its suspension and settles Mumbai once, paying a bet made earlier", async () => {
    await createTestClient(database.db, 'betfair1', 10_000, clock);
    const token = (await login(app, 'betfair1')).Token;
    // The books as the file has them at moments before and after the off, held one after another.
    await expectBooksAsTheFile(OFF - 3_600_000, token);
    await expectBooksAsTheFile(OFF - 600_000, token);

    await holdAt(OFF - 60_000);
    const before = (await get(`/api/MarketModels/GetEventDetail?eventId=${EVENT}`, token))
      .Result as {
      MarketStatus: number;
      EventName: string;
      MarketList: { MarketId: string; BetDelay: number }[];
    };
    expect(before).toMatchObject({ MarketStatus: 0, EventName: 'Mumbai v Saurashtra' });
    expect(before.MarketList).toMatchObject([{ MarketId: MARKET, BetDelay: 0 }]);
    const backMumbai = referenceAt(OFF - 60_000).get(MUMBAI)!.back[0]![0]!;
    expect(await bet(token, MUMBAI, backMumbai, 'Back')).toMatchObject({ Status: true });

    await holdAt(OFF + 60_000);
    // The catalog hears of the event's new status through PostgreSQL's notification: a moment later.
    await vi.waitFor(
      async () => {
        const after = (await get(`/api/MarketModels/GetEventDetail?eventId=${EVENT}`, token))
          .Result as typeof before;
        expect(after.MarketStatus).toBe(1);
        expect(after.MarketList).toMatchObject([{ MarketId: MARKET, BetDelay: 5 }]);
      },
      { timeout: 5000, interval: 20 },
    );
    await expectBooksAsTheFile(OFF + 600_000, token);
    await expectBooksAsTheFile(Date.parse('2021-03-09T08:17:42Z'), token);

    await holdAt(SUSPENDED_AT);
    const rates = (await get(`/api/MarketModels/GetRates?marketids=${MARKET}`, token))
      .Result as Book[];
    expect(rates[0]!.status).toBe('SUSPENDED');
    expect(await bet(token, MUMBAI, 1.01, 'Back')).toEqual({
      Status: false,
      Result: BET_MESSAGES.suspended,
    });

    await holdAt(CLOSED_AT + 60_000);
    const balance = async () =>
      (await get(getBalanceDetail.path, token)).Result as { Balance: number; Exposure: number };
    // Back 1,000 at the price taken: +1,000 × (odds − 1) when Mumbai wins.
    const won = Math.round(1000 * (backMumbai - 1) * 100) / 100;
    await vi.waitFor(
      async () => expect(await balance()).toMatchObject({ Balance: 10_000 + won, Exposure: 0 }),
      { timeout: 5000, interval: 20 },
    );
    // Exactly once: the replay never says it again, and the feed's result a second time pays nothing.
    await holdAt(CLOSED_AT + 120_000);
    expect((await balance()).Balance).toBeCloseTo(10_000 + won, 2);
  });
  it('moves the hold point forward only, on the operator command, and says where the replay is', async () => {
    let keys = 0;
    const ops = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/ops/feed-replay',
        payload,
        headers: { ...bearer(OPS_TOKEN), 'idempotency-key': `replay-key-${(keys += 1)}` },
      });
    const held = feed.replay.status();
    expect((await ops({ until: '2021-03-09T03:00:00Z' })).json()).toEqual({
      Status: false,
      Result: `The replay is at ${new Date(held.replayAt!).toISOString()}: a hold point can only move forward`,
    });
    expect((await ops({ until: 'soon' })).statusCode).toBe(400);
    expect((await ops({ until: '2021-03-10T00:00:00Z' })).json()).toEqual({
      Status: true,
      Result: 'The replay holds at 2021-03-10T00:00:00.000Z',
    });
    const status = (
      await app.inject({ method: 'GET', url: '/api/ops/feed-status', headers: bearer(OPS_TOKEN) })
    ).json<{ Result: { feed: string; replayAt: string; heldAt: string; provider: object } }>()
      .Result;
    expect(status).toMatchObject({
      feed: 'betfair-file',
      replayAt: new Date(CLOSED_AT).toISOString(),
      heldAt: '2021-03-10T00:00:00.000Z',
      provider: { malformed: 0, crossed: 0, skipped: 0 },
    });
    expect((await ops({ play: true })).json()).toEqual({
      Status: true,
      Result: 'The replay plays on',
    });
    expect(feed.replay.status().heldAt).toBeNull();
  });
});

describeWithRecordings(
  [RECORDINGS_DIR],
  'every shared recording through the app, as one timeline',
  () => {
    it('shows no crossed book, writes everything it takes, and settles the tennis match with Norrie', async () => {
      const files = readdirSync(RECORDINGS_DIR)
        .filter((name) => /\.(bz2|gz|json|txt)$/.test(name))
        .map((name) => `${RECORDINGS_DIR}/${name}`);
      const db = await createTestDatabase();
      const logs: string[] = [];
      const settlement = createSettlementService({ db: db.db, clock, random: systemRandom });
      const all = await replayFeed(db.db, clock, {
        files,
        until: 0,
        settle: settleFromFeed(settlement, (line) => logs.push(line)),
        log: (line) => logs.push(line),
      });
      try {
        const recording = await readRecordings(files, () => {});
        // Held at each publish time in turn (a hundred at a time): every book as it stood.
        const times = recording.messages.map((message) => message.pt);
        for (let at = 0; at < times.length; at += 100) {
          all.replay.holdUntil(times[Math.min(at + 99, times.length - 1)]!);
          clock.advance(1000);
          await all.step();
          for (const [marketId, eventId] of [
            ['1.180305278', 30339025],
            ['1.223716976', 32948895],
          ] as const) {
            const book = all.priceBook.market(marketId, clock.now().getTime());
            if (book?.status !== 'ACTIVE') continue;
            expect(book.eventId).toBe(eventId);
            for (const runner of book.runners) {
              const back = runner.back[0]?.price;
              const lay = runner.lay[0]?.price;
              if (back !== undefined && lay !== undefined) expect(back).toBeLessThan(lay);
            }
          }
        }
        expect(all.replay.status()).toMatchObject({ applied: times.length, malformed: 0 });
        // Only what Backlay does not trade was left out: a race and both teams to score.
        expect(
          logs.filter(
            (line) => !/is not taken: (event type 7|market type BOTH_TEAMS_TO_SCORE)/.test(line),
          ),
        ).toEqual([]);
        const settled = await db.db
          .selectFrom('result_declarations')
          .select(['target', 'winner_selection_id'])
          .orderBy('target')
          .execute();
        expect(settled.map((row) => [row.target, Number(row.winner_selection_id)])).toEqual([
          ['1.180305278', MUMBAI],
          ['1.223716976', 42669524],
        ]);
      } finally {
        await db.drop();
      }
    });
  },
);

import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { postFancyBet, postUserBet } from '@backlay/contract/bets';
import { getBmFancy, getRates, getTossOdds } from '@backlay/contract/markets';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/pool.js';
import type { ScriptedSource } from '../../src/feed/scripted.js';
import { runFeed, type FeedRunner, type RunningFeed } from '../../src/feed/runner.js';
import { FEED_SAVE_MS, FEED_TICK_MS, startFeed, type StartedFeed } from '../../src/feed/start.js';
import { systemClock } from '../../src/seams.js';
import { buildTestApp, createTestClient, login } from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { record, round2, scale } from '../figures.js';
import {
  betBody,
  fixtureEvent,
  priceFancy,
  priceMarket,
  type BetDraft,
  type Fixture,
} from '../money/betting.js';
import { httpClient, type Call } from '../support/bank-load.js';

/**
 * Stale feed (docs/reliability.md, "Stale feed"): a running scripted feed with FEED_STALE_S = 2
 * keeps the match odds, bookmaker, toss and fancy books of a few in-play events open (priced once,
 * then heartbeats) while bettors bet on all of them over HTTP. The feed is stopped mid-market:
 * every book must read SUSPENDED through the client API within FEED_STALE_S, no bet may be accepted
 * while it does, the feed's heartbeats (the feed restarted with no prices) must not reopen it, and
 * only fresh prices do, after which bets are accepted again.
 */

const STALE_S = 2;
/** Polling every 100 ms, the reading's own latency under load and the event loop's delay. */
const TOLERANCE_MS = 400;
const POLL_MS = 100;
const EVENTS = 3;
const BETTORS = 8;
const LIVE_MS = scale(8_000, 4_000);
/** Time suspended with the feed back on heartbeats only (at least two heartbeats). */
const HEARTBEATS_MS = scale(6_000, 4_500);
const REOPENED_MS = scale(6_000, 3_000);

const suite = 'crash';
const name = (figure: string) => `stale feed: ${figure}`;

let database: TestDatabase;
let appDatabase: Database;
let feed: StartedFeed;
let restarted: RunningFeed | undefined;
let app: FastifyInstance;
let call: Call;
const feedLog: string[] = [];
const log = (message: string) => {
  if (feedLog.length < 50) feedLog.push(message);
};

beforeAll(async () => {
  database = await createTestDatabase();
  appDatabase = openDatabase(database.url, { max: 16 });
  // Wired as main.ts wires it, on the real clock: staleness is judged in real time.
  feed = await startFeed({
    feed: 'scripted',
    staleS: STALE_S,
    fixture: undefined,
    simSpeed: 1,
    simSeed: undefined,
    db: appDatabase.db,
    databaseUrl: database.url,
    clock: systemClock,
    seed: () => 1,
    log,
  });
  app = await buildTestApp(appDatabase.db, {
    clock: systemClock,
    feed: feed.control,
    config: { feedStaleS: STALE_S, logLevel: 'silent', rateLimitPerMin: 100_000_000 },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  call = httpClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await restarted?.stop();
  await feed?.stop();
  await app?.close();
  await appDatabase?.close();
  await database?.drop();
});

type Kind = 'MATCH_ODDS' | 'BOOKMAKER' | 'TOSS' | 'FANCY';

/** One book a bettor can bet on: a market, or one fancy session. */
interface Target {
  readonly id: string;
  readonly kind: Kind;
  readonly fixture: Fixture;
  /** The draft at the current price, at the given stake. */
  draft(stake: number): BetDraft;
}

/** What the client API says of each target at one moment: ACTIVE, SUSPENDED or something else. */
type Reading = Map<string, string>;

interface RunnerWire {
  status: string;
}
interface BookWire {
  marketId: string;
  status: string;
  runners: RunnerWire[];
}
interface BmFancyWire {
  BMList: { status: string }[];
  fancyList: {
    SelectionId: string;
    BackPrice1: number;
    BackSize1: number;
    LayPrice1: number;
    LaySize1: number;
    GameStatus: string;
  }[];
}

/** A market reads ACTIVE when it and all its runners are, SUSPENDED when it or all runners are. */
function statusOfBook(book: BookWire): string {
  if (book.status !== 'ACTIVE') return book.status;
  if (book.runners.every((runner) => runner.status === 'ACTIVE')) return 'ACTIVE';
  return book.runners.every((runner) => runner.status === 'SUSPENDED') ? 'SUSPENDED' : 'MIXED';
}

describe('stale feed (stopped mid-market)', () => {
  it('suspends every book within FEED_STALE_S, accepts no bet meanwhile and reopens only on fresh prices', async () => {
    // ------------------------------------------------------------------ the market
    const fixtures: Fixture[] = [];
    for (let n = 0; n < EVENTS; n += 1)
      fixtures.push(await fixtureEvent(app, `Stale ${n} XI v Fresh ${n} XI`, 2));
    /** The prices of the round: fresh prices in round 1 differ from round 0's. */
    let round = 0;
    const priceAll = async () => {
      const bump = round * 0.02;
      for (const fixture of fixtures) {
        const [home, away] = fixture.runners;
        await priceMarket(app, fixture.eventId, fixture.matchOdds, [
          { selectionId: home, back: 2 + bump, lay: 2.1 + bump },
          { selectionId: away, back: 1.9 + bump, lay: 2 + bump },
        ]);
        await priceMarket(app, fixture.eventId, fixture.bookmaker, [
          // Outside the exchange's spread, as the house's bookmaker sits.
          { selectionId: home, back: 95 + round, lay: 115 + round },
          { selectionId: away, back: 85 + round, lay: 105 + round },
        ]);
        await priceMarket(app, fixture.eventId, fixture.toss, [
          { selectionId: home, back: 1.96 + bump, lay: 2.06 + bump },
          { selectionId: away, back: 1.96 + bump, lay: 2.06 + bump },
        ]);
        await priceFancy(
          app,
          fixture.eventId,
          fixture.fancy.map((selectionId, index) => ({
            selectionId,
            noLine: 40 + index * 10 + round,
            noRate: 100,
            yesLine: 41 + index * 10 + round,
            yesRate: 100,
          })),
        );
      }
    };
    await priceAll();

    const targets: Target[] = fixtures.flatMap((fixture): Target[] => {
      const [home] = fixture.runners;
      const exchange = (id: string, kind: Exclude<Kind, 'FANCY'>): Target => ({
        id,
        kind,
        fixture,
        draft: (stake) => ({
          MarketType: kind,
          MarketId: id,
          EventId: fixture.eventId,
          SelectionID: String(home),
          BetType: 'Back',
          Odds:
            kind === 'BOOKMAKER' ? 90 + round : round2((kind === 'TOSS' ? 1.96 : 2) + round * 0.02),
          Price: 0,
          Stack: stake,
        }),
      });
      return [
        exchange(fixture.matchOdds, 'MATCH_ODDS'),
        exchange(fixture.bookmaker, 'BOOKMAKER'),
        exchange(fixture.toss, 'TOSS'),
        ...fixture.fancy.map((selectionId, index): Target => ({
          id: selectionId,
          kind: 'FANCY',
          fixture,
          draft: (stake) => ({
            MarketType: 'FANCY',
            MarketId: String(fixture.eventId),
            EventId: fixture.eventId,
            SelectionID: selectionId,
            BetType: 'Yes',
            Odds: 41 + index * 10 + round,
            Price: 100,
            Stack: stake,
          }),
        })),
      ];
    });

    const bettors: string[] = [];
    for (let index = 0; index < BETTORS; index += 1) {
      const username = `stale${String(index).padStart(2, '0')}`;
      await createTestClient(database.db, username, 10_000_000, systemClock);
      bettors.push((await login(app, username)).Token);
    }
    const watcher = bettors[0]!;

    // ------------------------------------------------------------------ reading the books
    const matchIds = fixtures.map((fixture) => fixture.matchOdds).join(',');
    const tossIds = fixtures.map((fixture) => fixture.toss).join(',');
    const read = async (): Promise<Reading> => {
      const reading: Reading = new Map();
      const [rates, toss, ...bmFancy] = await Promise.all([
        call('GET', `${getRates.path}?marketids=${matchIds}`, { token: watcher }),
        call('GET', `${getTossOdds.path}?marketids=${tossIds}`, { token: watcher }),
        ...fixtures.map((fixture) =>
          call('GET', getBmFancy.path.replace(':eventId', String(fixture.eventId)), {
            token: watcher,
          }),
        ),
      ]);
      for (const answer of [rates, toss]) {
        if (answer.ok !== true) continue;
        for (const book of answer.result as BookWire[])
          reading.set(book.marketId, statusOfBook(book));
      }
      fixtures.forEach((fixture, index) => {
        const answer = bmFancy[index];
        if (answer?.ok !== true) return;
        const { BMList, fancyList } = answer.result as BmFancyWire;
        reading.set(
          fixture.bookmaker,
          BMList.length > 0 && BMList.every((row) => row.status === 'ACTIVE')
            ? 'ACTIVE'
            : BMList.every((row) => row.status !== 'ACTIVE')
              ? 'SUSPENDED'
              : 'MIXED',
        );
        for (const row of fancyList) {
          // As the slip reads a row (fancyRowIsOpen): '' or ACTIVE, with prices.
          const isOpen =
            (row.GameStatus === '' || row.GameStatus === 'ACTIVE') &&
            row.BackPrice1 > 0 &&
            row.LayPrice1 > 0;
          reading.set(row.SelectionId, isOpen ? 'ACTIVE' : 'SUSPENDED');
        }
      });
      return reading;
    };

    const before = await read();
    const notActive = targets.filter((target) => before.get(target.id) !== 'ACTIVE');
    expect(notActive.map((target) => `${target.id} ${before.get(target.id)}`)).toEqual([]);

    // ------------------------------------------------------------------ the load
    type Phase = 'live' | 'stopped' | 'reopened';
    let phase: Phase = 'live';
    let stoppedAt = Number.POSITIVE_INFINITY;
    let repricedAt = Number.POSITIVE_INFINITY;
    /** Target → when the API first read it SUSPENDED after the stop (epoch ms, on the answer). */
    const suspendedAt = new Map<string, number>();
    /** Target → when it first read ACTIVE again after the fresh prices. */
    const reopenedAt = new Map<string, number>();
    let readingsLive = 0;
    const closedWhileLive: string[] = [];
    /** ACTIVE readings of a target already read SUSPENDED, before the fresh prices. */
    const reopenedEarly: string[] = [];
    /** Readings sent once the window since the stop was over that did not say SUSPENDED. */
    const openAfterWindow: string[] = [];
    let over = false;

    const sampler = async () => {
      while (!over) {
        const startedAt = Date.now();
        const reading = await read();
        const at = Date.now();
        for (const target of targets) {
          const status = reading.get(target.id) ?? 'MISSING';
          if (at < stoppedAt) {
            if (status !== 'ACTIVE') closedWhileLive.push(`${target.id} ${status}`);
          } else if (at < repricedAt) {
            // Answered before the fresh prices were sent: read while only heartbeats came.
            if (status !== 'SUSPENDED' && startedAt > stoppedAt + STALE_S * 1000)
              openAfterWindow.push(`${target.id} ${status} at +${startedAt - stoppedAt} ms`);
            if (status === 'SUSPENDED' && !suspendedAt.has(target.id))
              suspendedAt.set(target.id, at);
            if (status !== 'SUSPENDED' && suspendedAt.has(target.id))
              reopenedEarly.push(`${target.id} ${status}`);
          } else if (status === 'ACTIVE' && !reopenedAt.has(target.id) && startedAt >= repricedAt) {
            reopenedAt.set(target.id, at);
          }
        }
        if (at < stoppedAt) readingsLive += 1;
        await sleep(Math.max(0, POLL_MS - (Date.now() - startedAt)));
      }
    };

    interface Placed {
      readonly target: Target;
      readonly sentAt: number;
      readonly doneAt: number;
      readonly accepted: boolean;
      readonly message: string;
      readonly phase: Phase;
    }
    const placed: Placed[] = [];
    const bettor = async (token: string, index: number) => {
      for (let n = index; !over; n += 1) {
        const target = targets[n % targets.length]!;
        const draft = target.draft(target.kind === 'FANCY' ? 100 : 500);
        const sentAt = Date.now();
        const sentIn = phase;
        const answer = await call(
          'POST',
          target.kind === 'FANCY' ? postFancyBet.path : postUserBet.path,
          { token, json: betBody(draft) },
        );
        placed.push({
          target,
          sentAt,
          doneAt: Date.now(),
          accepted: answer.status === 200 && answer.ok === true,
          message: `${answer.status} ${String(answer.result)}`,
          phase: sentIn,
        });
        await sleep(20);
      }
    };

    const running = [sampler(), ...bettors.map((token, index) => bettor(token, index))];
    await sleep(LIVE_MS);

    // ------------------------------------------------------------------ the feed stops
    stoppedAt = Date.now();
    phase = 'stopped';
    await feed.stop();
    for (
      let waited = 0;
      waited < STALE_S * 1000 + 3000 && suspendedAt.size < targets.length;
      waited += 50
    )
      await sleep(50);
    // The feed comes back with heartbeats only (no prices): the books must stay suspended.
    const scripted = feed.control.scripted as { runner: FeedRunner; source: ScriptedSource };
    restarted = await runFeed({
      databaseUrl: database.url,
      runner: scripted.runner,
      clock: systemClock,
      intervalMs: FEED_TICK_MS,
      saveEveryMs: FEED_SAVE_MS,
      log,
    });
    await sleep(HEARTBEATS_MS);

    // ------------------------------------------------------------------ fresh prices
    round = 1;
    repricedAt = Date.now();
    phase = 'reopened';
    await priceAll();
    const pricedAt = Date.now();
    await sleep(REOPENED_MS);
    over = true;
    await Promise.all(running);

    // ------------------------------------------------------------------ figures
    const toSuspend = targets.map((target) => (suspendedAt.get(target.id) ?? Infinity) - stoppedAt);
    const maxToSuspend = Math.max(...toSuspend);
    /** A bet sent after its book read SUSPENDED and answered before the fresh prices. */
    const whileSuspended = placed.filter(
      (bet) =>
        bet.sentAt >= (suspendedAt.get(bet.target.id) ?? Infinity) && bet.doneAt <= repricedAt,
    );
    const acceptedWhileSuspended = whileSuspended.filter((bet) => bet.accepted);

    // The ledger too: no bet row stored on a book between its suspension and the fresh prices.
    const reader = new pg.Client({ connectionString: database.url });
    await reader.connect();
    const rows = await reader.query<{ position_key: string; at: Date }>(
      'SELECT position_key, created_at AS at FROM bets WHERE created_at >= $1 AND created_at < $2',
      [new Date(stoppedAt), new Date(repricedAt)],
    );
    await reader.end();
    const storedWhileSuspended = rows.rows.filter(
      (row) => row.at.getTime() > (suspendedAt.get(row.position_key) ?? Infinity),
    );

    const reopened = targets.filter((target) => reopenedAt.has(target.id));
    const toReopen = reopened.map((target) => (reopenedAt.get(target.id) ?? 0) - repricedAt);
    const acceptedAfter = new Map<Kind, number>();
    for (const bet of placed)
      if (bet.accepted && bet.sentAt >= pricedAt)
        acceptedAfter.set(bet.target.kind, (acceptedAfter.get(bet.target.kind) ?? 0) + 1);
    const live = placed.filter((bet) => bet.phase === 'live' && bet.doneAt < stoppedAt);
    const refusedLive = live.filter((bet) => !bet.accepted);
    const bar = STALE_S * 1000 + TOLERANCE_MS;

    record({ suite, name: name('FEED_STALE_S'), value: STALE_S });
    record({ suite, name: name('books (markets and sessions)'), value: targets.length });
    record({
      suite,
      name: name('bets while live: accepted / refused'),
      value: `${live.length - refusedLive.length} / ${refusedLive.length}`,
    });
    record({
      suite,
      name: name('books not ACTIVE while live (readings)'),
      value: `${closedWhileLive.length} of ${readingsLive * targets.length}`,
      bar: '= 0',
      pass: closedWhileLive.length === 0,
    });
    record({
      suite,
      name: name('max time to SUSPENDED (ms)'),
      value: Number.isFinite(maxToSuspend) ? maxToSuspend : 'never',
      bar: `≤ ${bar}`,
      pass: maxToSuspend <= bar,
    });
    record({
      suite,
      name: name('readings not SUSPENDED sent after FEED_STALE_S'),
      value: openAfterWindow.length,
      bar: '= 0',
      pass: openAfterWindow.length === 0,
    });
    record({
      suite,
      name: name('bets sent while suspended / accepted'),
      value: `${whileSuspended.length} / ${acceptedWhileSuspended.length}`,
      bar: '= 0 accepted',
      pass: acceptedWhileSuspended.length === 0 && storedWhileSuspended.length === 0,
    });
    record({
      suite,
      name: name('reopened by heartbeats alone'),
      value: reopenedEarly.length,
      bar: '= 0',
      pass: reopenedEarly.length === 0,
    });
    record({
      suite,
      name: name('time to ACTIVE after fresh prices, max (ms)'),
      value: reopened.length === targets.length ? Math.max(...toReopen) : 'never',
    });
    record({
      suite,
      name: name('bets accepted after fresh prices'),
      value: [...acceptedAfter].map(([kind, count]) => `${kind} ${count}`).join(', '),
    });

    const detail = JSON.stringify({
      closedWhileLive: closedWhileLive.slice(0, 5),
      refusedLive: refusedLive.slice(0, 5).map((bet) => `${bet.target.id}: ${bet.message}`),
      toSuspend,
      openAfterWindow: openAfterWindow.slice(0, 5),
      reopenedEarly: reopenedEarly.slice(0, 5),
      accepted: acceptedWhileSuspended.slice(0, 5).map((bet) => bet.target.id),
      stored: storedWhileSuspended.slice(0, 5),
      notReopened: targets.filter((target) => !reopenedAt.has(target.id)).map((t) => t.id),
      feedLog,
    });
    expect(live.length - refusedLive.length, detail).toBeGreaterThan(0);
    expect(closedWhileLive, detail).toEqual([]);
    expect(suspendedAt.size, detail).toBe(targets.length);
    expect(maxToSuspend, detail).toBeLessThanOrEqual(bar);
    expect(openAfterWindow, detail).toEqual([]);
    expect(whileSuspended.length, detail).toBeGreaterThan(0);
    expect(acceptedWhileSuspended.length, detail).toBe(0);
    expect(storedWhileSuspended, detail).toEqual([]);
    expect(reopenedEarly, detail).toEqual([]);
    expect(reopened.length, detail).toBe(targets.length);
    for (const kind of ['MATCH_ODDS', 'BOOKMAKER', 'TOSS', 'FANCY'] as const)
      expect(acceptedAfter.get(kind) ?? 0, `${kind} ${detail}`).toBeGreaterThan(0);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, OPS_TOKEN, testClock } from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { scriptedFeed, type ScriptedControl } from '../../test/feed.js';
import { parseFixture } from './fixture-file.js';
import { runFeed, type FeedRunner } from './runner.js';
import { createScriptedSource, SCRIPTED_HEARTBEAT_MS } from './scripted.js';

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
let control: ScriptedControl;

beforeAll(async () => {
  database = await createTestDatabase();
  control = scriptedFeed(database.db, clock);
  app = await buildTestApp(database.db, { clock, feed: control });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const ops = (command: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/ops/${command}`, payload, headers: bearer(OPS_TOKEN) });

async function createFixtureEvent(extra: object = {}) {
  const response = await ops('fixture-event', {
    sportId: 4,
    seriesName: 'Test Series',
    name: 'Lions v Tigers',
    runners: ['Lions', 'Tigers'],
    bookmaker: true,
    toss: true,
    fancy: ['6 over runs Lions', '10 over runs Lions'],
    inPlay: true,
    ...extra,
  });
  const body = response.json<{
    Status: boolean;
    Result: { eventId: number; marketIds: string[] };
  }>();
  expect(body.Status).toBe(true);
  return body.Result;
}

const prices = (marketId: string, back: number, lay: number, selectionId = 1) => ({
  kind: 'prices',
  marketId,
  runners: [{ selectionId, back: [{ price: back, size: 1000 }], lay: [{ price: lay, size: 800 }] }],
});

describe('scripted feed through the operator API', () => {
  it('creates an event with its docs/decisions.md#api market ids, runners and fancy sessions', async () => {
    const { eventId, marketIds } = await createFixtureEvent();
    expect(marketIds).toEqual([`1.${eventId}`, `${eventId}B`, `${eventId}T`]);
    const event = await database.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', String(eventId))
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      sport_id: 4,
      status: 'inplay',
      source: 'scripted',
      name: 'Lions v Tigers',
    });
    const runners = await database.db
      .selectFrom('runners')
      .selectAll()
      .where('market_id', '=', `1.${eventId}`)
      .execute();
    expect(runners.map((runner) => [runner.selection_id, runner.name])).toEqual([
      [String(eventId * 100 + 1), 'Lions'],
      [String(eventId * 100 + 2), 'Tigers'],
    ]);
    const fancy = await database.db
      .selectFrom('fancy_runners')
      .select('selection_id')
      .where('event_id', '=', String(eventId))
      .execute();
    expect(fancy.map((row) => row.selection_id)).toEqual([`${eventId}-1`, `${eventId}-2`]);
    const markets = await database.db
      .selectFrom('markets')
      .selectAll()
      .where('event_id', '=', String(eventId))
      .execute();
    expect(markets.every((market) => market.min_stake === 500)).toBe(true);
    expect(event.session_min_stake).toBe(100);
  });

  it('steps prices, suspends and resumes a market, with the seq moving on', async () => {
    const { eventId } = await createFixtureEvent();
    const marketId = `1.${eventId}`;
    const step = (payload: object) => ops('fixture-step', { eventId, step: payload });
    const priced = await step({
      ...prices(marketId, 1.9, 1.92),
      runners: [
        {
          selectionId: eventId * 100 + 1,
          back: [{ price: 1.9, size: 1000 }],
          lay: [{ price: 1.92, size: 800 }],
        },
      ],
    });
    expect(priced.json()).toEqual({
      Status: true,
      Result: `Step prices played on event ${eventId}`,
    });
    const book = control.priceBook.market(marketId, clock.now().getTime());
    expect(book?.status).toBe('ACTIVE');
    expect(book?.runners[0]?.back[0]).toEqual({ price: 190, size: 1000 });
    await step({ kind: 'suspend', marketId });
    expect(control.priceBook.market(marketId, clock.now().getTime())?.status).toBe('SUSPENDED');
    await step({ kind: 'resume', marketId });
    const resumed = control.priceBook.market(marketId, clock.now().getTime());
    expect(resumed?.status).toBe('ACTIVE');
    expect(resumed?.seq).toBeGreaterThan(book?.seq ?? 0);
  });

  it('refuses a price off the odds scale and a step naming another event', async () => {
    const { eventId } = await createFixtureEvent();
    const bad = await ops('fixture-step', { eventId, step: prices(`1.${eventId}`, 0.5, 1.2) });
    expect(bad.json()).toEqual({ Status: false, Result: '0.5 is not a valid decimal price' });
    const stranger = await ops('fixture-step', {
      eventId,
      step: prices(`1.${eventId + 1}`, 1.5, 1.6),
    });
    expect(stranger.json().Result).toBe(
      `The step names a market or session outside event ${eventId}`,
    );
  });

  it('plays a list of steps as one batch, and none of it when one step is refused', async () => {
    const { eventId } = await createFixtureEvent();
    const at = () => clock.now().getTime();
    const played = await ops('fixture-step', {
      eventId,
      steps: [
        prices(`1.${eventId}`, 1.5, 1.52, eventId * 100 + 1),
        prices(`${eventId}T`, 1.9, 1.95, eventId * 100 + 1),
      ],
    });
    expect(played.json()).toEqual({
      Status: true,
      Result: `Step prices, prices played on event ${eventId}`,
    });
    expect(control.priceBook.market(`1.${eventId}`, at())?.runners[0]?.back[0]?.price).toBe(150);
    expect(control.priceBook.market(`${eventId}T`, at())?.runners[0]?.back[0]?.price).toBe(190);
    const refused = await ops('fixture-step', {
      eventId,
      steps: [
        prices(`1.${eventId}`, 1.6, 1.62, eventId * 100 + 1),
        prices(`1.${eventId + 1}`, 1.5, 1.6),
      ],
    });
    expect(refused.json().Result).toBe(
      `The step names a market or session outside event ${eventId}`,
    );
    expect(control.priceBook.market(`1.${eventId}`, at())?.runners[0]?.back[0]?.price).toBe(150);
    const neither = await ops('fixture-step', { eventId });
    expect(neither.json().Result).toBe('Invalid body: step: Give either step or steps');
  });

  it('records a result once: the first declaration wins', async () => {
    const { eventId } = await createFixtureEvent();
    const marketId = `1.${eventId}`;
    await ops('fixture-step', {
      eventId,
      step: { kind: 'result', marketId, winnerSelectionId: eventId * 100 + 1 },
    });
    await ops('fixture-step', {
      eventId,
      step: { kind: 'result', marketId, winnerSelectionId: eventId * 100 + 2 },
    });
    await ops('fixture-step', {
      eventId,
      step: { kind: 'fancy-result', selectionId: `${eventId}-1`, runs: 47 },
    });
    const rows = await database.db
      .selectFrom('result_declarations')
      .selectAll()
      .where('event_id', '=', String(eventId))
      .execute();
    expect(rows.map((row) => [row.target, row.kind, row.winner_selection_id, row.runs])).toEqual([
      [marketId, 'market', String(eventId * 100 + 1), null],
      [`${eventId}-1`, 'fancy', null, 47],
    ]);
  });

  it('keeps the over in progress and the last over from ball to ball', async () => {
    const { eventId } = await createFixtureEvent();
    const ball = (overs: string, runs: number, symbol: string) =>
      ops('fixture-step', {
        eventId,
        step: {
          kind: 'ball',
          innings: [{ team: 'Lions', runs, wickets: 0, overs }],
          ball: symbol,
          commentary: `${symbol} run`,
        },
      });
    await ball('1', 6, '1'); // the sixth ball of the first over
    await ball('1.1', 10, '4');
    await ball('1.2', 16, '6');
    const score = control.scores.get(eventId);
    expect(score).toMatchObject({
      kind: 'cricket',
      currentOver: ['4', '6'],
      lastOver: ['1'],
      commentary: '6 run',
    });
    expect(score?.kind === 'cricket' && score.innings[0]?.runRate).toBe(12);
  });

  it('plays a tennis score with the game in play and the server', async () => {
    const { eventId } = await createFixtureEvent();
    const player = (name: string, set: number, games: number, points: number) => ({
      name,
      sets: set === 6 ? 1 : 0,
      games,
      gameSequence: [set],
      points,
    });
    await ops('fixture-step', {
      eventId,
      step: {
        kind: 'tennis',
        players: [player('A Ray', 6, 2, 4), player('B Sol', 4, 3, 3)],
        server: 'away',
        commentary: 'Advantage A Ray',
      },
    });
    expect(control.scores.get(eventId)).toEqual({
      kind: 'tennis',
      home: { name: 'A Ray', score: 1, games: 2, gameSequence: [6] },
      away: { name: 'B Sol', score: 0, games: 3, gameSequence: [4] },
      currentSet: 2,
      commentary: 'Advantage A Ray',
      points: { home: 4, away: 3, isTiebreak: false },
      server: 'away',
    });
  });

  it('keeps a quiet fixture market open with heartbeats', async () => {
    const { eventId } = await createFixtureEvent();
    const marketId = `1.${eventId}`;
    await ops('fixture-step', {
      eventId,
      step: {
        ...prices(marketId, 2, 2.02),
        runners: [
          {
            selectionId: eventId * 100 + 1,
            back: [{ price: 2, size: 10 }],
            lay: [{ price: 2.02, size: 10 }],
          },
        ],
      },
    });
    for (let elapsed = 0; elapsed < 60_000; elapsed += SCRIPTED_HEARTBEAT_MS) {
      clock.advance(SCRIPTED_HEARTBEAT_MS);
      await control.scripted.runner.step(clock.now());
    }
    expect(control.priceBook.market(marketId, clock.now().getTime())?.status).toBe('ACTIVE');
    control.scripted.source.untrack(eventId);
    clock.advance(10_001);
    expect(control.priceBook.market(marketId, clock.now().getTime())?.status).toBe('SUSPENDED');
  });

  it('lists open events and their books in the feed status', async () => {
    const response = await app.inject({ url: '/api/ops/feed-status', headers: bearer(OPS_TOKEN) });
    const result = response.json<{
      Result: { feed: string; events: { eventId: number; markets: { marketId: string }[] }[] };
    }>().Result;
    expect(result.feed).toBe('scripted');
    expect(result.events.length).toBeGreaterThan(0);
  });
});

describe('operator controls', () => {
  it('lock and unlock an event, suspend and resume a market, and save custom rows', async () => {
    const { eventId } = await createFixtureEvent();
    expect((await ops('lock-event', { eventId })).json()).toEqual({
      Status: true,
      Result: `Event ${eventId} locked`,
    });
    const locked = await database.db
      .selectFrom('events')
      .select('bet_locked')
      .where('id', '=', String(eventId))
      .executeTakeFirstOrThrow();
    expect(locked.bet_locked).toBe(true);
    expect((await ops('unlock-event', { eventId })).json().Result).toBe(
      `Event ${eventId} unlocked`,
    );
    expect((await ops('suspend-market', { marketId: `${eventId}B` })).json().Result).toBe(
      `Market ${eventId}B suspended`,
    );
    expect((await ops('resume-market', { marketId: `${eventId}B` })).json().Result).toBe(
      `Market ${eventId}B resumed`,
    );
    expect((await ops('lock-event', { eventId: 1 })).json()).toEqual({
      Status: false,
      Result: 'No event 1',
    });

    const fancy = await ops('set-custom-fancy', {
      eventId,
      selectionId: `${eventId}-9`,
      runnerName: 'Custom 8 over runs',
      isCustome: true,
      isActive: true,
      backPrice: 70,
      backSize: 110,
      layPrice: 69,
      laySize: 90,
      min: 100,
      max: 50_000,
    });
    expect(fancy.json()).toEqual({ Status: true, Result: `Custom fancy row ${eventId}-9 saved` });
    const bookmaker = await ops('set-custom-bookmaker', {
      marketId: `${eventId}B`,
      selectionId: eventId * 100 + 1,
      runnerName: 'Lions',
      isCustome: false,
      isActive: true,
      status: 'ACTIVE',
      backPrice: 45,
      backSize: 100_000,
      layPrice: 48,
      laySize: 100_000,
    });
    expect(bookmaker.json().Status).toBe(true);
    const wrongEvent = await ops('set-custom-fancy', {
      eventId,
      selectionId: `${eventId + 5}-1`,
      runnerName: 'x',
      isCustome: true,
      isActive: false,
      backPrice: 1,
      backSize: 1,
      layPrice: 1,
      laySize: 1,
      min: 100,
      max: 100,
    });
    expect(wrongEvent.json().Status).toBe(false);
  });
});

describe('fixtures with several instances', () => {
  it('are refused by an instance that follows another instance’s feed', async () => {
    const follower = await buildTestApp(database.db, {
      clock,
      feed: { ...control, isFollower: () => true },
    });
    const response = await follower.inject({
      method: 'POST',
      url: '/api/ops/fixture-step',
      payload: { eventId: 1, step: { kind: 'status', status: 'inplay' } },
      headers: bearer(OPS_TOKEN),
    });
    await follower.close();
    expect(response.json()).toEqual({
      Status: false,
      Result:
        'The feed runs on another instance: send fixtures to the one whose feed status says isLeader',
    });
  });
});

describe('feed lock and fixture files', () => {
  it('lets exactly one process run the feed', async () => {
    const runner = control.scripted.runner;
    const first = await runFeed({
      databaseUrl: database.url,
      runner,
      clock,
      intervalMs: 60_000,
      saveEveryMs: 60_000,
      log: () => {},
    });
    const second = await runFeed({
      databaseUrl: database.url,
      runner,
      clock,
      intervalMs: 60_000,
      saveEveryMs: 60_000,
      log: () => {},
    });
    expect(first.isLeader).toBe(true);
    expect(second.isLeader).toBe(false);
    await first.stop();
    const third = await runFeed({
      databaseUrl: database.url,
      runner,
      clock,
      intervalMs: 60_000,
      saveEveryMs: 60_000,
      log: () => {},
    });
    expect(third.isLeader).toBe(true);
    await third.stop();
  });

  it("steps within milliseconds of a live provider's news instead of at the next tick", async () => {
    let steps = 0;
    let kick = () => {};
    const counting: FeedRunner = {
      step: async () => {
        steps += 1;
      },
      inject: async () => {},
      save: async () => {},
      takeOver: async () => {},
    };
    const running = await runFeed({
      databaseUrl: database.url,
      runner: counting,
      clock,
      intervalMs: 60_000,
      saveEveryMs: 60_000,
      log: () => {},
      wake: (listener) => {
        kick = listener;
      },
    });
    // The first step runs at once; the next tick would be a minute away.
    await vi.waitFor(() => expect(steps).toBe(1));
    kick();
    kick();
    await vi.waitFor(() => expect(steps).toBe(2), { timeout: 5000, interval: 5 });
    await running.stop();
  });

  it('plays a fixture file at its offsets', () => {
    const start = new Date('2026-11-21T10:00:00Z');
    const fixture = parseFixture(
      JSON.stringify({
        events: [
          {
            eventId: 777,
            sportId: 2,
            seriesName: 'Open',
            name: 'A v B',
            runners: ['A', 'B'],
            inPlay: true,
          },
        ],
        steps: [
          {
            atMs: 1000,
            eventId: 777,
            step: {
              kind: 'prices',
              marketId: '1.777',
              runners: [
                {
                  selectionId: 77701,
                  back: [{ price: 1.5, size: 10 }],
                  lay: [{ price: 1.52, size: 10 }],
                },
              ],
            },
          },
          { atMs: 3000, eventId: 777, step: { kind: 'suspend', marketId: '1.777' } },
        ],
      }),
      start,
    );
    const source = createScriptedSource({ start, fixture });
    const kinds = (at: number) =>
      source.tick(new Date(start.getTime() + at)).map((update) => update.kind);
    expect(kinds(0)).toEqual(['event', 'eventStatus', 'heartbeat']);
    expect(kinds(1000)).toEqual(['market']);
    expect(kinds(2500)).toEqual(['heartbeat']);
    expect(kinds(3000)).toEqual(['market']);
    expect(source.snapshot()).toEqual({
      eventIds: [777],
      playedSteps: 4,
      startedAt: start.getTime(),
    });
  });

  it("adds the further exchange markets a fixture file asks for, and refuses another sport's", () => {
    const file = (sportId: number, markets: string[]) =>
      JSON.stringify({
        events: [
          {
            eventId: 778,
            sportId,
            seriesName: 'Open',
            name: 'A v B',
            runners: ['A', 'B'],
            markets,
          },
        ],
        steps: [
          {
            atMs: 0,
            eventId: 778,
            step: { kind: 'result', marketId: '778SW2', winnerSelectionId: 77834 },
          },
        ],
      });
    const [announced, declared] = parseFixture(file(2, ['SET_WINNER']), new Date()).steps;
    expect(
      announced?.update.kind === 'event' &&
        announced.update.event.markets.map((market) => [
          market.marketId,
          market.marketType,
          market.name,
          ...market.runners.map((runner) => runner.selectionId),
        ]),
    ).toEqual([
      ['1.778', 'MATCH_ODDS', 'Match Odds', 77801, 77802],
      ['778SW1', 'SET_WINNER', 'Set 1 Winner', 77831, 77832],
      ['778SW2', 'SET_WINNER', 'Set 2 Winner', 77833, 77834],
      ['778SW3', 'SET_WINNER', 'Set 3 Winner', 77835, 77836],
    ]);
    expect(declared?.update).toEqual({
      kind: 'result',
      declaration: { kind: 'market', marketId: '778SW2', winnerSelectionId: 77834 },
    });
    expect(() => parseFixture(file(2, ['TIED_MATCH']), new Date())).toThrow(
      'Invalid fixture file: event 778: TIED_MATCH is not a market of sport 2',
    );
    expect(() => parseFixture(file(1, ['OVER_UNDER_15', 'OVER_UNDER_15']), new Date())).toThrow(
      /markets must not repeat/,
    );
  });

  it('names the bad entry of an invalid fixture file', () => {
    expect(() =>
      parseFixture(JSON.stringify({ events: [{ eventId: 1 }], steps: [] }), new Date()),
    ).toThrow(/Invalid fixture file:\n {2}events\.0\.sportId/);
  });
});

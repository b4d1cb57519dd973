import { DEFAULT_HOUSE_MARGINS } from '@backlay/domain';
import { postFancyBet, postUserBet } from '@backlay/contract/bets';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestClient, login, testClock } from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createFeedApplier } from '../feed/applier.js';
import type { FeedControl } from '../feed/control.js';
import { createMemoryPriceBook } from '../feed/price-book.js';
import { createScoreBook } from '../feed/score-book.js';
import { createSimulator, MATCH_SIXES_SUFFIX } from '../feed/simulator/index.js';
import type { FeedEventSpec, FeedUpdate } from '../feed/types.js';
import { createMarketsService } from '../modules/markets/markets.service.js';
import { createCatalog } from '../modules/markets/catalog.js';
import { noChanges } from '../db/changes.js';
import { ACTIVE_ROW_LIMITS, createDemoDesk, SPECIAL_LIMITS } from './desk.js';

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
const priceBook = createMemoryPriceBook(3_600_000);
const announced: number[] = [];
/** What the desk and the applier logged: a refused operator command, a failed listener. */
const logged: string[] = [];
let apply: (updates: readonly FeedUpdate[]) => Promise<void>;
let board: FeedUpdate[];
let token: string;

const events = () => board.flatMap((u) => (u.kind === 'event' ? [u.event] : []));
const statusOf = (eventId: number) =>
  board.find((u) => u.kind === 'eventStatus' && u.eventId === eventId);
const cricket = (status: 'upcoming' | 'inplay'): FeedEventSpec => {
  const found = events().find(
    (event) =>
      event.sportId === 4 &&
      statusOf(event.eventId)?.kind === 'eventStatus' &&
      (statusOf(event.eventId) as { status: string }).status === status,
  );
  if (!found) throw new Error(`no ${status} cricket event`);
  return found;
};

const read = async <T>(url: string) =>
  (await app.inject({ url, headers: bearer(token) })).json<{ Status: boolean; Result: T }>();

interface OperatorRow {
  SelectionId: string;
  RunnerName: string;
  BackPrice1: number;
  BackSize1: number;
  LayPrice1: number;
  LaySize1: number;
  GameStatus: string;
  min: number;
  max: number;
  isCustome: boolean;
  isActive: boolean;
}
interface BookmakerRow {
  selectionId: number;
  RunnerName: string;
  BackPrice1: number;
  LayPrice1: number;
  IsCustome: boolean;
  IsActive: boolean;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const markets = createMarketsService({
    db,
    clock,
    priceBook,
    catalog: createCatalog({ db, changes: noChanges, clock }),
    margins: DEFAULT_HOUSE_MARGINS,
  });
  const feed: FeedControl = {
    name: 'simulator',
    priceBook,
    scores: createScoreBook(),
    isLeader: () => true,
  };
  const desk = createDemoDesk({
    markets,
    priceBook,
    clock,
    announce: (eventId) => announced.push(eventId),
    log: (message) => logged.push(message),
  });
  const applier = createFeedApplier({
    db,
    priceBook,
    scores: feed.scores,
    source: 'simulator',
    log: (message) => logged.push(message),
    notify: desk,
  });
  apply = (updates) => applier.apply(updates, clock.now());
  board = createSimulator({ seed: 21, speed: 1, start: clock.now() }).tick(clock.now());
  await apply(board);
  app = await buildTestApp(db, { clock, feed });
  await createTestClient(db, 'deskclient', 50_000, clock);
  token = (await login(app, 'deskclient')).Token;
});
afterAll(async () => {
  expect(logged).toEqual([]);
  await app.close();
  await database.drop();
});

describe('the demo desk', () => {
  it('opens the match-sixes special of an upcoming match at the feed line with its own limits, and an active 20-over row', async () => {
    const event = cricket('upcoming');
    const custom = await read<OperatorRow[]>(
      `/api/FancyRunnerModels/GetCustomFancy?MarketId=${event.eventId}`,
    );
    const special = event.fancy.find((row) => row.name.endsWith(MATCH_SIXES_SUFFIX));
    const quote = priceBook
      .fancy(event.eventId, clock.now().getTime())
      ?.rows.find((row) => row.selectionId === special?.selectionId);
    expect(custom).toEqual({
      Status: true,
      Result: [
        {
          SelectionId: special?.selectionId,
          RunnerName: special?.name,
          BackPrice1: quote?.yesLine,
          BackSize1: quote?.yesRate,
          LayPrice1: quote?.noLine,
          LaySize1: quote?.noRate,
          GameStatus: '',
          ...SPECIAL_LIMITS,
          isCustome: true,
          isActive: true,
        },
      ],
    });
    const active = await read<OperatorRow[]>(
      `/api/FancyRunnerModels/GetActiveFancy?MarketId=${event.eventId}`,
    );
    const lambi = active.Result.find((row) => !row.isCustome);
    expect(lambi?.RunnerName).toMatch(/^20 over runs /);
    expect({ min: lambi?.min, max: lambi?.max }).toEqual(ACTIVE_ROW_LIMITS);
    expect(announced).toContain(event.eventId);
  });

  it('puts the house line on the home bookmaker runner of an upcoming match, and leaves a match in play to the feed', async () => {
    const upcoming = cricket('upcoming');
    const rows = await read<BookmakerRow[]>(
      `/api/MarketModels/GetCustomBookmaker?MarketId=${upcoming.eventId}B`,
    );
    const home = upcoming.markets.find((m) => m.marketType === 'BOOKMAKER')?.runners[0];
    expect(rows.Result).toMatchObject([
      { selectionId: home?.selectionId, RunnerName: home?.name, IsCustome: true, IsActive: true },
    ]);
    const live = cricket('inplay');
    const liveRows = await read<BookmakerRow[]>(
      `/api/MarketModels/GetCustomBookmaker?MarketId=${live.eventId}B`,
    );
    expect(liveRows.Result).toMatchObject([{ IsCustome: true, IsActive: false }]);
    const special = await read<OperatorRow[]>(
      `/api/FancyRunnerModels/GetCustomFancy?MarketId=${live.eventId}`,
    );
    expect(special.Result).toMatchObject([{ GameStatus: 'SUSPENDED' }]);
  });

  it('takes bets on the special and the house line at the desk’s prices', async () => {
    const event = cricket('upcoming');
    const [special] = (
      await read<OperatorRow[]>(`/api/FancyRunnerModels/GetCustomFancy?MarketId=${event.eventId}`)
    ).Result;
    const yes = await app.inject({
      method: 'POST',
      url: postFancyBet.path,
      headers: bearer(token),
      payload: {
        sportsId: 4,
        SelectionName: special?.RunnerName,
        SelectionID: special?.SelectionId,
        Odds: special?.BackPrice1,
        Price: special?.BackSize1,
        OldPrice: 0,
        OldStack: 200,
        MarketType: 'FANCY',
        MarketId: String(event.eventId),
        EventId: event.eventId,
        BetType: 'Yes',
        BetStatus: 'Pending',
        Stack: 200,
        Exposure: 200,
        ReturnBalance: 0,
        UserId: 0,
      },
    });
    expect(yes.json()).toEqual({ Status: true, Result: 'Bet placed successfully' });
    const [line] = (
      await read<BookmakerRow[]>(`/api/MarketModels/GetCustomBookmaker?MarketId=${event.eventId}B`)
    ).Result;
    // The feed then shortens the home side below the house line: the house line still stands.
    const feedBook = priceBook.market(`${event.eventId}B`, clock.now().getTime());
    await apply([
      {
        kind: 'market',
        marketId: `${event.eventId}B`,
        status: 'ACTIVE',
        runners: (feedBook?.runners ?? []).map((runner, i) =>
          i === 0
            ? {
                ...runner,
                back: [{ price: (line?.BackPrice1 ?? 0) - 5, size: 10_000 }],
                lay: [{ price: (line?.LayPrice1 ?? 0) - 4, size: 10_000 }],
              }
            : runner,
        ),
      },
    ]);
    const back = await app.inject({
      method: 'POST',
      url: postUserBet.path,
      headers: bearer(token),
      payload: {
        sportsId: 4,
        SelectionName: line?.RunnerName,
        SelectionID: String(line?.selectionId),
        Odds: line?.BackPrice1,
        Price: 0,
        OldPrice: 0,
        OldStack: 500,
        MarketType: 'BOOKMAKER',
        MarketId: `${event.eventId}B`,
        EventId: event.eventId,
        BetType: 'Back',
        BetStatus: 'Pending',
        Stack: 500,
        Exposure: 500,
        ReturnBalance: 0,
        UserId: 0,
      },
    });
    expect(back.json()).toEqual({ Status: true, Result: 'Bet placed successfully' });
  });

  it('suspends the special and hands the bookmaker back to the feed when the match starts', async () => {
    const event = cricket('upcoming');
    announced.length = 0;
    await apply([{ kind: 'eventStatus', eventId: event.eventId, status: 'inplay' }]);
    const [special] = (
      await read<OperatorRow[]>(`/api/FancyRunnerModels/GetCustomFancy?MarketId=${event.eventId}`)
    ).Result;
    expect(special).toMatchObject({ GameStatus: 'SUSPENDED', isCustome: true });
    const rows = await read<BookmakerRow[]>(
      `/api/MarketModels/GetCustomBookmaker?MarketId=${event.eventId}B`,
    );
    expect(rows.Result).toMatchObject([{ IsActive: false }]);
    expect(announced).toEqual([event.eventId]);
    // A match the desk never worked (no rows) is left alone and not announced.
    await apply([{ kind: 'eventStatus', eventId: 99_999_999, status: 'inplay' }]);
    expect(announced).toEqual([event.eventId]);
  });
});

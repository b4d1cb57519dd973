import { randomInt } from 'node:crypto';
import {
  casinoLaunch,
  casinoProviderCredit,
  casinoProviderDebit,
  casinoProviderSession,
} from '@backlay/contract/casino';
import { postFancyBet, postUserBet } from '@backlay/contract/bets';
import { placeMatkaBet } from '@backlay/contract/matka';
import {
  betFigures,
  isExchangeMarket,
  oddsFromDecimal,
  toBookmakerOdds,
  toFancyRate,
  toStake,
  type BetFigures,
  type ExchangeMarketType,
  type MarketType,
  type Paise,
} from '@backlay/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { openDatabase, type Database, type Db } from '../../src/db/pool.js';
import {
  bearer,
  buildTestApp,
  CASINO_SECRET,
  createTestClient,
  login,
  OPS_TOKEN,
  testClock,
} from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { scriptedFeed, type ScriptedControl } from '../../test/feed.js';

/**
 * The betting world of the money suite's double-spend, idempotency and exactly-once proofs: one
 * test database, a scripted feed and a manual clock shared by any number of app instances (each
 * with its own pool, as separate processes would have), and the calls a bettor, the operator and
 * the casino provider make. Figures the proofs compare with come from packages/domain, in paise.
 */

/** A seeded generator (mulberry32), so that a failing run can be replayed with its seed. */
export interface Rng {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [low, high]. */
  int(low: number, high: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  return {
    seed,
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(0, items.length - 1)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    chance: (p) => next() < p,
  };
}

/** RELIABILITY_SEED replays a run; otherwise a fresh seed (recorded with the figures). */
export function runSeed(): number {
  const given = process.env.RELIABILITY_SEED;
  return given ? Number(given) >>> 0 : randomInt(1, 2 ** 31);
}

export type Clock = ReturnType<typeof testClock>;

/** One app on the world's database with its own pool: what one server process would be. */
export interface Instance {
  readonly app: FastifyInstance;
  readonly database: Database;
  close(): Promise<void>;
}

export interface World {
  readonly database: TestDatabase;
  readonly clock: Clock;
  readonly feed: ScriptedControl;
  /** Starts another app on the same database (a restart, or a second server at once). */
  start(poolSize?: number): Promise<Instance>;
  /** Stops every instance still running and drops the database. */
  close(): Promise<void>;
}

export async function openWorld(): Promise<World> {
  const database = await createTestDatabase();
  const clock = testClock();
  const feed = scriptedFeed(database.db, clock);
  const running = new Set<Instance>();
  return {
    database,
    clock,
    feed,
    async start(poolSize = 12) {
      const pool = openDatabase(database.url, { max: poolSize });
      // The rate limit counts real minutes; these suites send far more than a person would.
      const app = await buildTestApp(pool.db, {
        clock,
        feed,
        config: { rateLimitPerMin: 100_000_000 },
      });
      const instance: Instance = {
        app,
        database: pool,
        close: async () => {
          running.delete(instance);
          await app.close();
          await pool.close();
        },
      };
      running.add(instance);
      return instance;
    },
    async close() {
      for (const instance of [...running]) await instance.close();
      await database.drop();
    },
  };
}

export interface Answer {
  readonly statusCode: number;
  readonly body: { Status: boolean; Result: unknown };
  /** The body as sent, to compare answers byte for byte. */
  readonly text: string;
}

export async function post(
  app: FastifyInstance,
  url: string,
  payload: object,
  headers: Record<string, string>,
): Promise<Answer> {
  const response = await app.inject({ method: 'POST', url, payload, headers });
  return {
    statusCode: response.statusCode,
    body: response.json<{ Status: boolean; Result: unknown }>(),
    text: response.body,
  };
}

export const ops = (app: FastifyInstance, command: string, payload: object) =>
  post(app, `/api/ops/${command}`, payload, bearer(OPS_TOKEN));

async function opsOk<T>(app: FastifyInstance, command: string, payload: object): Promise<T> {
  const answer = await ops(app, command, payload);
  if (answer.statusCode !== 200 || !answer.body.Status)
    throw new Error(`ops ${command} failed: ${answer.text}`);
  return answer.body.Result as T;
}

export interface Quote {
  readonly back: number;
  readonly lay: number;
}

/** A further exchange market of a fixture event (docs/architecture.md identifiers). */
export interface SideMarket {
  readonly marketId: string;
  readonly marketType: Exclude<ExchangeMarketType, 'MATCH_ODDS'>;
  /** Yes and No, Under and Over, or the two players. */
  readonly runners: readonly [number, number];
}

export interface Fixture {
  readonly eventId: number;
  readonly runners: readonly [number, number];
  readonly fancy: readonly string[];
  readonly matchOdds: string;
  readonly bookmaker: string;
  readonly toss: string;
  /** Tied match (Yes …11, No …12) and completed match (Yes …13, No …14). */
  readonly tiedMatch: SideMarket;
  readonly completedMatch: SideMarket;
}

/**
 * A scripted in-play cricket event with match odds, bookmaker, toss, tied match, completed match
 * and `fancyCount` sessions.
 */
export async function fixtureEvent(
  app: FastifyInstance,
  name: string,
  fancyCount: number,
): Promise<Fixture> {
  const created = await opsOk<{ eventId: number }>(app, 'fixture-event', {
    sportId: 4,
    seriesName: 'Money Cup',
    name,
    runners: name.split(' v '),
    bookmaker: true,
    toss: true,
    fancy: Array.from({ length: fancyCount }, (_, n) => `${(n + 1) * 5} over runs`),
    markets: ['TIED_MATCH', 'COMPLETED_MATCH'],
    inPlay: true,
    maxStake: 500_000,
    sessionMaxStake: 100_000,
  });
  const { eventId } = created;
  return {
    eventId,
    runners: [eventId * 100 + 1, eventId * 100 + 2],
    fancy: Array.from({ length: fancyCount }, (_, n) => `${eventId}-${n + 1}`),
    matchOdds: `1.${eventId}`,
    bookmaker: `${eventId}B`,
    toss: `${eventId}T`,
    tiedMatch: {
      marketId: `${eventId}TM`,
      marketType: 'TIED_MATCH',
      runners: [eventId * 100 + 11, eventId * 100 + 12],
    },
    completedMatch: {
      marketId: `${eventId}CM`,
      marketType: 'COMPLETED_MATCH',
      runners: [eventId * 100 + 13, eventId * 100 + 14],
    },
  };
}

/**
 * A scripted in-play soccer event with over/under 2.5 goals (Under …23, Over …24), or a tennis
 * event with set 1's winner (…31, …32): the further exchange markets of the other sports.
 */
export async function otherSportMarket(
  app: FastifyInstance,
  sport: 'soccer' | 'tennis',
  name: string,
): Promise<{ eventId: number; market: SideMarket }> {
  const [home = 'Home', away = 'Away'] = name.split(' v ');
  const created = await opsOk<{ eventId: number }>(app, 'fixture-event', {
    sportId: sport === 'soccer' ? 1 : 2,
    seriesName: 'Money Cup',
    name,
    runners: sport === 'soccer' ? [home, away, 'The Draw'] : [home, away],
    markets: [sport === 'soccer' ? 'OVER_UNDER_25' : 'SET_WINNER'],
    inPlay: true,
    maxStake: 500_000,
  });
  const { eventId } = created;
  const market: SideMarket =
    sport === 'soccer'
      ? {
          marketId: `${eventId}OU25`,
          marketType: 'OVER_UNDER_25',
          runners: [eventId * 100 + 23, eventId * 100 + 24],
        }
      : {
          marketId: `${eventId}SW1`,
          marketType: 'SET_WINNER',
          runners: [eventId * 100 + 31, eventId * 100 + 32],
        };
  return { eventId, market };
}

/** Best back and lay of each runner of one market, as the feed quotes them. */
export async function priceMarket(
  app: FastifyInstance,
  eventId: number,
  marketId: string,
  quotes: readonly (Quote & { selectionId: number })[],
): Promise<void> {
  await opsOk(app, 'fixture-step', {
    eventId,
    step: {
      kind: 'prices',
      marketId,
      runners: quotes.map((quote) => ({
        selectionId: quote.selectionId,
        back: [{ price: quote.back, size: 100_000 }],
        lay: [{ price: quote.lay, size: 100_000 }],
      })),
    },
  });
}

export interface FancyQuote {
  readonly selectionId: string;
  readonly noLine: number;
  readonly noRate: number;
  readonly yesLine: number;
  readonly yesRate: number;
}

export async function priceFancy(
  app: FastifyInstance,
  eventId: number,
  rows: readonly FancyQuote[],
): Promise<void> {
  await opsOk(app, 'fixture-step', { eventId, step: { kind: 'fancy', rows } });
}

export interface Bettor {
  readonly clientId: string;
  readonly username: string;
  readonly token: string;
}

/** A client with `credit` rupees (whole or to the paisa), logged in on `app`. */
export async function newBettor(
  world: World,
  app: FastifyInstance,
  username: string,
  credit: number,
): Promise<Bettor> {
  const clientId = await createTestClient(world.database.db, username, credit, world.clock);
  const { Token } = await login(app, username);
  return { clientId, username, token: Token };
}

/** An exchange market (match odds, tied match …), bookmaker, toss or fancy bet as the slip sends it. */
export interface BetDraft {
  readonly MarketType: MarketType;
  readonly MarketId: string;
  readonly EventId: number;
  readonly SelectionID: string;
  readonly BetType: 'Back' | 'Lay' | 'Yes' | 'No';
  /** Decimal odds, bookmaker odds per 100, or the fancy line. */
  readonly Odds: number;
  /** The fancy rate; 0 elsewhere. */
  readonly Price: number;
  readonly Stack: number;
}

export function betBody(draft: BetDraft) {
  return {
    sportsId: 4,
    SelectionName: draft.SelectionID,
    OldPrice: 0,
    OldStack: draft.Stack,
    BetStatus: 'Pending',
    Exposure: 0,
    ReturnBalance: 0,
    UserId: 0,
    ...draft,
  };
}

export function placeBet(
  app: FastifyInstance,
  bettor: Bettor,
  draft: BetDraft,
  key?: string,
): Promise<Answer> {
  return post(
    app,
    draft.MarketType === 'FANCY' ? postFancyBet.path : postUserBet.path,
    betBody(draft),
    { ...bearer(bettor.token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
  );
}

/**
 * The draft as the server makes it (docs/decisions.md#price-improvement): an exchange or toss bet
 * at the best price on its side, `best` in wire odds (the caller's quote of the runner); a
 * bookmaker or fancy bet as asked.
 */
export function madeDraft(draft: BetDraft, best: { back: number; lay: number }): BetDraft {
  if (!isExchangeMarket(draft.MarketType) && draft.MarketType !== 'TOSS') return draft;
  return { ...draft, Odds: draft.BetType === 'Back' ? best.back : best.lay };
}

/** Profit and liability of a draft, from packages/domain (the slip's figures, docs/decisions.md#money). */
export function draftFigures(draft: BetDraft): BetFigures {
  const stake = toStake(draft.Stack);
  if (stake === null) throw new Error(`bad stake ${draft.Stack}`);
  if (isExchangeMarket(draft.MarketType) || draft.MarketType === 'TOSS') {
    const odds = oddsFromDecimal(draft.Odds);
    if (odds === null || (draft.BetType !== 'Back' && draft.BetType !== 'Lay'))
      throw new Error(`bad odds ${draft.Odds}`);
    // Every exchange market has match odds' figures (docs/architecture.md identifiers).
    const market = draft.MarketType === 'TOSS' ? 'TOSS' : 'MATCH_ODDS';
    return betFigures({ market, betType: draft.BetType, odds, stake });
  }
  switch (draft.MarketType) {
    case 'BOOKMAKER': {
      const odds = toBookmakerOdds(draft.Odds);
      if (odds === null || (draft.BetType !== 'Back' && draft.BetType !== 'Lay'))
        throw new Error(`bad odds ${draft.Odds}`);
      return betFigures({ market: 'BOOKMAKER', betType: draft.BetType, odds, stake });
    }
    case 'FANCY': {
      const rate = toFancyRate(draft.Price);
      if (rate === null || (draft.BetType !== 'Yes' && draft.BetType !== 'No'))
        throw new Error(`bad rate ${draft.Price}`);
      return betFigures({ market: 'FANCY', betType: draft.BetType, rate, stake });
    }
  }
}

export interface MatkaDraft {
  /** The game (EventId); the server books it on the game's open market. */
  readonly game: number;
  readonly bets: readonly { BetNo: string; Amount: number }[];
}

export function matkaBody(draft: MatkaDraft) {
  // Amounts are rupees to the paisa; their sum is whole rupees (the TotalAmount rule).
  const totalPaise = draft.bets.reduce((sum, bet) => sum + Math.round(bet.Amount * 100), 0);
  return {
    SportsId: 6,
    EventName: 'Kalyan',
    EventId: draft.game,
    TotalAmount: totalPaise / 100,
    SMBets: draft.bets,
  };
}

export function placeMatka(
  app: FastifyInstance,
  bettor: Bettor,
  draft: MatkaDraft,
  key?: string,
): Promise<Answer> {
  return post(app, placeMatkaBet.path, matkaBody(draft), {
    ...bearer(bettor.token),
    ...(key === undefined ? {} : { 'idempotency-key': key }),
  });
}

/** A matka draft's liability: every amount staked on the game (paise). */
export const matkaLiability = (draft: MatkaDraft): Paise =>
  draft.bets.reduce((sum, bet) => sum + Math.round(bet.Amount * 100), 0) as Paise;

/** Random matka bets of whole-rupee total: `count` numbers, amounts to the paisa. */
export function randomMatka(rng: Rng, game: number, count: number, maxRupees: number): MatkaDraft {
  const bets: { BetNo: string; Amount: number }[] = [];
  let total = 0;
  for (let n = 0; n < count; n += 1) {
    const paise = rng.int(100, maxRupees * 100);
    total += paise;
    bets.push({ BetNo: String(rng.int(0, 99)).padStart(2, '0'), Amount: paise / 100 });
  }
  // Round the last amount up so that the total is whole rupees.
  const last = bets[bets.length - 1];
  if (last && total % 100 !== 0)
    last.Amount = (Math.round(last.Amount * 100) + 100 - (total % 100)) / 100;
  return { game, bets };
}

/** Kalyan (13:00–17:30 Asia/Kolkata), open at the test clock's 15:30. */
export const KALYAN = 4;

/** The casino provider's session for a bettor: a launch, exchanged server-to-server. */
export async function casinoSession(app: FastifyInstance, bettor: Bettor): Promise<string> {
  const launched = await post(
    app,
    casinoLaunch.path,
    { gameId: 'sevenupsevendown' },
    bearer(bettor.token),
  );
  const url = (launched.body.Result as { Url: string }).Url;
  const token = new URL(url).searchParams.get('token') ?? '';
  const session = await post(app, casinoProviderSession.path, { token }, bearer(CASINO_SECRET));
  if (!session.body.Status) throw new Error(`casino session refused: ${session.text}`);
  return (session.body.Result as { session: string }).session;
}

export const casinoDebit = (
  app: FastifyInstance,
  session: string,
  roundId: string,
  amount: number,
) => post(app, casinoProviderDebit.path, { session, roundId, amount }, bearer(CASINO_SECRET));

export const casinoCredit = (
  app: FastifyInstance,
  session: string,
  roundId: string,
  amount: number,
  detail = 'round',
) =>
  post(app, casinoProviderCredit.path, { session, roundId, amount, detail }, bearer(CASINO_SECRET));

export interface WalletFigures {
  readonly creditPaise: bigint;
  readonly plPaise: bigint;
  readonly exposurePaise: bigint;
  /** Balance − Exposure (docs/decisions.md#money). */
  readonly mainPaise: bigint;
}

export async function walletOfClient(db: Db, clientId: string): Promise<WalletFigures> {
  const row = await db
    .selectFrom('wallets')
    .innerJoin('accounts', 'accounts.id', 'wallets.account_id')
    .select(['credit_paise', 'pl_paise', 'exposure_paise'])
    .where('accounts.client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  const credit = BigInt(row.credit_paise);
  const pl = BigInt(row.pl_paise);
  const exposure = BigInt(row.exposure_paise);
  return {
    creditPaise: credit,
    plPaise: pl,
    exposurePaise: exposure,
    mainPaise: credit + pl - exposure,
  };
}

export interface Audit {
  /** Sum of every ledger row, house included: 0 at every commit (double entry). */
  readonly ledgerSum: bigint;
  /** Wallets whose credit or P/L differs from their ledger rows. */
  readonly walletDrift: number;
  /** Wallets whose exposure differs from the sum of their client's exposure rows. */
  readonly exposureDrift: number;
}

/** The conservation laws of docs/decisions.md#money, read from the database as it stands. */
export async function auditMoney(db: Db): Promise<Audit> {
  const ledger = await sql<{ total: string }>`
    SELECT coalesce(sum(amount_paise), 0) AS total FROM ledger_entries`.execute(db);
  const drift = await sql<{ n: string }>`
    SELECT count(*) AS n FROM (
      SELECT w.account_id FROM wallets w
      LEFT JOIN ledger_entries l ON l.account_id = w.account_id
      GROUP BY w.account_id, w.credit_paise, w.pl_paise
      HAVING w.credit_paise <> coalesce(sum(l.amount_paise) FILTER (WHERE l.kind IN ('credit', 'clearing')), 0)
          OR w.pl_paise <> coalesce(sum(l.amount_paise) FILTER (WHERE l.kind NOT IN ('credit', 'clearing')), 0)
    ) drifted`.execute(db);
  const exposure = await sql<{ n: string }>`
    SELECT count(*) AS n FROM wallets w
    JOIN accounts a ON a.id = w.account_id
    WHERE w.exposure_paise <> coalesce(
      (SELECT sum(e.exposure_paise) FROM exposures e WHERE e.client_id = a.client_id), 0)`.execute(
    db,
  );
  return {
    ledgerSum: BigInt(ledger.rows[0]?.total ?? '0'),
    walletDrift: Number(drift.rows[0]?.n ?? 0),
    exposureDrift: Number(exposure.rows[0]?.n ?? 0),
  };
}

/** Runs `work` over `items`, at most `width` at a time, keeping the order of the results. */
export async function inBatches<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let nextIndex = 0;
  const lane = async () => {
    for (;;) {
      const index = nextIndex;
      nextIndex += 1;
      if (index >= items.length) return;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return results;
}

/** Decimal odds in hundredths as the wire's decimal (190 → 1.9). */
export const decimal = (hundredths: number) => hundredths / 100;

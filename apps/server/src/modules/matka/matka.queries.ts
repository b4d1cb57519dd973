/**
 * The matka games, their daily schedule and their markets (SQL only, plain rows): the schedule's
 * markets created, a game, a market's row locked, and the scheduler's look at the markets.
 */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';

/** docs/decisions.md#feed: matka games run on a daily schedule in this zone. */
export const MATKA_TZ = 'Asia/Kolkata';

/**
 * Creates the markets of every game for yesterday, today and tomorrow (Asia/Kolkata days) that
 * have not closed by `now`; existing ones are kept. Yesterday's only matter for a game crossing
 * midnight that is still open. Safe to run from any number of instances at once.
 */
export async function ensureMarkets(db: Db | Tx, now: Date): Promise<void> {
  await sql`
    INSERT INTO matka_markets (game_id, day, opens_at, closes_at, updated_at)
    SELECT game_id, day, opens_at, closes_at, ${now}::timestamptz FROM (
      SELECT g.id AS game_id, d.day,
        (d.day + make_interval(mins => g.open_minute)) AT TIME ZONE ${MATKA_TZ} AS opens_at,
        (d.day + make_interval(
          days => CASE WHEN g.close_minute <= g.open_minute THEN 1 ELSE 0 END,
          mins => g.close_minute)) AT TIME ZONE ${MATKA_TZ} AS closes_at
      FROM matka_games g
      CROSS JOIN (
        SELECT (((${now}::timestamptz) AT TIME ZONE ${MATKA_TZ})::date + k) AS day
        FROM generate_series(-1, 1) AS k
      ) d
    ) planned
    WHERE closes_at > ${now}::timestamptz
    ON CONFLICT (game_id, day) DO NOTHING
  `.execute(db);
}

/**
 * Adds a game to the schedule under the next free id (its EventId); answers the id, or undefined
 * when a game of that name exists.
 */
export async function insertGame(
  tx: Tx,
  game: { name: string; hindi: string; openMinute: number; closeMinute: number },
): Promise<string | undefined> {
  // One adder at a time: the next id is read and taken under the table's lock.
  await sql`LOCK TABLE matka_games IN SHARE ROW EXCLUSIVE MODE`.execute(tx);
  const { rows } = await sql<{ id: string }>`
    INSERT INTO matka_games (id, name, hindi, open_minute, close_minute)
    SELECT COALESCE(max(id), 0) + 1, ${game.name}, ${game.hindi}, ${game.openMinute}, ${game.closeMinute}
    FROM matka_games
    ON CONFLICT (name) DO NOTHING
    RETURNING id
  `.execute(tx);
  return rows[0]?.id;
}

export interface GameRow {
  readonly id: string;
  readonly name: string;
  readonly hindi: string;
}

export async function gameById(db: Db | Tx, gameId: string): Promise<GameRow | undefined> {
  return db
    .selectFrom('matka_games')
    .select(['id', 'name', 'hindi'])
    .where('id', '=', gameId)
    .executeTakeFirst();
}

export interface MarketRow {
  readonly mid: string;
  readonly gameId: string;
  readonly name: string;
  readonly hindi: string;
  readonly opensAt: Date;
  readonly closesAt: Date;
  readonly result: string | null;
  readonly resultAt: Date | null;
  readonly updatedAt: Date;
  /** Set while an operator's void stands (its stakes went back). */
  readonly voidedAt: Date | null;
  readonly voidReason: string | null;
  /** Set once an operator rolled its result back: never drawn at close again, takes no bets. */
  readonly rolledBackAt: Date | null;
  readonly rollbackReason: string | null;
}

/** The markets with their game's name and Hindi name, as MarketRow: every read of a market. */
export function marketsWithGames(db: Db | Tx) {
  return db
    .selectFrom('matka_markets as m')
    .innerJoin('matka_games as g', 'g.id', 'm.game_id')
    .select([
      'm.id as mid',
      'm.game_id as gameId',
      'g.name',
      'g.hindi',
      'm.opens_at as opensAt',
      'm.closes_at as closesAt',
      'm.result',
      'm.result_at as resultAt',
      'm.updated_at as updatedAt',
      'm.voided_at as voidedAt',
      'm.void_reason as voidReason',
      'm.rolled_back_at as rolledBackAt',
      'm.rollback_reason as rollbackReason',
    ]);
}

/** A market FOR UPDATE, for its settlement, void or rollback. */
export async function lockMarket(tx: Tx, mid: string): Promise<MarketRow | undefined> {
  return marketsWithGames(tx).where('m.id', '=', mid).forUpdate('m').executeTakeFirst();
}

/** A market the scheduler's tick looks at: to draw, or to announce as open. */
export interface DueMarketRow {
  readonly mid: string;
  readonly gameId: string;
  readonly opensAt: Date;
  readonly closesAt: Date;
}

/**
 * The scheduler's one look per tick, among the markets with no result, void or rollback that have
 * opened by `now` (the partial index `matka_markets_due` holds only those still to settle): every
 * one whose close has passed (due for its draw; never a voided market, nor one an operator rolled
 * back, which only an operator's declaration settles), and every one still open that opened, or
 * was created, after `since` (all of them without `since`). By close, then Mid.
 */
export async function dueMarkets(
  db: Db | Tx,
  now: Date,
  since: Date | null,
): Promise<DueMarketRow[]> {
  let query = db
    .selectFrom('matka_markets')
    .select(['id as mid', 'game_id as gameId', 'opens_at as opensAt', 'closes_at as closesAt'])
    .where('result', 'is', null)
    .where('voided_at', 'is', null)
    .where('rolled_back_at', 'is', null)
    .where('opens_at', '<=', now);
  if (since !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('closes_at', '<=', now),
        eb('opens_at', '>', since),
        // A market is created with updated_at = its creation, which a clean one keeps.
        eb('updated_at', '>', since),
      ]),
    );
  }
  return query.orderBy('closes_at').orderBy('id').execute();
}

import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';
import type { MatkaBetStatus } from '../../db/schema.js';

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

function marketsWithGames(db: Db | Tx) {
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

/** Each game's current market: the one open at `now`, otherwise the next to open; by open time. */
export async function currentMarkets(db: Db | Tx, now: Date): Promise<MarketRow[]> {
  const rows = await marketsWithGames(db)
    .where('m.closes_at', '>', now)
    .where('m.result', 'is', null)
    .where('m.voided_at', 'is', null)
    .where('m.rolled_back_at', 'is', null)
    .orderBy('m.game_id')
    .orderBy('m.opens_at')
    .execute();
  const byGame = new Map<string, MarketRow>();
  for (const row of rows) if (!byGame.has(row.gameId)) byGame.set(row.gameId, row);
  return [...byGame.values()].sort(
    (a, b) => a.opensAt.getTime() - b.opensAt.getTime() || Number(a.gameId) - Number(b.gameId),
  );
}

/**
 * The game's market open at `now` (no result yet, not voided, never rolled back), locked FOR SHARE
 * against its settlement, void or rollback.
 */
export async function lockOpenMarket(
  tx: Tx,
  gameId: string,
  now: Date,
): Promise<{ mid: string } | undefined> {
  return tx
    .selectFrom('matka_markets')
    .select('id as mid')
    .where('game_id', '=', gameId)
    .where('opens_at', '<=', now)
    .where('closes_at', '>', now)
    .where('result', 'is', null)
    .where('voided_at', 'is', null)
    .where('rolled_back_at', 'is', null)
    .forShare()
    .executeTakeFirst();
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

export async function setResult(
  tx: Tx,
  change: { mid: string; result: string; source: 'draw' | 'operator'; at: Date },
): Promise<void> {
  await tx
    .updateTable('matka_markets')
    .set({
      result: change.result,
      result_source: change.source,
      result_at: change.at,
      updated_at: change.at,
    })
    .where('id', '=', change.mid)
    .where('result', 'is', null)
    .execute();
}

export async function insertBets(
  tx: Tx,
  bets: readonly {
    clientId: string;
    mid: string;
    betNo: string;
    amountPaise: number;
    ipAddress: string;
    at: Date;
  }[],
): Promise<void> {
  if (bets.length === 0) return;
  await tx
    .insertInto('matka_bets')
    .values(
      bets.map((bet) => ({
        client_id: bet.clientId,
        market_id: bet.mid,
        bet_no: bet.betNo,
        amount_paise: bet.amountPaise,
        ip_address: bet.ipAddress,
        created_at: bet.at,
      })),
    )
    .execute();
}

export interface OpenMatkaBet {
  readonly id: string;
  readonly clientId: string;
  readonly betNo: string;
  readonly amountPaise: bigint;
}

export async function openBetsOfMarket(tx: Tx, mid: string): Promise<OpenMatkaBet[]> {
  const rows = await tx
    .selectFrom('matka_bets')
    .select(['id', 'client_id', 'bet_no', 'amount_paise'])
    .where('market_id', '=', mid)
    .where('status', '=', 'Pending')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    clientId: row.client_id,
    betNo: row.bet_no,
    amountPaise: BigInt(row.amount_paise),
  }));
}

export async function closeBet(
  tx: Tx,
  betId: string,
  status: 'Settled' | 'Lost',
  plPaise: bigint,
): Promise<void> {
  await tx
    .updateTable('matka_bets')
    .set({ status, pl_paise: plPaise.toString() })
    .where('id', '=', betId)
    .execute();
}

export async function clientAccounts(
  tx: Tx,
  clientIds: readonly string[],
): Promise<{ clientId: string; accountId: string }[]> {
  if (clientIds.length === 0) return [];
  const rows = await tx
    .selectFrom('accounts')
    .select(['id', 'client_id'])
    .where('kind', '=', 'client')
    .where('client_id', 'in', clientIds)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ clientId: row.client_id ?? '', accountId: row.id }));
}

export interface MatkaBetListRow {
  readonly ipAddress: string;
  readonly gameName: string;
  readonly betNo: string;
  readonly amountPaise: bigint;
  readonly createdAt: Date;
  readonly mid: string;
  readonly plPaise: bigint;
  readonly status: MatkaBetStatus;
}

/** The client's bets, newest first: of one market, or the latest `limit` of all. */
export async function betsOfClient(
  db: Db | Tx,
  clientId: string,
  mid: string | null,
  limit: number,
): Promise<MatkaBetListRow[]> {
  let query = db
    .selectFrom('matka_bets as b')
    .innerJoin('matka_markets as m', 'm.id', 'b.market_id')
    .innerJoin('matka_games as g', 'g.id', 'm.game_id')
    .select([
      'b.ip_address',
      'g.name',
      'b.bet_no',
      'b.amount_paise',
      'b.created_at',
      'b.market_id',
      'b.pl_paise',
      'b.status',
    ])
    .where('b.client_id', '=', clientId);
  if (mid !== null) query = query.where('b.market_id', '=', mid);
  const rows = await query
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ipAddress: row.ip_address,
    gameName: row.name,
    betNo: row.bet_no,
    amountPaise: BigInt(row.amount_paise),
    createdAt: row.created_at,
    mid: row.market_id,
    plPaise: BigInt(row.pl_paise ?? 0),
    status: row.status,
  }));
}

/** The latest results, newest first. */
export async function latestResults(db: Db | Tx, limit: number) {
  return marketsWithGames(db)
    .where('m.result', 'is not', null)
    .orderBy('m.result_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
}

export interface DayRange {
  readonly startDate: string;
  readonly endDate: string;
  readonly timeZone: string;
}

/** The client's results per market settled in the range (days of `timeZone`, both included). */
function profitLossRows(db: Db | Tx, clientId: string, range: DayRange) {
  return db
    .selectFrom('matka_bets as b')
    .innerJoin('matka_markets as m', 'm.id', 'b.market_id')
    .innerJoin('matka_games as g', 'g.id', 'm.game_id')
    .where('b.client_id', '=', clientId)
    .where('b.status', '<>', 'Pending')
    .where(
      'm.result_at',
      '>=',
      sql<Date>`((${range.startDate}::date)::timestamp at time zone ${range.timeZone})`,
    )
    .where(
      'm.result_at',
      '<',
      sql<Date>`((${range.endDate}::date + 1)::timestamp at time zone ${range.timeZone})`,
    );
}

export async function profitLossPage(
  db: Db | Tx,
  clientId: string,
  range: DayRange,
  page: { skip: number; take: number },
) {
  const rows = await profitLossRows(db, clientId, range)
    .select((eb) => [
      'm.id as mid',
      'm.game_id as gameId',
      'g.name',
      'm.result',
      'm.result_at as resultAt',
      eb.fn.sum<string>('b.pl_paise').as('plPaise'),
    ])
    .groupBy(['m.id', 'm.game_id', 'g.name', 'm.result', 'm.result_at'])
    .orderBy('m.result_at', 'desc')
    .orderBy('m.id', 'desc')
    .offset(page.skip)
    .limit(page.take)
    .execute();
  return rows.map((row) => ({ ...row, plPaise: BigInt(row.plPaise) }));
}

export async function profitLossCount(
  db: Db | Tx,
  clientId: string,
  range: DayRange,
): Promise<number> {
  const row = await profitLossRows(db, clientId, range)
    .select(sql<string>`count(distinct m.id)`.as('markets'))
    .executeTakeFirstOrThrow();
  return Number(row.markets);
}

/** An operator's void: the market voided with the reason (its stakes released by the caller). */
export async function voidMarket(
  tx: Tx,
  change: { mid: string; reason: string; at: Date },
): Promise<void> {
  await tx
    .updateTable('matka_markets')
    .set({ voided_at: change.at, void_reason: change.reason, updated_at: change.at })
    .where('id', '=', change.mid)
    .where('result', 'is', null)
    .execute();
}

/** Every Pending bet of the market Voided with the reason: its stake back, P/L 0. */
export async function voidBets(tx: Tx, mid: string, reason: string): Promise<void> {
  await tx
    .updateTable('matka_bets')
    .set({ status: 'Voided', pl_paise: 0, void_reason: reason })
    .where('market_id', '=', mid)
    .where('status', '=', 'Pending')
    .execute();
}

export interface FinishedMatkaBet {
  readonly id: string;
  readonly clientId: string;
  /** What the settlement booked for the bet: (payout − 1) × amount, −amount, or 0 for a void. */
  readonly plPaise: bigint;
}

/** The bets a result or a void closed (Settled, Lost, Voided), for their rollback. */
export async function finishedBetsOfMarket(tx: Tx, mid: string): Promise<FinishedMatkaBet[]> {
  const rows = await tx
    .selectFrom('matka_bets')
    .select(['id', 'client_id', 'pl_paise'])
    .where('market_id', '=', mid)
    .where('status', '<>', 'Pending')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    clientId: row.client_id,
    plPaise: BigInt(row.pl_paise ?? 0),
  }));
}

/** Every closed bet of the market back to Pending (a rollback). */
export async function reopenBets(tx: Tx, mid: string): Promise<void> {
  await tx
    .updateTable('matka_bets')
    .set({ status: 'Pending', pl_paise: null, void_reason: null })
    .where('market_id', '=', mid)
    .where('status', '<>', 'Pending')
    .execute();
}

/**
 * An operator's rollback: the result (or the void) cleared and the market marked rolled back, so
 * that the draw at close never settles it again (dueMarkets) and it takes no more bets.
 */
export async function rollBackMarket(
  tx: Tx,
  change: { mid: string; reason: string; at: Date },
): Promise<void> {
  await tx
    .updateTable('matka_markets')
    .set({
      result: null,
      result_source: null,
      result_at: null,
      voided_at: null,
      void_reason: null,
      rolled_back_at: change.at,
      rollback_reason: change.reason,
      updated_at: change.at,
    })
    .where('id', '=', change.mid)
    .execute();
}

export interface MarketTotals {
  readonly bets: number;
  /** Every bet's stake, whatever its status. */
  readonly stakedPaise: bigint;
  /** The stakes of the Pending bets: what the clients' positions on the market hold. */
  readonly pendingPaise: bigint;
  /** The clients' net result booked by the settlement standing now (Settled and Lost bets). */
  readonly clientsNetPaise: bigint;
}

export async function marketTotals(db: Db | Tx, mid: string): Promise<MarketTotals> {
  const row = await db
    .selectFrom('matka_bets')
    .select([
      sql<string>`count(*)`.as('bets'),
      sql<string>`coalesce(sum(amount_paise), 0)`.as('staked'),
      sql<string>`coalesce(sum(amount_paise) FILTER (WHERE status = 'Pending'), 0)`.as('pending'),
      sql<string>`coalesce(sum(pl_paise) FILTER (WHERE status IN ('Settled', 'Lost')), 0)`.as(
        'net',
      ),
    ])
    .where('market_id', '=', mid)
    .executeTakeFirstOrThrow();
  return {
    bets: Number(row.bets),
    stakedPaise: BigInt(row.staked),
    pendingPaise: BigInt(row.pending),
    clientsNetPaise: BigInt(row.net),
  };
}

export interface RecentMarketRow extends MarketRow {
  readonly bets: number;
  readonly stakedPaise: bigint;
}

/**
 * Markets opened since `since` (up to `now`), and any older one an operator rolled back that still
 * waits for its declaration (the draw will never settle it); newest first, with their bets.
 */
export async function recentMarkets(
  db: Db | Tx,
  since: Date,
  now: Date,
): Promise<RecentMarketRow[]> {
  const rows = await marketsWithGames(db)
    .select([
      sql<string>`(SELECT count(*) FROM matka_bets b WHERE b.market_id = m.id)`.as('bets'),
      sql<string>`(SELECT coalesce(sum(b.amount_paise), 0) FROM matka_bets b WHERE b.market_id = m.id)`.as(
        'staked',
      ),
    ])
    .where('m.opens_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb('m.opens_at', '>', since),
        eb.and([
          eb('m.rolled_back_at', 'is not', null),
          eb('m.result', 'is', null),
          eb('m.voided_at', 'is', null),
        ]),
      ]),
    )
    .orderBy('m.opens_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  return rows.map(({ bets, staked, ...market }) => ({
    ...market,
    bets: Number(bets),
    stakedPaise: BigInt(staked),
  }));
}

/**
 * The matka reads (SQL only, plain rows): each game's current market, a client's bets, the latest
 * results, a client's profit/loss, and the operator's recent markets.
 */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/pool.js';
import type { MatkaBetStatus } from '../../db/schema.js';
import { marketsWithGames, type MarketRow } from './matka.queries.js';

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

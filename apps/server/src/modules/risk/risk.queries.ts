import { sql } from 'kysely';
import type { Db } from '../../db/pool.js';
import type { BetsTable, SettlementsTable } from '../../db/schema.js';

/*
 * The back office's reads of the house's book and of the events it runs (docs/backoffice.md).
 * Plain rows only: the books themselves are the domain's (docs/architecture.md, "Money": books
 * exist once, in packages/domain).
 */

/**
 * The open bets of one client on one side of one selection (and, for fancy, one line), summed.
 * A book is a sum over bets and a bet's outcome is its profit or its liability, so bets that
 * agree on selection, side and line add up to one bet of the summed figures (`marketBook`,
 * `fancyLadder` in packages/domain `positions.ts`).
 */
export interface OpenStake {
  readonly eventId: string;
  /** The market id, or the fancy session's selection id. */
  readonly positionKey: string;
  readonly isFancy: boolean;
  readonly clientId: string;
  readonly username: string;
  readonly selectionId: string;
  readonly betType: BetsTable['bet_type'];
  /** The fancy line in runs; 0 on every other market. */
  readonly line: number;
  readonly profitPaise: string;
  readonly liabilityPaise: string;
  readonly bets: number;
}

/**
 * Every open (Pending) bet, summed per position, client, selection, side and line: one statement
 * that reads only the open bets (the partial index bets_open_market), and answers at most one row
 * per open bet, usually far fewer.
 */
export async function openStakes(db: Db): Promise<OpenStake[]> {
  const line = sql<number>`case when b.market_type = 'FANCY' then b.odds else 0 end`;
  const rows = await db
    .selectFrom('bets as b')
    .innerJoin('clients as c', 'c.id', 'b.client_id')
    .where('b.status', '=', 'Pending')
    .select((eb) => [
      'b.event_id',
      'b.position_key',
      sql<boolean>`b.market_type = 'FANCY'`.as('is_fancy'),
      'c.id as client_id',
      'c.username',
      'b.selection_id',
      'b.bet_type',
      line.as('line'),
      eb.fn.sum<string>('b.profit_paise').as('profit_paise'),
      eb.fn.sum<string>('b.liability_paise').as('liability_paise'),
      eb.fn.countAll<string>().as('bets'),
    ])
    .groupBy(['b.event_id', 'b.position_key', 'b.market_type', 'c.id'])
    .groupBy(['b.selection_id', 'b.bet_type', line])
    .execute();
  return rows.map((row) => ({
    eventId: row.event_id,
    positionKey: row.position_key,
    isFancy: row.is_fancy,
    clientId: row.client_id,
    username: row.username,
    selectionId: row.selection_id,
    betType: row.bet_type,
    line: Number(row.line),
    profitPaise: row.profit_paise,
    liabilityPaise: row.liability_paise,
    bets: Number(row.bets),
  }));
}

/** A market's or a fancy session's names, state and place, as the house's book shows them. */
export interface TargetRow {
  readonly kind: 'market' | 'fancy';
  readonly eventId: string;
  readonly eventName: string;
  readonly sportId: number;
  readonly startTime: Date;
  /** The market id, or the fancy session's selection id. */
  readonly target: string;
  readonly name: string;
  /** OPEN or CLOSED; null for a fancy session. */
  readonly status: string | null;
  /** Its place in the event: markets by creation, sessions by the feed's order. */
  readonly sortKey: number;
  /** One runner of a market (null for a market without runners, and for a session). */
  readonly selectionId: string | null;
  readonly runnerName: string | null;
}

/**
 * The markets (one row per runner, in order) and fancy sessions named, with their events: one
 * statement. Markets are ordered by when they were made, as the catalog keeps them.
 */
export async function targetsOf(
  db: Db,
  marketIds: readonly string[],
  fancyIds: readonly string[],
): Promise<TargetRow[]> {
  const markets = db
    .selectFrom('markets as m')
    .innerJoin('events as e', 'e.id', 'm.event_id')
    .leftJoin('runners as r', 'r.market_id', 'm.id')
    .where(sql<boolean>`m.id = any(${[...marketIds]}::text[])`)
    .select([
      sql<'market' | 'fancy'>`'market'`.as('kind'),
      'e.id as event_id',
      'e.name as event_name',
      'e.sport_id',
      'e.start_time',
      'm.id as target',
      'm.name',
      sql<string | null>`m.status`.as('status'),
      // The catalog's order: as made, then by id (in the database's collation).
      sql<number>`dense_rank() over (partition by m.event_id order by m.created_at, m.id)::float8`.as(
        'sort_key',
      ),
      sql<number>`coalesce(r.sort_priority, 0)`.as('runner_order'),
      sql<string | null>`r.selection_id::text`.as('selection_id'),
      sql<string | null>`r.name`.as('runner_name'),
    ]);
  const sessions = db
    .selectFrom('fancy_runners as f')
    .innerJoin('events as e', 'e.id', 'f.event_id')
    .where(sql<boolean>`f.selection_id = any(${[...fancyIds]}::text[])`)
    .select([
      sql<'market' | 'fancy'>`'fancy'`.as('kind'),
      'e.id as event_id',
      'e.name as event_name',
      'e.sport_id',
      'e.start_time',
      'f.selection_id as target',
      'f.name',
      sql<string | null>`null::text`.as('status'),
      sql<number>`f.sort_priority::float8`.as('sort_key'),
      sql<number>`0`.as('runner_order'),
      sql<string | null>`null::text`.as('selection_id'),
      sql<string | null>`null::text`.as('runner_name'),
    ]);
  const rows = await db
    .selectFrom(markets.unionAll(sessions).as('t'))
    .selectAll()
    .orderBy('t.event_id')
    .orderBy('t.kind')
    .orderBy('t.sort_key')
    .orderBy('t.target')
    .orderBy('t.runner_order')
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    eventId: row.event_id,
    eventName: row.event_name,
    sportId: row.sport_id,
    startTime: row.start_time,
    target: row.target,
    name: row.name,
    status: row.status,
    sortKey: Number(row.sort_key),
    selectionId: row.selection_id,
    runnerName: row.runner_name,
  }));
}

// ---------------------------------------------------------------- events

export interface BoEventRow {
  readonly eventId: string;
  readonly sportId: number;
  readonly seriesName: string;
  readonly name: string;
  readonly status: 'upcoming' | 'inplay' | 'closed';
  readonly startTime: Date;
  readonly isLocked: boolean;
}

/**
 * Events not closed, and closed ones last heard of since `since`: started then, or with a result
 * declared or a settlement changed then (the events table keeps no time of closing). In play
 * first, then upcoming, then closed; by start time.
 */
export async function recentEvents(db: Db, since: Date): Promise<BoEventRow[]> {
  const rows = await db
    .selectFrom('events as e')
    .select([
      'e.id',
      'e.sport_id',
      'e.series_name',
      'e.name',
      'e.status',
      'e.start_time',
      'e.bet_locked',
    ])
    .where((eb) =>
      eb.or([
        eb('e.status', '<>', 'closed'),
        eb('e.start_time', '>=', since),
        eb.exists(
          eb
            .selectFrom('result_declarations as d')
            .select(sql`1`.as('one'))
            .whereRef('d.event_id', '=', 'e.id')
            .where('d.declared_at', '>=', since),
        ),
        eb.exists(
          eb
            .selectFrom('settlements as s')
            .select(sql`1`.as('one'))
            .whereRef('s.event_id', '=', 'e.id')
            .where('s.updated_at', '>=', since),
        ),
      ]),
    )
    .orderBy(sql`case e.status when 'inplay' then 0 when 'upcoming' then 1 else 2 end`)
    .orderBy('e.start_time')
    .orderBy('e.id')
    .execute();
  return rows.map((row) => ({
    eventId: row.id,
    sportId: row.sport_id,
    seriesName: row.series_name,
    name: row.name,
    status: row.status,
    startTime: row.start_time,
    isLocked: row.bet_locked,
  }));
}

export type SettlementState = SettlementsTable['state'];

export interface BoMarketRow {
  readonly eventId: string;
  readonly marketId: string;
  readonly name: string;
  readonly status: 'OPEN' | 'CLOSED';
  readonly isSuspendedByOperator: boolean;
  /** Null when the market has no settlement row. */
  readonly settlement: SettlementState | null;
  /** One runner (null for a market without runners). */
  readonly selectionId: string | null;
  readonly runnerName: string | null;
}

/** The events' markets, one row per runner: by event, then as made, runners in order. */
export async function marketsOfEvents(db: Db, eventIds: readonly string[]): Promise<BoMarketRow[]> {
  const rows = await db
    .selectFrom('markets as m')
    .leftJoin('runners as r', 'r.market_id', 'm.id')
    .leftJoin('settlements as s', 's.target', 'm.id')
    .where(sql<boolean>`m.event_id = any(${[...eventIds]}::bigint[])`)
    .select([
      'm.event_id',
      'm.id',
      'm.name',
      'm.status',
      'm.operator_suspended',
      's.state',
      sql<string | null>`r.selection_id::text`.as('selection_id'),
      'r.name as runner_name',
    ])
    .orderBy('m.event_id')
    .orderBy('m.created_at')
    .orderBy('m.id')
    .orderBy('r.sort_priority')
    .execute();
  return rows.map((row) => ({
    eventId: row.event_id,
    marketId: row.id,
    name: row.name,
    status: row.status,
    isSuspendedByOperator: row.operator_suspended,
    settlement: row.state,
    selectionId: row.selection_id,
    runnerName: row.runner_name,
  }));
}

export interface BoFancyRow {
  readonly eventId: string;
  readonly selectionId: string;
  readonly name: string;
  readonly isCustom: boolean;
  readonly settlement: SettlementState | null;
}

/**
 * The events' fancy rows: the feed's sessions in its order (custom when an operator's custom row
 * overrides one), then the operator's custom rows the feed has no session for (as
 * `fancyRowsAssemble` in packages/domain adds them), by selection id.
 */
export async function fancyOfEvents(db: Db, eventIds: readonly string[]): Promise<BoFancyRow[]> {
  const ids = sql`any(${[...eventIds]}::bigint[])`;
  const feed = db
    .selectFrom('fancy_runners as f')
    .leftJoin('custom_fancy as cf', 'cf.selection_id', 'f.selection_id')
    .where(sql<boolean>`f.event_id = ${ids}`)
    .select([
      'f.event_id',
      'f.selection_id',
      'f.name',
      sql<boolean>`coalesce(cf.is_custom, false)`.as('is_custom'),
      sql<number>`0`.as('origin'),
      sql<number>`f.sort_priority`.as('sort_priority'),
    ]);
  const custom = db
    .selectFrom('custom_fancy as cf')
    .where(sql<boolean>`cf.event_id = ${ids}`)
    .where('cf.is_custom', '=', true)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('fancy_runners as f2')
            .select(sql`1`.as('one'))
            .whereRef('f2.selection_id', '=', 'cf.selection_id'),
        ),
      ),
    )
    .select([
      'cf.event_id',
      'cf.selection_id',
      'cf.runner_name as name',
      sql<boolean>`true`.as('is_custom'),
      sql<number>`1`.as('origin'),
      sql<number>`0`.as('sort_priority'),
    ]);
  const rows = await db
    .selectFrom(feed.unionAll(custom).as('x'))
    .leftJoin('settlements as s', 's.target', 'x.selection_id')
    .select(['x.event_id', 'x.selection_id', 'x.name', 'x.is_custom', 's.state'])
    .orderBy('x.event_id')
    .orderBy('x.origin')
    .orderBy('x.sort_priority')
    .orderBy('x.selection_id')
    .execute();
  return rows.map((row) => ({
    eventId: row.event_id,
    selectionId: row.selection_id,
    name: row.name,
    isCustom: row.is_custom,
    settlement: row.state,
  }));
}

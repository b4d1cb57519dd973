import { sql } from 'kysely';
import type { MarketType } from '@backlay/domain';
import type { Db } from '../../db/pool.js';
import type { CustomBookmakerBody, CustomFancyBody } from '@backlay/contract/ops';

/** Sets an event's lock; what it was before (for the audit log), or undefined for no event. */
export async function setEventLock(
  db: Db,
  eventId: number,
  locked: boolean,
): Promise<{ wasLocked: boolean } | undefined> {
  const { rows } = await sql<{ was: boolean }>`
    UPDATE events e SET bet_locked = ${locked}
    FROM (SELECT id, bet_locked AS was FROM events WHERE id = ${String(eventId)} FOR UPDATE) old
    WHERE e.id = old.id RETURNING old.was`.execute(db);
  const row = rows[0];
  return row && { wasLocked: row.was };
}

/** Sets a market's operator suspension; what it was before and its event (undefined: no market). */
export async function setMarketSuspended(
  db: Db,
  marketId: string,
  suspended: boolean,
): Promise<{ wasSuspended: boolean; eventId: number } | undefined> {
  const { rows } = await sql<{ was: boolean; event_id: string }>`
    UPDATE markets m SET operator_suspended = ${suspended}
    FROM (SELECT id, operator_suspended AS was FROM markets WHERE id = ${marketId} FOR UPDATE) old
    WHERE m.id = old.id RETURNING old.was, m.event_id`.execute(db);
  const row = rows[0];
  return row && { wasSuspended: row.was, eventId: Number(row.event_id) };
}

/** The event a market belongs to, from its row; undefined when there is no such market. */
export async function eventOfMarket(db: Db, marketId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('markets')
    .select('event_id')
    .where('id', '=', marketId)
    .executeTakeFirst();
  return row ? Number(row.event_id) : undefined;
}

export async function eventExists(db: Db, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('events')
    .select('id')
    .where('id', '=', String(eventId))
    .executeTakeFirst();
  return row !== undefined;
}

export async function upsertCustomFancy(db: Db, row: CustomFancyBody, at: Date): Promise<void> {
  const values = {
    event_id: row.eventId,
    runner_name: row.runnerName,
    is_custom: row.isCustome,
    is_active: row.isActive,
    back_price: row.backPrice,
    back_size: row.backSize,
    lay_price: row.layPrice,
    lay_size: row.laySize,
    game_status: row.gameStatus,
    min_stake: row.min,
    max_stake: row.max,
    updated_at: at,
  };
  await db
    .insertInto('custom_fancy')
    .values({ selection_id: row.selectionId, ...values })
    .onConflict((oc) => oc.column('selection_id').doUpdateSet(values))
    .execute();
}

export async function upsertCustomBookmaker(
  db: Db,
  eventId: number,
  row: CustomBookmakerBody,
  at: Date,
): Promise<void> {
  const values = {
    event_id: eventId,
    runner_name: row.runnerName,
    is_custom: row.isCustome,
    is_active: row.isActive,
    status: row.status,
    back_price: row.backPrice,
    back_size: row.backSize,
    lay_price: row.layPrice,
    lay_size: row.laySize,
    updated_at: at,
  };
  await db
    .insertInto('custom_bookmaker')
    .values({ market_id: row.marketId, selection_id: row.selectionId, ...values })
    .onConflict((oc) => oc.columns(['market_id', 'selection_id']).doUpdateSet(values))
    .execute();
}

export interface OpenEventRow {
  readonly eventId: number;
  readonly sportId: number;
  readonly seriesName: string;
  readonly name: string;
  readonly status: string;
  readonly marketIds: readonly string[];
}

export async function listOpenEvents(db: Db): Promise<OpenEventRow[]> {
  const rows = await db
    .selectFrom('events')
    .leftJoin('markets', 'markets.event_id', 'events.id')
    .select([
      'events.id',
      'events.sport_id',
      'events.series_name',
      'events.name',
      'events.status',
      'markets.id as market_id',
    ])
    .where('events.status', '<>', 'closed')
    .orderBy('events.sport_id')
    .orderBy('events.start_time')
    .orderBy('markets.id')
    .execute();
  const events = new Map<string, { row: (typeof rows)[number]; marketIds: string[] }>();
  for (const row of rows) {
    const entry = events.get(row.id) ?? { row, marketIds: [] };
    if (row.market_id) entry.marketIds.push(row.market_id);
    events.set(row.id, entry);
  }
  return [...events.values()].map(({ row, marketIds }) => ({
    eventId: Number(row.id),
    sportId: row.sport_id,
    seriesName: row.series_name,
    name: row.name,
    status: row.status,
    marketIds,
  }));
}

export interface EventRow {
  readonly eventId: number;
  readonly sportId: number;
  readonly seriesName: string;
  readonly name: string;
  readonly startTime: Date;
  readonly status: 'upcoming' | 'inplay' | 'closed';
  readonly betLocked: boolean;
  readonly fancyActive: boolean;
  readonly sessionMinStake: number;
  readonly sessionMaxStake: number;
}

const eventColumns = [
  'events.id',
  'events.sport_id',
  'events.series_name',
  'events.name',
  'events.start_time',
  'events.status',
  'events.bet_locked',
  'events.fancy_active',
  'events.session_min_stake',
  'events.session_max_stake',
] as const;

function toEvent(row: {
  id: string;
  sport_id: number;
  series_name: string;
  name: string;
  start_time: Date;
  status: 'upcoming' | 'inplay' | 'closed';
  bet_locked: boolean;
  fancy_active: boolean;
  session_min_stake: number;
  session_max_stake: number;
}): EventRow {
  return {
    eventId: Number(row.id),
    sportId: row.sport_id,
    seriesName: row.series_name,
    name: row.name,
    startTime: row.start_time,
    status: row.status,
    betLocked: row.bet_locked,
    fancyActive: row.fancy_active,
    sessionMinStake: row.session_min_stake,
    sessionMaxStake: row.session_max_stake,
  };
}

/**
 * Open events, in play first, then by start time; `sportId` undefined means every sport. Each
 * with its match odds market's id, the provider's (null while it has none).
 */
export async function listEvents(
  db: Db,
  sportId: number | undefined,
): Promise<(EventRow & { readonly matchOddsMarketId: string | null })[]> {
  const matchOdds = sql<string | null>`(SELECT m.id FROM markets m WHERE m.event_id = events.id
    AND m.market_type = 'MATCH_ODDS' ORDER BY m.created_at, m.id LIMIT 1)`;
  let query = db
    .selectFrom('events')
    .select([...eventColumns, matchOdds.as('match_odds_id')])
    .where('events.status', '<>', 'closed');
  if (sportId !== undefined) query = query.where('events.sport_id', '=', sportId);
  const rows = await query
    .orderBy((eb) => eb.case().when('events.status', '=', 'inplay').then(0).else(1).end())
    .orderBy('events.start_time')
    .orderBy('events.id')
    .execute();
  return rows.map((row) => ({ ...toEvent(row), matchOddsMarketId: row.match_odds_id }));
}

export async function findEvent(db: Db, eventId: number): Promise<EventRow | undefined> {
  const row = await db
    .selectFrom('events')
    .select(eventColumns)
    .where('events.id', '=', String(eventId))
    .executeTakeFirst();
  return row && toEvent(row);
}

export interface MarketRow {
  readonly marketId: string;
  readonly eventId: number;
  readonly marketType: Exclude<MarketType, 'FANCY'>;
  readonly name: string;
  readonly minStake: number;
  readonly maxStake: number;
  readonly isClosed: boolean;
  readonly operatorSuspended: boolean;
  readonly eventStatus: 'upcoming' | 'inplay' | 'closed';
  readonly betLocked: boolean;
  readonly runners: readonly { readonly selectionId: number; readonly name: string }[];
}

/** Markets by id or by event, with their runners in order and what suspends them besides the feed. */
export async function findMarkets(
  db: Db,
  by: { readonly marketIds: readonly string[] } | { readonly eventId: number },
): Promise<MarketRow[]> {
  let query = db
    .selectFrom('markets')
    .innerJoin('events', 'events.id', 'markets.event_id')
    .leftJoin('runners', 'runners.market_id', 'markets.id')
    .select([
      'markets.id',
      'markets.event_id',
      'markets.market_type',
      'markets.name',
      'markets.min_stake',
      'markets.max_stake',
      'markets.status',
      'markets.operator_suspended',
      'events.status as event_status',
      'events.bet_locked',
      'runners.selection_id',
      'runners.name as runner_name',
    ]);
  query =
    'marketIds' in by
      ? query.where('markets.id', 'in', by.marketIds.length > 0 ? [...by.marketIds] : [''])
      : query.where('markets.event_id', '=', String(by.eventId));
  const rows = await query
    .orderBy('markets.created_at')
    .orderBy('markets.id')
    .orderBy('runners.sort_priority')
    .execute();
  const markets = new Map<
    string,
    MarketRow & { runners: { selectionId: number; name: string }[] }
  >();
  for (const row of rows) {
    let market = markets.get(row.id);
    if (!market) {
      market = {
        marketId: row.id,
        eventId: Number(row.event_id),
        marketType: row.market_type,
        name: row.name,
        minStake: row.min_stake,
        maxStake: row.max_stake,
        isClosed: row.status === 'CLOSED',
        operatorSuspended: row.operator_suspended,
        eventStatus: row.event_status,
        betLocked: row.bet_locked,
        runners: [],
      };
      markets.set(row.id, market);
    }
    if (row.selection_id !== null && row.runner_name !== null) {
      market.runners.push({ selectionId: Number(row.selection_id), name: row.runner_name });
    }
  }
  return [...markets.values()];
}

export async function fancyNames(db: Db, eventId: number): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('fancy_runners')
    .select(['selection_id', 'name'])
    .where('event_id', '=', String(eventId))
    .orderBy('sort_priority')
    .execute();
  return new Map(rows.map((row) => [row.selection_id, row.name]));
}

export interface CustomFancyRow {
  readonly selectionId: string;
  readonly runnerName: string;
  readonly isCustom: boolean;
  readonly isActive: boolean;
  readonly backPrice: number;
  readonly backSize: number;
  readonly layPrice: number;
  readonly laySize: number;
  readonly gameStatus: string;
  readonly min: number;
  readonly max: number;
}

export async function customFancyRows(
  db: Db,
  eventId: number,
  which: 'custom' | 'active',
): Promise<CustomFancyRow[]> {
  const rows = await db
    .selectFrom('custom_fancy')
    .selectAll()
    .where('event_id', '=', String(eventId))
    .where(which === 'custom' ? 'is_custom' : 'is_active', '=', true)
    .orderBy('selection_id')
    .execute();
  return rows.map((row) => ({
    selectionId: row.selection_id,
    runnerName: row.runner_name,
    isCustom: row.is_custom,
    isActive: row.is_active,
    backPrice: row.back_price,
    backSize: row.back_size,
    layPrice: row.lay_price,
    laySize: row.lay_size,
    gameStatus: row.game_status,
    min: row.min_stake,
    max: row.max_stake,
  }));
}

export interface CustomBookmakerRow {
  readonly marketId: string;
  readonly selectionId: number;
  readonly runnerName: string;
  readonly isCustom: boolean;
  readonly isActive: boolean;
  readonly status: string;
  readonly backPrice: number;
  readonly backSize: number;
  readonly layPrice: number;
  readonly laySize: number;
}

export async function customBookmakerRows(db: Db, marketId: string): Promise<CustomBookmakerRow[]> {
  const rows = await db
    .selectFrom('custom_bookmaker')
    .selectAll()
    .where('market_id', '=', marketId)
    .orderBy('selection_id')
    .execute();
  return rows.map((row) => ({
    marketId: row.market_id,
    selectionId: Number(row.selection_id),
    runnerName: row.runner_name,
    isCustom: row.is_custom,
    isActive: row.is_active,
    status: row.status,
    backPrice: row.back_price,
    backSize: row.back_size,
    layPrice: row.lay_price,
    laySize: row.lay_size,
  }));
}

/**
 * The event's markets and fancy sessions that have a result: declared by the feed, or settled,
 * voided or rolled back by an operator (no bets after it).
 */
export async function declaredTargets(db: Db, eventId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('result_declarations')
    .select('target')
    .where('event_id', '=', String(eventId))
    .union(db.selectFrom('settlements').select('target').where('event_id', '=', String(eventId)))
    .execute();
  return new Set(rows.map((row) => row.target));
}

import type { Db } from '../../db/pool.js';
import type { CustomBookmakerBody, CustomFancyBody } from '@backlay/contract/ops';

export async function setEventLock(db: Db, eventId: number, locked: boolean): Promise<boolean> {
  const result = await db
    .updateTable('events')
    .set({ bet_locked: locked })
    .where('id', '=', String(eventId))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setMarketSuspended(
  db: Db,
  marketId: string,
  suspended: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('markets')
    .set({ operator_suspended: suspended })
    .where('id', '=', marketId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
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

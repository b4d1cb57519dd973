import { assertNever } from '@backlay/domain';
import type { Db, Tx } from '../db/pool.js';
import type {
  EventSource,
  EventStatus,
  FeedEventSpec,
  FeedRunnerSpec,
  ResultDeclaration,
} from './types.js';

/**
 * Writes an event with its markets, runners and fancy sessions; an event already known is kept,
 * and markets it did not have yet are added (Betfair names an event's markets one by one).
 */
export async function insertEvent(
  tx: Tx,
  event: FeedEventSpec,
  source: EventSource,
  at: Date,
): Promise<boolean> {
  const inserted = await tx
    .insertInto('events')
    .values({
      id: event.eventId,
      sport_id: event.sportId,
      series_name: event.seriesName,
      name: event.name,
      start_time: event.startTime,
      source,
      session_min_stake: event.sessionMinStake,
      session_max_stake: event.sessionMaxStake,
      created_at: at,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  for (const market of event.markets) {
    const added = await tx
      .insertInto('markets')
      .values({
        id: market.marketId,
        event_id: event.eventId,
        market_type: market.marketType,
        name: market.name,
        min_stake: market.minStake,
        max_stake: market.maxStake,
        created_at: at,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (added && market.runners.length > 0) {
      await tx
        .insertInto('runners')
        .values(
          market.runners.map((runner, index) => ({
            market_id: market.marketId,
            selection_id: runner.selectionId,
            name: runner.name,
            sort_priority: index,
          })),
        )
        .execute();
    }
  }
  if (inserted && event.fancy.length > 0) {
    await tx
      .insertInto('fancy_runners')
      .values(
        event.fancy.map((row, index) => ({
          selection_id: row.selectionId,
          event_id: event.eventId,
          name: row.name,
          sort_priority: index,
          created_at: at,
        })),
      )
      .onConflict((oc) => oc.column('selection_id').doNothing())
      .execute();
  }
  return inserted !== undefined;
}

export async function setEventStatus(db: Db, eventId: number, status: EventStatus): Promise<void> {
  await db.updateTable('events').set({ status }).where('id', '=', String(eventId)).execute();
}

export async function closeMarket(db: Db, marketId: string): Promise<void> {
  await db.updateTable('markets').set({ status: 'CLOSED' }).where('id', '=', marketId).execute();
}

/** Records a declaration unless one exists for the target already (the first one wins). */
export async function insertDeclaration(
  db: Db,
  declaration: ResultDeclaration,
  eventId: number,
  source: string,
  at: Date,
): Promise<boolean> {
  const common = { event_id: eventId, source, declared_at: at, kind: declaration.kind };
  const values = (() => {
    switch (declaration.kind) {
      case 'market':
        return {
          ...common,
          target: declaration.marketId,
          winner_selection_id: declaration.winnerSelectionId,
        };
      case 'fancy':
        return { ...common, target: declaration.selectionId, runs: declaration.runs };
      case 'void-market':
        return { ...common, target: declaration.marketId, reason: declaration.reason };
      case 'void-fancy':
        return { ...common, target: declaration.selectionId, reason: declaration.reason };
      default: {
        return assertNever(declaration, 'result declaration');
      }
    }
  })();
  const row = await db
    .insertInto('result_declarations')
    .values(values)
    .onConflict((oc) => oc.column('target').doNothing())
    .returning('target')
    .executeTakeFirst();
  return row !== undefined;
}

/** Market id → event id of every market not closed, to register with a fresh PriceBook. */
/** The open markets of the events not closed, each with its runners' names (the PriceBook pairs by them). */
export async function openMarkets(
  db: Db,
): Promise<{ marketId: string; eventId: number; marketType: string; runners: FeedRunnerSpec[] }[]> {
  const rows = await db
    .selectFrom('markets')
    .innerJoin('events', 'events.id', 'markets.event_id')
    .leftJoin('runners', 'runners.market_id', 'markets.id')
    .select([
      'markets.id',
      'markets.event_id',
      'markets.market_type',
      'runners.selection_id',
      'runners.name',
    ])
    .where('markets.status', '=', 'OPEN')
    .where('events.status', '<>', 'closed')
    .orderBy('markets.id')
    .orderBy('runners.sort_priority')
    .execute();
  const markets = new Map<
    string,
    { marketId: string; eventId: number; marketType: string; runners: FeedRunnerSpec[] }
  >();
  for (const row of rows) {
    let market = markets.get(row.id);
    if (!market) {
      market = {
        marketId: row.id,
        eventId: Number(row.event_id),
        marketType: row.market_type,
        runners: [],
      };
      markets.set(row.id, market);
    }
    if (row.selection_id !== null && row.name !== null)
      market.runners.push({ selectionId: Number(row.selection_id), name: row.name });
  }
  return [...markets.values()];
}

export async function eventIdOfMarket(db: Db, marketId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('markets')
    .select('event_id')
    .where('id', '=', marketId)
    .executeTakeFirst();
  return row ? Number(row.event_id) : undefined;
}

export async function eventIdOfFancy(db: Db, selectionId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('fancy_runners')
    .select('event_id')
    .where('selection_id', '=', selectionId)
    .executeTakeFirst();
  return row ? Number(row.event_id) : undefined;
}

export async function loadState(db: Db, name: string): Promise<unknown> {
  const row = await db
    .selectFrom('feed_state')
    .select('state')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.state;
}

export async function saveState(db: Db, name: string, state: unknown, at: Date): Promise<void> {
  const json = JSON.stringify(state);
  await db
    .insertInto('feed_state')
    .values({ name, state: json, updated_at: at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ state: json, updated_at: at }))
    .execute();
}

/** Scripted events take ids from 90000001 up, apart from the simulator's. */
export const SCRIPTED_FIRST_EVENT_ID = 90_000_001;

export async function nextScriptedEventId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('id').as('max'))
    .where('id', '>=', String(SCRIPTED_FIRST_EVENT_ID))
    .executeTakeFirst();
  return row?.max ? Number(row.max) + 1 : SCRIPTED_FIRST_EVENT_ID;
}
